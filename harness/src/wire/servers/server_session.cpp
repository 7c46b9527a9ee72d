#include "wire/servers/server_session.h"

#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"
#include "wire/exchange/reply_collector.h"
#include "wire/protocol/opening_handshake.h"
#include "wire/servers/server_expectation.h"
#include "wire/transport/piece_writer.h"

namespace maskcheck::wire {

namespace {

// After an unfinished frame the server may close or keep waiting: this long for it to close.
constexpr auto kUnfinishedGrace = std::chrono::milliseconds(200);

Clock::time_point deadline_for(const ServerTarget& target, std::uint64_t bytes) {
  return Clock::now() + target.case_time + std::chrono::milliseconds(bytes / 20'000);
}

}  // namespace

std::vector<std::uint8_t> server_fence_payload(std::uint64_t number) {
  const std::string text = "maskcheck fence " + std::to_string(number);
  return {text.begin(), text.end()};
}

std::vector<std::uint8_t> server_fence_frame(std::span<const std::uint8_t> payload) {
  constexpr Key kFenceKey{0x5a, 0x17, 0xc3, 0x88};
  std::vector<std::uint8_t> frame;
  append_frame(frame, {kFin | opcode::text, payload, kFenceKey, 6});
  return frame;
}

std::shared_ptr<const reference::DecodeResult> DecodedStreams::get(const NamedStream& stream) {
  const std::lock_guard lock(mutex_);
  auto& made = made_[&stream];
  if (!made) {
    made = std::make_shared<const reference::DecodeResult>(
        reference::decode_stream(stream.bytes, policy_.decode_limits()));
  }
  return made;
}

ServerSession::ServerSession(const ServerTarget& target, DecodedStreams& streams)
    : target_(target), streams_(streams) {}

std::string ServerSession::connect(Clock::time_point deadline) {
  drop_connection();
  auto opened = TcpConnection::open(target_.url, deadline);
  if (auto* reason = std::get_if<std::string>(&opened)) return *reason;
  connection_.emplace(std::move(std::get<TcpConnection>(opened)));
  ++connections_;
  ++writes_;  // the handshake's request
  const std::string offer = target_.deflate ? target_.deflate->header() : std::string();
  std::string answered;
  if (std::string problem = open_websocket(*connection_, target_.url, deadline, offer, &answered);
      !problem.empty()) {
    drop_connection();
    return problem;
  }
  broken_answer_.clear();
  if (target_.deflate) {
    auto agreement = read_answer(*target_.deflate, answered);
    if (auto* reason = std::get_if<std::string>(&agreement)) {
      drop_connection();
      // A decline is a server without the extension; anything else breaks the rules.
      if (!answered.empty()) broken_answer_ = *reason;
      return *reason;
    }
    agreement_ = std::get<DeflateAgreement>(agreement);
    inflater_.emplace(agreement_->server, target_.policy.max_message_size);
    reader_.inflate_with(&*inflater_);
  }
  if (target_.barrier && !barrier_.server_side(*connection_)) {
    const std::string problem =
        "the read barrier cannot see the server's socket (" + barrier_.problem() + ")";
    drop_connection();
    return problem;
  }
  return {};
}

void ServerSession::drop_connection() {
  connection_.reset();
  reader_.reset();
  inflater_.reset();
  cases_on_connection_ = 0;
}

std::optional<StreamFailure> ServerSession::agreement_failure() const {
  if (broken_answer_.empty()) return std::nullopt;
  return StreamFailure{
      server_case_id(ServerCase{.agreement = true}), broken_answer_,
      "  RFC 7692 section 7.1: the server answers with one permessage-deflate, each parameter "
      "known and at most once, window bits 8 to 15 and no more than offered, "
      "client_max_window_bits only if offered, and everything the offer asked of the server\n"};
}

WireExpectation expected_replies(const ServerCase& c, const WireBytes& bytes,
                                 DecodedStreams& streams, const ServerPolicy& policy) {
  WireExpectation expected;
  if (bytes.messages) {
    expected.events = *bytes.messages;
    return expected;
  }
  std::shared_ptr<const reference::DecodeResult> decoded =
      c.stream ? streams.get(*c.stream)
               : std::make_shared<const reference::DecodeResult>(
                     reference::decode_stream(bytes.stream, policy.decode_limits()));
  return expect_from(*decoded, policy, bytes.stream);
}

std::optional<StreamFailure> ServerSession::run(const ServerCase& c) {
  const std::string id = server_case_id(c);
  if (c.agreement) {  // a handshake of its own: what its answer agrees is the case
    if (std::string problem = connect(deadline_for(target_, 0)); !problem.empty()) {
      if (auto failure = agreement_failure()) return failure;
      return StreamFailure{id, "the server is gone: " + problem, {}};
    }
    return std::nullopt;
  }
  const std::uint64_t before = connection_ ? cases_on_connection_ : 0;
  const std::string previous = last_case_;
  std::optional<StreamFailure> failure = run_on_connection(c, id);
  last_case_ = id;
  if (!failure || before == 0) return failure;
  drop_connection();
  if (!run_on_connection(c, id)) {
    failure->detail += "  alone, on a new connection, it passes: it followed " +
                       std::to_string(before) + " cases on one connection, the last " + previous +
                       "\n";
    failure->after = previous;
  }
  drop_connection();
  return failure;
}

std::optional<StreamFailure> ServerSession::run_on_connection(const ServerCase& c,
                                                              const std::string& id) {
  if (!connection_) {
    if (std::string problem = connect(deadline_for(target_, server_case_bytes(c)));
        !problem.empty()) {
      return StreamFailure{id, "the server is gone: " + problem, {}};
    }
  }
  if (c.compressed && !agreement_)
    return StreamFailure{id, "a compressed case needs permessage-deflate (--deflate)", {}};
  const WireBytes bytes = wire_bytes(c, scratch_, agreement_ ? &agreement_->client : nullptr);
  const auto deadline = deadline_for(target_, bytes.stream.size());
  const WireExpectation expected = expected_replies(c, bytes, streams_, target_.policy);

  const Written written = write_pieces(*connection_, target_.barrier ? &barrier_ : nullptr,
                                       bytes.stream, bytes.cuts, deadline, writes_, "the server");
  if (written.stalled) {
    drop_connection();
    return StreamFailure{id, *written.stalled, {}};
  }

  WireObservation observed;
  const auto is_close = [](const WireEvent& event) { return event.opcode == opcode::close; };
  // A close ends the replies; so does one reply too many, which is a finding already.
  const auto closed = [&](const std::vector<WireEvent>& events) {
    return (!events.empty() && is_close(events.back())) ||
           events.size() > expected.events.size() + 1;
  };
  if (expected.ending == Ending::open && written.all) {
    const std::vector<std::uint8_t> payload = server_fence_payload(++fences_);
    const std::vector<std::uint8_t> fence = server_fence_frame(payload);
    if (connection_->send_all(fence, deadline) == Arrival::bytes) {
      ++writes_;
      if (target_.barrier) barrier_.wait(*connection_, deadline);
    }
    observed.finish = collect_replies(
        *connection_, reader_, observed.events, observed.violation, deadline,
        [&](const std::vector<WireEvent>& events) {
          return closed(events) || (!events.empty() && events.back().opcode == opcode::text &&
                                    events.back().payload == payload);
        });
    if (observed.finish == Finish::fenced && !closed(observed.events)) {
      observed.events.pop_back();  // the fence's own echo
    } else if (observed.finish == Finish::fenced) {
      observed.finish = Finish::closed;
    }
  } else if (expected.ending == Ending::unfinished) {
    const std::size_t owed = expected.events.size();
    observed.finish = collect_replies(*connection_, reader_, observed.events, observed.violation,
                                      deadline, [&](const std::vector<WireEvent>& events) {
                                        return events.size() >= owed || closed(events);
                                      });
    if (observed.finish == Finish::fenced && !closed(observed.events)) {
      connection_->shutdown_write();
      const Finish after =
          collect_replies(*connection_, reader_, observed.events, observed.violation,
                          Clock::now() + kUnfinishedGrace, closed);
      observed.finish = after == Finish::timed_out ? Finish::closed : after;
    }
    if (observed.finish == Finish::fenced) observed.finish = Finish::closed;
  } else {
    observed.finish = collect_replies(*connection_, reader_, observed.events, observed.violation,
                                      deadline, closed);
    if (observed.finish == Finish::fenced) observed.finish = Finish::closed;
  }
  const bool stays_open = observed.finish == Finish::fenced;
  std::optional<StreamFailure> failure = compare_wire(expected, observed, id);
  if (failure || !stays_open) {
    drop_connection();
  } else {
    ++cases_on_connection_;
  }
  return failure;
}

}  // namespace maskcheck::wire
