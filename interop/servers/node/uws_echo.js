'use strict';
// Echo server over uWebSockets.js for `maskcheck wire`: node uws_echo.js FOLDER, the folder inside
// NODE_PATH that holds the package's addons. The addon is loaded by its own file name: a package's
// entry point may fall back to a JavaScript server built on ws if loading failed.
const folder = process.argv[2];
if (!folder) {
  console.error('usage: node uws_echo.js ADDON_FOLDER (e.g. @trufflesuite/uws-js-unofficial/dist)');
  process.exit(2);
}
const addon = `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`;
const uWS = require(`${folder}/${addon}`);

const maxMessage = 16 * 1024 * 1024;
// MASKCHECK_COUNT=1 (maskcheck throughput): binary messages are taken, not echoed; text still is.
const counting = process.env.MASKCHECK_COUNT === '1';
uWS.App()
  .ws('/*', {
    // MASKCHECK_DEFLATE=1: permessage-deflate, one compressor shared by the connections.
    compression: process.env.MASKCHECK_DEFLATE === '1' ? uWS.SHARED_COMPRESSOR : uWS.DISABLED,
    maxPayloadLength: maxMessage,
    // uWS drops a send (returns 2) once more than maxBackpressure bytes are queued, 64 KiB by
    // default: an echo would vanish. Room for many whole messages instead.
    maxBackpressure: 64 * maxMessage,
    // The server only answers: no idle close, no pings of its own in the client's stream.
    idleTimeout: 0,
    sendPingsAutomatically: false,
    message: (socket, message, isBinary) => {
      if (counting && isBinary) return;
      if (socket.send(message, isBinary) === 2) console.error('uws: echo dropped by backpressure');
    },
  })
  .listen('127.0.0.1', 0, (listenSocket) => {
    if (!listenSocket) {
      console.error('uws: cannot listen on 127.0.0.1');
      process.exit(1);
    }
    process.stdout.write(`listening ${uWS.us_socket_local_port(listenSocket)}\n`);
  });
