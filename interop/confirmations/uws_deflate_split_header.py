"""A second, independent look at two uWebSockets permessage-deflate findings, with nothing of
maskcheck's: a raw socket, Python's zlib, and a pause between writes so each is its own read.
Usage: python3 uws_deflate_split_header.py PORT     (an echo server with permessage-deflate on
127.0.0.1:PORT). Prints one line per check: "echoed" or what happened instead."""
import base64
import os
import random
import socket
import sys
import time
import zlib

PAUSE = 0.3  # seconds between writes: long enough for the server to read each on its own


def connect(port):
    s = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
               "Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(4096)
    assert b" 101 " in answer.split(b"\r\n")[0] and b"permessage-deflate" in answer, answer
    return s


def compressed_frame(text):
    """A masked text frame, FIN and RSV1 set, its payload the message deflated alone."""
    deflater = zlib.compressobj(wbits=-15)
    payload = (deflater.compress(text) + deflater.flush(zlib.Z_SYNC_FLUSH))[:-4]
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0xC1]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)), len(head) + 4


def echoes(s, expected):
    """How many frames came back before the time ran out or the server ended the connection."""
    s.settimeout(5)
    got = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return count(got), "then the server ended the connection"
            got += chunk
            if count(got) >= expected:
                return count(got), ""
    except socket.timeout:
        return count(got), "then nothing for 5 s"


def count(data):
    frames, at = 0, 0
    while at + 2 <= len(data):
        n = data[at + 1] & 127
        head = 2 + (2 if n == 126 else 8 if n == 127 else 0)
        if n >= 126 and at + head <= len(data):
            n = int.from_bytes(data[at + 2:at + head], "big")
        if at + head + n > len(data):
            break
        frames, at = frames + 1, at + head + n
    return frames


def check(port, name, writes, expected):
    s = connect(port)
    for piece in writes:
        s.sendall(piece)
        time.sleep(PAUSE)
    got, then = echoes(s, expected)
    print(f"{name}: " + ("echoed" if got == expected and not then else f"{got} of {expected} echoes, {then}"))
    s.close()


port = int(sys.argv[1])
# A compressed frame's 6-byte header alone in one read; its payload and a second frame in the next.
first, head = compressed_frame(b"hello")
second, _ = compressed_frame(b"hello again")
check(port, "header alone, then its payload and the next frame", [first[:head], first[head:] + second], 2)
# A read that ends 6 bytes into an 8-byte header (a compressed payload of 126 bytes or more).
letters = random.Random(1)
text = bytes(letters.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(400))
frame, head = compressed_frame(text)
assert head == 8
check(port, "a read ends 6 bytes into an 8-byte header", [frame[:6], frame[6:]], 1)
