'use strict';
// Echo server over ws 8 for `maskcheck wire`. ws unmasks with bufferutil when it can load it, with
// its own JavaScript when the environment has WS_NO_BUFFER_UTIL=1.
require('./native_bufferutil.js');
const { WebSocketServer } = require('ws');

// MASKCHECK_COUNT=1 (maskcheck throughput): binary messages are taken, not echoed; text still is.
const counting = process.env.MASKCHECK_COUNT === '1';
const server = new WebSocketServer({
  host: '127.0.0.1',
  port: 0,
  // MASKCHECK_DEFLATE=1: permessage-deflate, every echo compressed (ws's default leaves those
  // under 1 KiB plain).
  perMessageDeflate: process.env.MASKCHECK_DEFLATE === '1' ? { threshold: 0 } : false,
  maxPayload: 16 * 1024 * 1024,
});
server.on('listening', () => process.stdout.write(`listening ${server.address().port}\n`));
server.on('connection', (socket) => {
  // A text message arrives as the Buffer of its bytes: sent back as they are, not re-encoded.
  socket.on('message', (data, isBinary) => {
    if (!(counting && isBinary)) socket.send(data, { binary: isBinary });
  });
  socket.on('error', () => {}); // a protocol error closes the connection; no need to log it
});
