// What a peer under test must send back for what maskcheck sent it: each message echoed and a pong
// for each ping, in order, then how the exchange must end; and the comparison of that with what it
// did send. A server's expectation comes from the reference decoder under its policy
// (servers/server_expectation.h); a client's is what maskcheck asked it to echo.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "streams/stream_differ.h"
#include "wire/protocol/frame_reader.h"

namespace maskcheck::wire {

// In a list of close codes: a close frame with no code at all.
inline constexpr std::uint16_t kNoCode = 0;

enum class Ending {
  open,          // every frame whole and no close: the connection goes on
  client_close,  // the stream closes: the server answers with a close
  error,         // a protocol error: the server closes with one of the codes, or may just drop
  unfinished,    // the stream stops inside a frame or a message: nothing more may come of it, but
                 // a close (with any code) or the end of the connection
};

struct WireExpectation {
  std::vector<WireEvent> events;
  Ending ending = Ending::open;
  std::vector<std::uint16_t> close_codes;  // client_close, error: the codes allowed; empty: any
  bool empty_close_allowed = false;        // client_close: the client's close had no code
  bool may_drop = false;                   // error: the connection may end with no close frame
  bool may_lose_last_replies = false;      // not open: the policy's close_drops_pending_replies
  std::string error_words;                 // error: "reserved-bits or unmasked-frame"
};

// How the peer's side of a case ended.
enum class Finish {
  fenced,     // the fence's echo came back: everything before it is the case's
  closed,     // a close frame came, or the connection ended
  reset,      // the connection was reset
  timed_out,  // the peer stopped answering
};

struct WireObservation {
  std::vector<WireEvent> events;  // the peer's own pings and the fence's echo left out
  Finish finish = Finish::fenced;
  std::optional<std::string> violation;  // a frame the peer may not send
};

// The first way the observation falls short of the expectation: headline and detail.
std::optional<StreamFailure> compare_wire(const WireExpectation& expected,
                                          const WireObservation& observed,
                                          const std::string& case_id,
                                          Sender sender = Sender::server);

// A close frame's code, if it has one.
std::optional<std::uint16_t> close_code(const WireEvent& close);

}  // namespace maskcheck::wire
