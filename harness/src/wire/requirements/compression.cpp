// RFC 7692: permessage-deflate, its negotiation and its compressed messages.
#include "wire/requirements/sections.h"

namespace maskcheck::wire {

namespace {

constexpr std::string_view kCompressedMessages =
    "compressed messages in one or three frames, cut at every pair of cuts";

constexpr Requirement kCompressionRows[] = {
    {"deflate:agreement", "7692", "7", Level::must,
     "answer the offer with parameters RFC 7692 allows: each at most once, and inside what was "
     "offered",
     "the handshake's offer, and the answer judged before any compressed case"},
    {"deflate", "7692", "7.2", Level::must,
     "inflate compressed messages (RSV1 on the first frame) with the agreed window and context "
     "takeover, and echo them byte for byte",
     kCompressedMessages},
    {"client:deflate", "7692", "7.2", Level::must,
     "inflate the server's compressed messages with the agreed window and context takeover, and "
     "echo them byte for byte",
     kCompressedMessages},
};

}  // namespace

std::span<const Requirement> compression_requirements() {
  return kCompressionRows;
}

}  // namespace maskcheck::wire
