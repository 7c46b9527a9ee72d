// Echo client over the WebSocket API, for maskcheck wire --client: ws 8 under Node.js (masking
// with bufferutil's native code, or under WS_NO_BUFFER_UTIL=1 with ws's own JavaScript), or Bun's
// own client under Bun.
'use strict';

if (!process.versions.bun) require('../../servers/node/native_bufferutil.js');
const WebSocket = process.versions.bun ? globalThis.WebSocket : require('ws');
// Both offer permessage-deflate unless told not to; here they do only under MASKCHECK_DEFLATE=1,
// and ws then compresses every message (its default leaves those under 1 KiB plain).
const compress = process.env.MASKCHECK_DEFLATE === '1';
const options = process.versions.bun
  ? { perMessageDeflate: compress }
  : { perMessageDeflate: compress && { threshold: 0 }, maxPayload: 0 };
const socket = new WebSocket(process.env.MASKCHECK_URL, options);
socket.binaryType = 'arraybuffer';
// A text message arrives as a string and goes back as one; binary as an ArrayBuffer.
socket.onmessage = (event) => socket.send(event.data);
socket.onclose = () => process.exit(0);
socket.onerror = (event) => {
  console.error(`echo client: ${event.message ?? 'connection error'}`);
  process.exit(1);
};
