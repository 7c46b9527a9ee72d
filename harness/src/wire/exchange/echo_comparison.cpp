#include "wire/exchange/echo_comparison.h"

#include <algorithm>

#include "kernels/hex_window.h"
#include "maskcheck/frame_parser_interface.h"
#include "streams/event_comparison.h"

namespace maskcheck::wire {

namespace {

std::string opcode_name(std::uint8_t code) {
  switch (code) {
    case opcode::text: return "text";
    case opcode::binary: return "binary";
    case opcode::close: return "close";
    case opcode::ping: return "ping";
    case opcode::pong: return "pong";
  }
  return "opcode " + std::to_string(code);
}

// "1 echo", "3 echoes", "2 pongs".
std::string replies_count(std::size_t count, bool pongs) {
  return std::to_string(count) +
         (pongs ? (count == 1 ? " pong" : " pongs") : (count == 1 ? " echo" : " echoes"));
}

std::string bytes_words(std::size_t count) {
  return std::to_string(count) + (count == 1 ? " byte" : " bytes");
}

std::string describe(const WireEvent& event) {
  return opcode_name(event.opcode) + " of " + bytes_words(event.payload.size());
}

std::string codes_words(const std::vector<std::uint16_t>& codes) {
  std::string words;
  for (std::uint16_t code : codes) {
    words += (words.empty() ? "" : " or ") +
             (code == kNoCode ? std::string("no code") : std::to_string(code));
  }
  return words;
}

bool allowed(const std::vector<std::uint16_t>& codes, std::optional<std::uint16_t> code) {
  return codes.empty() || std::ranges::find(codes, code.value_or(kNoCode)) != codes.end();
}

StreamFailure failure(const std::string& id, std::string headline, std::string detail = {}) {
  return {id, std::move(headline), std::move(detail)};
}

std::string close_words(const WireEvent& close) {
  const auto code = close_code(close);
  return code ? "code " + std::to_string(*code) : std::string("no code");
}

std::string finish_words(Finish finish) {
  switch (finish) {
    case Finish::fenced: return "kept the connection open";
    case Finish::closed: return "ended the connection";
    case Finish::reset: return "reset the connection";
    case Finish::timed_out: return "stopped answering";
  }
  return "?";
}

}  // namespace

std::optional<std::uint16_t> close_code(const WireEvent& close) {
  if (close.payload.size() < 2) return std::nullopt;
  return static_cast<std::uint16_t>(close.payload[0] << 8 | close.payload[1]);
}

namespace {

std::optional<StreamFailure> first_difference(const WireExpectation& expected,
                                              const WireObservation& observed,
                                              const std::string& id, const std::string& peer) {
  if (observed.violation) return failure(id, *observed.violation);
  // Echoes and pongs each in order; a pong may overtake an echo (servers answer a ping as they
  // read it and echo a message later), and nothing may follow the server's close.
  const WireEvent* close = nullptr;
  for (const WireEvent& event : observed.events) {
    if (close) {
      return failure(id, peer + " sent a " + describe(event) + " after its close frame");
    }
    if (event.opcode == opcode::close) close = &event;
  }
  for (const bool pongs : {false, true}) {
    const char* what = pongs ? "pong" : "echo";
    const auto of_kind = [&](const WireEvent& event) {
      return event.opcode != opcode::close && (event.opcode == opcode::pong) == pongs;
    };
    std::vector<const WireEvent*> got;
    std::vector<const WireEvent*> want;
    for (const WireEvent& event : observed.events) {
      if (of_kind(event)) got.push_back(&event);
    }
    for (const WireEvent& event : expected.events) {
      if (of_kind(event)) want.push_back(&event);
    }
    for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
      const std::string name = std::string(what) + " " + std::to_string(i);
      if (got[i]->opcode != want[i]->opcode) {
        return failure(id, name + ": " + peer + " sent a " + describe(*got[i]) +
                               "; the reference expects a " + describe(*want[i]));
      }
      if (got[i]->payload != want[i]->payload) {
        const auto first = static_cast<std::size_t>(
            std::ranges::mismatch(got[i]->payload, want[i]->payload).in1 - got[i]->payload.begin());
        return failure(id,
                       name + " (" + opcode_name(want[i]->opcode) +
                           "): payload differs from the reference first at byte " +
                           std::to_string(first) + " (" + bytes_words(got[i]->payload.size()) +
                           " sent back, " + std::to_string(want[i]->payload.size()) + " expected)",
                       hex_window(want[i]->payload, got[i]->payload, first,
                                  [](std::size_t at) { return "payload+" + std::to_string(at); }));
      }
    }
    if (got.size() > want.size()) {
      return failure(id, peer + " sent " + replies_count(got.size(), pongs) +
                             "; the reference expects " + std::to_string(want.size()) +
                             " (the first extra: a " + describe(*got[want.size()]) + ")");
    }
    const bool lost_at_close =
        expected.may_lose_last_replies && observed.finish != Finish::timed_out;
    if (got.size() < want.size() && !lost_at_close) {
      return failure(id, peer + " sent " + std::to_string(got.size()) + " of the " +
                             replies_count(want.size(), pongs) + " the reference expects and " +
                             finish_words(observed.finish) + " (next: a " +
                             describe(*want[got.size()]) + ")");
    }
  }
  if (close && expected.ending == Ending::open) {
    return failure(
        id, "every frame was whole and valid, but " + peer + " closed with " + close_words(*close));
  }
  switch (expected.ending) {
    case Ending::open:
      if (observed.finish == Finish::fenced) return std::nullopt;
      return failure(id, "every frame was whole and valid, but " + peer + " " +
                             finish_words(observed.finish) + " without a close frame");
    case Ending::unfinished:
      if (observed.finish == Finish::timed_out) return failure(id, peer + " stopped answering");
      return std::nullopt;  // a close, with any code, or the end of the connection
    case Ending::client_close: {
      if (!close) {
        const std::string with = expected.close_codes.empty()
                                     ? std::string()
                                     : " with " + codes_words(expected.close_codes);
        return failure(id, "the client closed" + with +
                               ": the server sent no close frame, and it " +
                               finish_words(observed.finish));
      }
      const auto code = close_code(*close);
      if (expected.empty_close_allowed && !code) return std::nullopt;
      if (allowed(expected.close_codes, code)) return std::nullopt;
      return failure(id, "the server answered the client's close with " + close_words(*close) +
                             "; its policy: " + codes_words(expected.close_codes));
    }
    case Ending::error: {
      if (!close) {
        if (expected.may_drop && observed.finish != Finish::timed_out) return std::nullopt;
        return failure(id, "the stream has a protocol error (" + expected.error_words +
                               "): the server should close with " +
                               codes_words(expected.close_codes) + ", but it " +
                               finish_words(observed.finish) + " without a close frame");
      }
      const auto code = close_code(*close);
      if (allowed(expected.close_codes, code)) return std::nullopt;
      return failure(id, "the stream has a protocol error (" + expected.error_words +
                             "): the server closed with " + close_words(*close) +
                             ", its policy says " + codes_words(expected.close_codes));
    }
  }
  return std::nullopt;
}

// "the server sent: text of 206 bytes, pong of 125 bytes, close with code 1000; then it ended the
// connection without a close frame": what came back, in order, for every report.
std::string replies_words(const WireObservation& observed, const std::string& peer) {
  std::string words;
  for (const WireEvent& event : observed.events) {
    words += words.empty() ? "" : ", ";
    words += event.opcode == opcode::close ? "close with " + close_words(event) : describe(event);
  }
  return "  " + peer + " sent: " + (words.empty() ? std::string("nothing") : words) + "; then it " +
         finish_words(observed.finish) + "\n";
}

}  // namespace

std::optional<StreamFailure> compare_wire(const WireExpectation& expected,
                                          const WireObservation& observed, const std::string& id,
                                          Sender sender) {
  const std::string peer = sender == Sender::client ? "the client" : "the server";
  std::optional<StreamFailure> found = first_difference(expected, observed, id, peer);
  if (found) found->detail = replies_words(observed, peer) + found->detail;
  return found;
}

}  // namespace maskcheck::wire
