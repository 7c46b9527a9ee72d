"""Planted bugs for maskcheck wire --deflate: Python websockets' echo server (interop/servers/python)
with one bug planted in its permessage-deflate, each breaking one thing maskcheck judges of a
compressed connection. Usage: broken_deflate_echo_server.py BUG ECHO_PY
  inflate-reset-per-fragment  a new inflate stream at every continuation frame (the key phase stays
                              right: the library unmasks), as a server inflating each frame alone
  window-bits-over-offer      answers server_max_window_bits=15 whatever the offer asked
  no-context-takeover-dropped leaves server_no_context_takeover out of its answer
  context-kept                answers server_no_context_takeover, and keeps its window anyway
  echo-flagged-not-compressed sets RSV1 on its echoes and sends them uncompressed"""

import dataclasses
import os
import runpy
import sys
import zlib

from websockets import frames
from websockets.extensions import permessage_deflate


class InflateResetPerFragment(permessage_deflate.PerMessageDeflate):
    def decode(self, frame, *, max_size=None):
        if frame.opcode is frames.OP_CONT and self.decode_cont_data:
            self.decoder = zlib.decompressobj(wbits=-self.remote_max_window_bits)
        return super().decode(frame, max_size=max_size)


class FlaggedNotCompressed(permessage_deflate.PerMessageDeflate):
    def encode(self, frame):
        if frame.opcode in frames.CTRL_OPCODES or frame.opcode is frames.OP_CONT:
            return frame
        return dataclasses.replace(frame, rsv1=True)


def answered(params, name, value):
    """The answer's parameters with NAME set to VALUE (None: left out)."""
    kept = [(key, given) for key, given in params if key != name]
    return kept + ([(name, value)] if value is not None else [])


def planted(bug):
    class Factory(permessage_deflate.ServerPerMessageDeflateFactory):
        def process_request_params(self, params, accepted_extensions):
            answer, extension = super().process_request_params(params, accepted_extensions)
            if bug == "inflate-reset-per-fragment":
                extension.__class__ = InflateResetPerFragment
            elif bug == "echo-flagged-not-compressed":
                extension.__class__ = FlaggedNotCompressed
            elif bug == "window-bits-over-offer":
                answer = answered(answer, "server_max_window_bits", "15")
            elif bug == "no-context-takeover-dropped":
                answer = answered(answer, "server_no_context_takeover", None)
            elif bug == "context-kept":
                extension.local_no_context_takeover = False
                extension.encoder = zlib.compressobj(wbits=-extension.local_max_window_bits,
                                                     **extension.compress_settings)
            return answer, extension
    return Factory


BUGS = ["inflate-reset-per-fragment", "window-bits-over-offer", "no-context-takeover-dropped",
        "context-kept", "echo-flagged-not-compressed"]
if len(sys.argv) != 3 or sys.argv[1] not in BUGS:
    print(f"usage: broken_deflate_echo_server.py {'|'.join(BUGS)} ECHO_PY", file=sys.stderr)
    sys.exit(2)
# The echo server given as the argument (echo.py), with this factory in place of the library's.
permessage_deflate.ServerPerMessageDeflateFactory = planted(sys.argv[1])
os.environ["MASKCHECK_DEFLATE"] = "1"
runpy.run_path(sys.argv[2], run_name="__main__")
