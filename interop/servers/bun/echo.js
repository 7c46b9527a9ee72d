// Echo server over Bun.serve for `maskcheck wire`.
const maxMessage = 16 * 1024 * 1024;
// MASKCHECK_COUNT=1 (maskcheck throughput): binary messages are taken, not echoed; text still is.
const counting = process.env.MASKCHECK_COUNT === '1';
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request, server) {
    if (server.upgrade(request)) return undefined;
    return new Response('WebSocket only\n', { status: 426 });
  },
  websocket: {
    perMessageDeflate: process.env.MASKCHECK_DEFLATE === '1',  // permessage-deflate, on request
    maxPayloadLength: maxMessage,
    // Bun (uWebSockets inside) drops a send once backpressureLimit bytes are queued: an echo
    // would vanish. Room for many whole messages instead.
    backpressureLimit: 64 * maxMessage,
    closeOnBackpressureLimit: false,
    // The server only answers: no idle close, no pings of its own in the client's stream.
    idleTimeout: 0,
    sendPings: false,
    // A text message arrives as a string, a binary one as a Buffer: send() keeps the opcode. It
    // returns the bytes sent, or -1 when queued, so 0 means dropped only for a non-empty message.
    message(socket, message) {
      if (counting && typeof message !== 'string') return;
      if (socket.send(message) === 0 && message.length > 0) console.error('bun: echo dropped');
    },
  },
});
process.stdout.write(`listening ${server.port}\n`);
