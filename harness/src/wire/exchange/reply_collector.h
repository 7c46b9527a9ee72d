// Takes a peer's frames off the connection as they arrive until the caller has what it waits for.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "maskcheck/frame_parser_interface.h"
#include "wire/exchange/echo_comparison.h"
#include "wire/protocol/frame_reader.h"
#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

// Reads frames into `events` until `done(events)` says the replies are all in (Finish::fenced), or
// the connection ends, a frame the peer may not send comes (`violation`), or the deadline passes.
// The peer's own pings (keep-alive) are left out.
template <typename Done>
Finish collect_replies(TcpConnection& connection, FrameReader& reader,
                       std::vector<WireEvent>& events, std::optional<std::string>& violation,
                       Clock::time_point deadline, Done&& done) {
  std::vector<WireEvent> read;
  for (;;) {
    read.clear();
    violation = reader.read(connection.inbox(), read);
    for (WireEvent& event : read) {
      if (event.opcode != opcode::ping) events.push_back(std::move(event));
    }
    if (violation) return Finish::closed;
    if (done(events)) return Finish::fenced;
    switch (connection.receive(deadline)) {
      case Arrival::bytes: continue;
      case Arrival::closed: return Finish::closed;  // what came before it is read above
      case Arrival::reset: return Finish::reset;
      case Arrival::timed_out: return Finish::timed_out;
    }
  }
}

}  // namespace maskcheck::wire
