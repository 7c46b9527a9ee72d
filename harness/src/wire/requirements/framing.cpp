// RFC 6455 section 5: masking, the frame's fields, fragmentation, control frames, data frames.
#include "wire/requirements/sections.h"

namespace maskcheck::wire {

namespace {

constexpr std::string_view kCutIntoThreeReads =
    "one frame cut into three writes at every pair of cuts, each write its own read";

constexpr Requirement kFramingRows[] = {
    {"fuzz", "6455", "5", Level::must,
     "answer any stream of frames, valid or not, as the reference decoder reads it",
     "seed streams with one to four structure-aware changes and up to eight cuts, each case on a "
     "new connection"},
    {"stream:error-unmasked-frame-*", "6455", "5.1", Level::must,
     "a server closes the connection on a client frame that is not masked",
     "an unmasked text frame, alone and followed by four more bytes"},
    {"split", "6455", "5.2", Level::must,
     "read a masked frame in each length form (7, 16 and 64 bits: 6, 8 and 14 header bytes) "
     "whatever reads deliver it, and unmask it with its key",
     kCutIntoThreeReads},
    {"stream:every-length-*", "6455", "5.2", Level::must,
     "read frames of every payload length back to back",
     "binary frames of 0 to 299 and 65535 to 70001 bytes, each followed by a ping, in one read, "
     "1021-byte reads and 64 KiB reads"},
    {"stream:large-frame-*", "6455", "5.2", Level::must,
     "read a frame larger than a 512 KiB receive buffer", "one large frame in 512 KiB reads"},
    {"stream:frame-16m-plus-1-*", "6455", "5.2", Level::must,
     "read a frame with a 64-bit length, 16 MiB + 1 bytes",
     "in one read, and in 512 KiB reads with 7-byte reads at their edges"},
    {"stream:message-then-frame-cut-inside-payload", "6455", "5.2", Level::must,
     "echo a whole message even when the stream stops inside the next frame's payload",
     "a message, then a frame whose payload is cut short"},
    {"stream:error-reserved-bits-*", "6455", "5.2", Level::must,
     "fail the connection on a reserved bit no extension defines",
     "a text frame with RSV1, RSV2, RSV3 or two of them set; RSV1 and RSV3, or RSV1 and RSV2, on a "
     "binary frame; RSV1 and RSV2 on a ping; all three on a close"},
    {"stream:error-reserved-opcode-*", "6455", "5.2", Level::must,
     "fail the connection on an opcode the RFC reserves",
     "a frame with each reserved opcode: 3 to 7 with a payload, 11 to 15 empty"},
    {"stream:error-length-top-bit-set-*", "6455", "5.2", Level::must,
     "fail the connection on a 64-bit length whose most significant bit is set",
     "a binary frame declaring 2^63 + 2^56 bytes"},
    {"stream:fragmented-with-controls-*", "6455", "5.4", Level::must,
     "answer control frames that come between a message's fragments, and put the message together",
     "a fragmented message with pings between its fragments, in one read, byte by byte and in "
     "7-byte reads"},
    {"stream:error-continuation-without-message-*", "6455", "5.4", Level::must,
     "fail the connection on a continuation frame with no message to continue",
     "a final continuation frame first"},
    {"stream:error-continuation-not-final-without-message-*", "6455", "5.4", Level::must,
     "fail the connection on a continuation frame with no message to continue, final or not",
     "a continuation frame without FIN first"},
    {"stream:error-continuation-after-message-ended-*", "6455", "5.4", Level::must,
     "fail the connection on a continuation frame after its message has ended",
     "a message in two fragments, then a third fragment"},
    {"stream:error-data-frame-inside-message-*", "6455", "5.4", Level::must,
     "fail the connection on a new text frame while a fragmented message is open",
     "a first fragment, then a text frame"},
    {"stream:error-binary-frame-inside-message-*", "6455", "5.4", Level::must,
     "fail the connection on a new binary frame while a fragmented message is open",
     "a first fragment, then a binary frame"},
    {"stream:error-control-frame-too-long-*", "6455", "5.5", Level::must,
     "fail the connection on a control frame with more than 125 payload bytes",
     "a ping of 126 bytes"},
    {"stream:error-control-frame-fragmented-*", "6455", "5.5", Level::must,
     "fail the connection on a fragmented control frame", "a ping without FIN"},
    {"stream:error-close-payload-one-byte-*", "6455", "5.5.1", Level::must,
     "fail the connection on a close body too short to hold a status code",
     "a close frame with one payload byte"},
    {"client:ping-inside-echo", "6455", "5.5.2", Level::must,
     "answer a ping with a pong of the same payload, even while echoing a long message",
     "a ping written while the client is still sending its echo"},
    {"client:ping-between-fragments", "6455", "5.4", Level::must,
     "answer a ping that comes between a message's fragments, and echo the message whole",
     "a fragmented text message with a ping between its fragments"},
    {"client:split", "6455", "5.2", Level::must,
     "read an unmasked server frame in each length form (2, 4 and 10 header bytes) whatever "
     "reads deliver it",
     kCutIntoThreeReads},
    {"client:fresh-keys", "6455", "5.3", Level::must,
     "mask every frame with a fresh key no one can predict: not one key twice in a row, not the "
     "same keys in every process, not the handshake's nonce (10.3)",
     "the client started twice; the keys of both runs compared"},
    {"stream:text-every-length-*", "6455", "5.6", Level::must,
     "echo text messages of every length, and answer pings of every control frame length with "
     "the same payload (5.5.2)",
     "ASCII text frames of 0 to 299 and 65535 to 70001 bytes, each followed by a ping of 0 to 125 "
     "bytes, in one read and in 997-byte reads"},
    {"client:binary", "6455", "5.6", Level::must,
     "echo a binary message of each length, masked (5.3)", "one binary message"},
    {"client:text", "6455", "5.6", Level::must, "echo a text message of each length, masked (5.3)",
     "one text message"},
    {"client:fuzz", "6455", "5", Level::must,
     "answer fuzzed sequences of messages, fragments and pings as the reference expects: every "
     "echo and every pong",
     "sequences made from a seed and an index, the same every time"},
};

}  // namespace

std::span<const Requirement> framing_requirements() {
  return kFramingRows;
}

}  // namespace maskcheck::wire
