// An echo server over any parser maskcheck can run (its own on any kernel, a broken one from the
// tests, a plug-in): single-threaded, epoll, each connection reading into a 512 KiB receive buffer
// with the padding the parser declares on both sides, as the servers the parser checks stand for
// do. It sends back every message whole, answers pings, answers a close with its code, and closes
// with 1002 (1007 for UTF-8, 1009 for size) on a protocol error. So a parser, and the kernel under
// it, can be checked over real sockets too.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/kernel.h"
#include "core/parser.h"

namespace maskcheck::servers {

// A bug planted in the server's replies on purpose, each breaking one thing maskcheck wire judges
// (tests/planted/broken_echo_server.cpp serves them, and the servers suite shows each caught).
enum class PlantedReply {
  none,
  text_echoed_as_binary,      // how many echoes (the fence, a text, comes back as an extra binary)
  binary_echoed_as_text,      // an echo's opcode
  frames_masked,              // the mask bit of a server's frames
  frames_with_rsv2,           // reserved bits with no extension agreed
  text_echoed_with_opcode_3,  // a reserved opcode
  pong_not_final,             // a fragmented control frame
  echo_as_continuation,       // a continuation outside a message
  echo_in_two_first_frames,   // a message begun inside another
  pong_payload_dropped,       // a pong's payload
  ping_unanswered,            // a pong missing
  frame_after_close,          // a frame after the server's close
  close_answered_with_1000,   // the code a client's close is answered with
  close_unanswered,           // no close frame for the client's
  errors_closed_with_1000,    // the code a protocol error closes with
  errors_closed_without_frame,    // a protocol error ends the connection with no close frame
  fence_answered_with_close,      // a close while every frame is valid
  fence_answered_by_ending,       // the connection ended while every frame is valid
  fence_unanswered,               // the fence read and never echoed, the connection left open
  replies_lost_at_close,          // echoes queued before the client's close dropped
  replies_held_inside_a_frame,    // nothing sent while a frame is only partly read: a stream that
                                  // stops inside one never gets the replies it is owed
  partial_message_echoed_at_end,  // at the end of the client's stream, an open message echoed
};

struct PlantedReplyName {
  PlantedReply bug;
  std::string_view name;  // "text-echoed-as-binary"
};
std::span<const PlantedReplyName> planted_replies();

struct EchoServerOptions {
  const Parser* parser = nullptr;
  const Kernel* kernel = nullptr;  // nullptr if the parser takes none
  unsigned variant = 0;
  std::uint64_t max_message_size = std::uint64_t{16} << 20;
  bool counting = false;  // binary messages unmasked and dropped, not echoed (maskcheck throughput)
  // The end of the client's stream (it shut down its writing) leaves the connection open: the
  // server stops reading and closes only when the client does. (RFC 6455 leaves it to the server.)
  bool stays_open_after_end = false;
  PlantedReply planted = PlantedReply::none;
};

// Listens on 127.0.0.1 at a free port, prints "listening PORT", and serves until killed.
// Returns only if it cannot listen (with the exit status to use).
int run_echo_server(const EchoServerOptions& options);

}  // namespace maskcheck::servers
