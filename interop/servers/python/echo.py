"""Echo server over Python websockets 10.4 (Debian's python3-websockets, asyncio) for maskcheck wire."""
# Not named websockets.py: the script's folder comes first on sys.path and would shadow the package.

import asyncio
import os

import websockets


# MASKCHECK_COUNT=1 (maskcheck throughput): binary messages are taken, not echoed; text still is.
COUNTING = os.environ.get("MASKCHECK_COUNT") == "1"
# MASKCHECK_DEFLATE=1: permessage-deflate with the library's defaults (12-bit windows both ways).
DEFLATE = os.environ.get("MASKCHECK_DEFLATE") == "1"


async def echo(websocket):
    # A text message arrives as str and goes back as str: valid UTF-8 round-trips byte for byte.
    try:
        async for message in websocket:
            if not (COUNTING and isinstance(message, bytes)):
                await websocket.send(message)
    except websockets.ConnectionClosed:
        pass  # the library has already closed the connection; no traceback on stderr per error case


async def main():
    async with websockets.serve(
        echo,
        "127.0.0.1",
        0,
        compression="deflate" if DEFLATE else None,  # the library's default is "deflate"
        max_size=16 * 1024 * 1024,
        ping_interval=None,  # no keepalive pings, so no ping timeout closes a slow connection
        ping_timeout=None,
    ) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"listening {port}", flush=True)
        await asyncio.Future()  # serve until SIGTERM, whose default action ends the process


asyncio.run(main())
