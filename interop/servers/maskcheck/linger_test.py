"""maskcheck's echo server ends a failed connection only after the client's stream ends: a client
that reads slowly, and is still writing when the server is done, still gets the echo before the
close. A server that closes while the client's bytes arrive resets the connection, and the reset
throws away the replies its kernel had not sent yet (seen as fuzzed cases that failed with
"the server sent nothing" under load and passed alone).
Usage: linger_test.py ECHO_SERVER"""
import os
import socket
import subprocess
import sys
import time

MESSAGE = 262144  # more than the client's small window: most of the echo waits in the server


def frame(first_byte, payload):
    key = os.urandom(4)
    n = len(payload)
    header = bytes([first_byte, 0x80 | 127]) + n.to_bytes(8, "big") if n > 0xFFFF else (
        bytes([first_byte, 0x80 | 126]) + n.to_bytes(2, "big") if n > 125 else
        bytes([first_byte, 0x80 | n]))
    return header + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def frames(data):
    """(opcode, payload length) of each whole frame the server sent (it does not mask)."""
    found, at = [], 0
    while at + 2 <= len(data):
        n, head = data[at + 1] & 0x7F, 2
        if n == 126:
            n, head = int.from_bytes(data[at + 2:at + 4], "big"), 4
        elif n == 127:
            n, head = int.from_bytes(data[at + 2:at + 10], "big"), 10
        if at + head + n > len(data):
            break
        found.append((data[at] & 0x0F, data[at + head:at + head + n]))
        at += head + n
    return found


def main(server):
    child = subprocess.Popen([server], stdout=subprocess.PIPE, text=True)
    try:
        port = int(child.stdout.readline().split()[1])
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: the window
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                     b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     b"Sec-WebSocket-Version: 13\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(1)
        # A message, then a frame with RSV1 set: the server echoes the one and fails on the other.
        sock.sendall(frame(0x82, bytes(MESSAGE)) + frame(0xC2, b"xx"))
        # Still writing while the server finishes, reading nothing: with a server that closes now,
        # some of these bytes land on a closed socket.
        for _ in range(10):
            time.sleep(0.1)
            try:
                sock.send(frame(0x82, bytes(1000)))
            except OSError:
                break
        sock.settimeout(10)
        data = b""
        try:
            while more := sock.recv(65536):
                data += more
        except (ConnectionResetError, socket.timeout) as error:
            print(f"the connection ended with {type(error).__name__} after {len(data)} bytes")
        got = [(opcode, len(payload)) for opcode, payload in frames(data)]
        want = [(2, MESSAGE), (8, 2)]
        if got[:2] != want:
            print(f"FAIL: the server sent {got}; a slow client is owed {want}: the echo, then the close")
            return 1
        print(f"ok: the echo of {MESSAGE} bytes and the close came whole to a slow client")
        return 0
    finally:
        child.kill()
        child.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
