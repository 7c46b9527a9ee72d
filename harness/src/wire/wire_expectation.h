// What an echo server must send back for a stream of client frames, from the reference decoder's
// reading of it under the server's declared policy: each whole text or binary message echoed, a
// pong for each ping, in order, up to the first close; then how the exchange must end. And the
// comparison of that with what the server did send.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "maskcheck/reference_frame_decoder.h"
#include "maskcheck/stream_differ.h"
#include "wire/server_frames.h"
#include "wire/server_policy.h"

namespace maskcheck::wire {

enum class Ending {
  open,          // every frame whole and no close: the connection goes on
  client_close,  // the stream closes: the server answers with a close
  error,         // a protocol error: the server closes with one of the codes, or may just drop
  unfinished,    // the stream stops inside a frame or a message: nothing more may come of it, but
                 // a close (with any code) or the end of the connection
};

struct WireExpectation {
  std::vector<ServerEvent> events;
  Ending ending = Ending::open;
  std::vector<std::uint16_t> close_codes;  // client_close, error: the codes allowed; empty: any
  bool empty_close_allowed = false;        // client_close: the client's close had no code
  bool may_drop = false;                   // error: the connection may end with no close frame
  bool may_lose_last_replies = false;      // not open: the policy's close_drops_pending_replies
  std::string error_words;                 // error: "reserved-bits or unmasked-frame"
};

// `stream` is what was decoded: an error in a frame the stream does not hold whole may wait.
WireExpectation expect_from(const reference::DecodeResult& decoded, const ServerPolicy& policy,
                            std::span<const std::uint8_t> stream);

// How the server's side of a case ended.
enum class Finish {
  fenced,     // the fence's pong came back: everything before it is the case's
  closed,     // a close frame came, or the connection ended
  reset,      // the connection was reset
  timed_out,  // the server stopped answering
};

struct WireObservation {
  std::vector<ServerEvent> events;  // server pings and the fence's pong left out
  Finish finish = Finish::fenced;
  std::optional<std::string> violation;  // a frame the server may not send
};

// The first way the observation falls short of the expectation: headline and detail.
std::optional<StreamFailure> compare_wire(const WireExpectation& expected,
                                          const WireObservation& observed,
                                          const std::string& case_id);

}  // namespace maskcheck::wire
