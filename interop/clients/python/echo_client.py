"""Echo client over Python websockets 10.4 (Debian's python3-websockets, asyncio) for maskcheck wire."""
# Not named websockets.py: the script's folder comes first on sys.path and would shadow the package.

import asyncio
import os

import websockets

# MASKCHECK_DEFLATE=1: permessage-deflate with the library's defaults.
DEFLATE = os.environ.get("MASKCHECK_DEFLATE") == "1"


async def main():
    async with websockets.connect(
        os.environ["MASKCHECK_URL"],
        compression="deflate" if DEFLATE else None,  # the library's default is "deflate"
        max_size=None,  # the cases go past a MiB; the default limit is 1 MiB
        ping_interval=None,  # no keepalive pings of its own
        ping_timeout=None,
    ) as websocket:
        # A text message arrives as str and goes back as str: valid UTF-8 round-trips byte for byte.
        try:
            async for message in websocket:
                await websocket.send(message)
        except websockets.ConnectionClosed:
            pass  # the library has answered the close already


asyncio.run(main())
