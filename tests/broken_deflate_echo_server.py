"""A planted bug for maskcheck wire --deflate: Python websockets' echo server (interop/servers/python)
whose permessage-deflate keeps the key phase right (the library unmasks) but starts a new inflate
stream at every continuation frame, as a server that inflates each frame on its own would."""

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


class Factory(permessage_deflate.ServerPerMessageDeflateFactory):
    def process_request_params(self, params, accepted_extensions):
        answer, extension = super().process_request_params(params, accepted_extensions)
        extension.__class__ = InflateResetPerFragment
        return answer, extension


# The echo server given as the argument (echo.py), with this factory in place of the library's.
permessage_deflate.ServerPerMessageDeflateFactory = Factory
os.environ["MASKCHECK_DEFLATE"] = "1"
runpy.run_path(sys.argv[1], run_name="__main__")
