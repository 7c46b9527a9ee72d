#!/usr/bin/env python3
"""Replays one failing case of `maskcheck wire` against a WebSocket server, with nothing but Python 3:
it opens a connection, writes the case's bytes in the pieces maskcheck wrote, and prints what the
server sent back beside what the server owes (RFC 6455 read byte by byte, under the server's
policy). Exit 1 when they differ, 0 when they agree, 2 when the server cannot be reached.
Usage: python3 THIS_FILE [ws://HOST:PORT/PATH]  (default: the URL the case failed on)"""
import base64
import hashlib
import json
import os
import socket
import sys
import time
import urllib.parse
import zlib

CASE = None  # the case, written in by maskcheck

# maskcheck proves each piece was a read of its own with the kernel's socket counters; a script
# can only wait, so it pauses between pieces, which makes separate reads likely, not certain.
PAUSE = 0.05
WAIT = 5.0  # the longest wait for the server's answer
NAMES = {0: "continuation", 1: "text", 2: "binary", 8: "close", 9: "ping", 10: "pong"}


def connect(url):
    parts = urllib.parse.urlsplit(url)
    sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=WAIT)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
    if CASE["offer"]:
        request += f"Sec-WebSocket-Extensions: {CASE['offer']}\r\n"
    sock.sendall((request + "\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        more = sock.recv(4096)
        if not more:
            raise ConnectionError("the server ended the connection during the handshake")
        answer += more
    head, rest = answer.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    if " 101 " not in lines[0] + " ":
        raise ConnectionError(f"the server answered the handshake with: {lines[0]}")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    accept = base64.b64encode(hashlib.sha1(
        (key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
    if headers.get("sec-websocket-accept") != accept:
        raise ConnectionError("the server's Sec-WebSocket-Accept is wrong")
    return sock, rest, headers.get("sec-websocket-extensions", "")


def inflater_for(extensions):
    """The server's messages' inflater, or None without permessage-deflate."""
    if "permessage-deflate" not in extensions:
        return None
    words = [word.strip() for word in extensions.split(";")]
    bits = 15
    for word in words:
        if word.startswith("server_max_window_bits="):
            bits = int(word.split("=")[1])
    fresh = "server_no_context_takeover" in words
    state = {"inflater": zlib.decompressobj(-bits)}

    def inflate(payload):
        if fresh:
            state["inflater"] = zlib.decompressobj(-bits)
        return state["inflater"].decompress(payload + b"\x00\x00\xff\xff")
    return inflate


class Replies:
    """The server's frames, as events: whole messages, controls, and how the connection ended."""

    def __init__(self, sock, first, inflate):
        self.sock, self.buffer, self.inflate = sock, first, inflate
        self.events, self.ended = [], None
        self.message, self.opcode, self.compressed = b"", None, False

    def read(self, until):
        deadline = time.monotonic() + WAIT
        while not self.ended and not until(self.events):
            while self.frame():
                if until(self.events):
                    return
            left = deadline - time.monotonic()
            if left <= 0:
                self.ended = "stopped answering"
                return
            self.sock.settimeout(left)
            try:
                more = self.sock.recv(65536)
            except socket.timeout:
                continue
            except ConnectionResetError:
                self.ended = "reset the connection"
                return
            if not more:
                self.ended = "ended the connection"
                return
            self.buffer += more

    def frame(self):
        """Takes one whole frame off the buffer; False when none is whole yet."""
        data = self.buffer
        if len(data) < 2:
            return False
        first, length, at = data[0], data[1] & 0x7F, 2
        if length == 126:
            if len(data) < 4:
                return False
            length, at = int.from_bytes(data[2:4], "big"), 4
        elif length == 127:
            if len(data) < 10:
                return False
            length, at = int.from_bytes(data[2:10], "big"), 10
        if data[1] & 0x80:
            at += 4  # a server does not mask; this one did, and the payload is read as sent
        if len(data) < at + length:
            return False
        payload, self.buffer = data[at:at + length], data[at + length:]
        fin, opcode = first & 0x80, first & 0x0F
        if opcode >= 8:
            self.events.append((opcode, payload))
            return True
        if opcode != 0:
            self.opcode, self.message, self.compressed = opcode, b"", bool(first & 0x40)
        self.message += payload
        if fin:
            message = self.message
            if self.compressed and self.inflate:
                message = self.inflate(message)
            self.events.append((self.opcode, message))
        return True


def masked(opcode, payload):
    key = os.urandom(4)
    return (bytes([0x80 | opcode, 0x80 | len(payload)]) + key +
            bytes(b ^ key[i % 4] for i, b in enumerate(payload)))


def describe(event):
    opcode, payload = event
    if opcode == 8 and len(payload) >= 2:
        return f"close with code {int.from_bytes(payload[:2], 'big')}"
    shown = payload[:32].hex() + ("..." if len(payload) > 32 else "")
    return f"{NAMES.get(opcode, f'opcode {opcode}')} of {len(payload)} bytes ({shown})"


def verdict(expected, events, ended):
    """What differs from what the server owes, in one line each (none: it agrees)."""
    problems = []
    data = [e for e in events if e[0] in (1, 2)]
    pongs = [e for e in events if e[0] == 10]
    closes = [e for e in events if e[0] == 8]
    want_data = [(m["opcode"], bytes.fromhex(m["payload"])) for m in expected["messages"]
                 if m["opcode"] in (1, 2)]
    want_pongs = [(m["opcode"], bytes.fromhex(m["payload"])) for m in expected["messages"]
                  if m["opcode"] == 10]
    lenient = expected["ending"] != "open" and expected["may_lose_last_replies"]
    if data != want_data and not (lenient and want_data[:len(data)] == data):
        problems.append(f"it sent {len(data)} messages; the server owes {len(want_data)}"
                        + ("" if len(data) != len(want_data) else ", with other bytes"))
    if pongs != want_pongs and not (lenient and want_pongs[:len(pongs)] == pongs):
        problems.append(f"it sent {len(pongs)} pongs; the server owes {len(want_pongs)}")
    ending = expected["ending"]
    if ending == "open" and (closes or ended):
        problems.append("it closed; every frame was whole and valid, so the connection goes on")
    if ending in ("client_close", "error"):
        code = int.from_bytes(closes[0][1][:2], "big") if closes and len(closes[0][1]) >= 2 else None
        if not closes and not (ending == "error" and expected["may_drop"]):
            problems.append("it sent no close frame")
        elif closes and expected["close_codes"] and code not in expected["close_codes"] and not (
                code is None and expected["empty_close_allowed"]):
            problems.append(f"it closed with code {code}; the server owes one of "
                            f"{expected['close_codes']}")
    return problems


def main():
    url = sys.argv[1] if len(sys.argv) > 1 else CASE["url"]
    print(f"case {CASE['case']}")
    print(f"  breaks {CASE['requirement']}")
    print(f"  maskcheck saw: {CASE['headline']}")
    try:
        sock, first, extensions = connect(url)
    except (OSError, ConnectionError) as error:
        print(f"cannot check {url}: {error}")
        return 2
    replies = Replies(sock, first, inflater_for(extensions))
    pieces = [bytes.fromhex(piece) for piece in CASE["pieces"]]
    print(f"writing {sum(map(len, pieces))} bytes in {len(pieces)} "
          f"{'piece' if len(pieces) == 1 else 'pieces'}, {int(PAUSE * 1000)} ms apart")
    for piece in pieces:
        try:
            sock.sendall(piece)
        except OSError:
            break  # the server ended the connection: what it sent before still counts
        time.sleep(PAUSE)
    expected = CASE["expected"]
    owed = len(expected["messages"])
    if expected["ending"] == "open":
        fence = b"maskcheck repro fence"
        sock.sendall(masked(1, fence))
        replies.read(lambda events: events and events[-1] == (1, fence))
        if replies.events and replies.events[-1] == (1, fence):
            replies.events.pop()
    else:
        replies.read(lambda events: any(e[0] == 8 for e in events) or len(events) > owed)
    sock.close()
    print("the server sent:")
    for event in replies.events:
        print(f"  {describe(event)}")
    if replies.ended:
        print(f"  then it {replies.ended}")
    elif not any(event[0] == 8 for event in replies.events):
        print("  then it kept the connection open")
    print("the server owes:")
    for message in expected["messages"]:
        print(f"  {describe((message['opcode'], bytes.fromhex(message['payload'])))}")
    print(f"  then: {expected['ending_words']}")
    problems = verdict(expected, replies.events, replies.ended)
    for problem in problems:
        print(f"DIFFERS: {problem}")
    print("DIFFERS" if problems else "AGREES: the server sent what it owes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
