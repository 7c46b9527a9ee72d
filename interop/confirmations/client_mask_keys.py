"""A second, independent look at a client's mask keys, with nothing of maskcheck's: a raw socket
as its server, the handshake answered by hand, one-byte binary messages sent for it to echo, and
the four-byte key of each echo read off the wire.
Usage: python3 client_mask_keys.py FRAMES COMMAND...   (COMMAND connects to $MASKCHECK_URL and
echoes). Prints how many distinct keys FRAMES frames had, the first frame whose key breaks a
16-frame period, and the frames masked with a word of the handshake's Sec-WebSocket-Key."""
import base64
import hashlib
import os
import socket
import subprocess
import sys

frames, command = int(sys.argv[1]), sys.argv[2:]
listener = socket.create_server(("127.0.0.1", 0))
port = listener.getsockname()[1]
client = subprocess.Popen(command, env=dict(os.environ, MASKCHECK_URL=f"ws://127.0.0.1:{port}/"))
connection, _ = listener.accept()
request = b""
while b"\r\n\r\n" not in request:
    request += connection.recv(4096)
key = next(line.split(b":", 1)[1].strip() for line in request.split(b"\r\n")
           if line.lower().startswith(b"sec-websocket-key:"))
accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
connection.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                   b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
nonce = base64.b64decode(key)
words = [nonce[i:i + 4] for i in range(0, 16, 4)]

keys, inbox = [], b""
for n in range(frames):
    connection.sendall(bytes([0x82, 1, n % 256]))
    while len(inbox) < 7:  # an echo of one byte: 2 header bytes, the key, the byte
        inbox += connection.recv(4096)
    keys.append(inbox[2:6])
    inbox = inbox[7:]
client.kill()

breaks = [i + 1 for i in range(16, frames) if keys[i] != keys[i - 16]]
print(f"{frames} frames, {len(set(keys))} distinct keys")
print(f"first frame breaking a 16-frame period: {breaks[0] if breaks else 'none'}")
print("frames masked with a word of the handshake's key:",
      [i + 1 for i, k in enumerate(keys) if k in words][:12] or "none")
