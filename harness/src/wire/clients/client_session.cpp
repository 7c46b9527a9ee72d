#include "wire/clients/client_session.h"

#include <algorithm>
#include <array>

#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"
#include "wire/clients/key_checks.h"
#include "wire/exchange/echo_comparison.h"
#include "wire/exchange/reply_collector.h"
#include "wire/protocol/opening_handshake.h"
#include "wire/transport/loopback_url.h"
#include "wire/transport/piece_writer.h"

namespace maskcheck::wire {

namespace {

constexpr auto kAcceptSlice = std::chrono::milliseconds(20);

// How long a client has to answer the last close and exit by itself before it is stopped.
constexpr auto kGoodbyeTime = std::chrono::milliseconds(1000);

// Messages per client in the fresh-keys case: with their fences, 64 keys each, among which random
// 32-bit keys repeat about once in two million runs.
constexpr std::size_t kFreshKeyMessages = 32;

// What a client's compressed message may inflate to: the longest message maskcheck sends, and more.
constexpr std::uint64_t kInflateLimit = std::uint64_t{64} << 20;

Clock::time_point deadline_for(const ClientTarget& target, std::uint64_t bytes) {
  return Clock::now() + target.case_time + std::chrono::milliseconds(bytes / 20'000);
}

}  // namespace

// Four bytes: a client that garbles longer payloads still echoes it recognizably.
std::vector<std::uint8_t> client_fence_payload(std::uint64_t number) {
  return {0xfe, static_cast<std::uint8_t>(number >> 16), static_cast<std::uint8_t>(number >> 8),
          static_cast<std::uint8_t>(number)};
}

std::vector<std::uint8_t> client_fence_frame(std::span<const std::uint8_t> payload) {
  std::vector<std::uint8_t> frame;
  append_frame(frame, {kFin | opcode::binary, payload, {}, 0, false});
  return frame;
}

void KeySpread::count(const Key& key) {
  ++frames;
  zero += key == Key{};
  distinct.insert(key_word(key));
}

void KeySpread::merge(const KeySpread& other) {
  frames += other.frames;
  zero += other.zero;
  distinct.insert(other.distinct.begin(), other.distinct.end());
}

ClientSession::ClientSession(const ClientTarget& target)
    : target_(&target), barrier_(std::make_unique<ReadBarrier>()) {}

std::string ClientSession::connect() {
  drop_client();
  auto listening = LoopbackListener::open();
  if (auto* reason = std::get_if<std::string>(&listening)) return *reason;
  LoopbackListener& listener = std::get<LoopbackListener>(listening);
  const std::string url = loopback_url(listener.port());
  auto launched = ChildProcess::launch(target_->command, {-1, {{"MASKCHECK_URL", url}}});
  if (auto* reason = std::get_if<std::string>(&launched)) return *reason;
  client_ = std::move(std::get<std::unique_ptr<ChildProcess>>(launched));
  ++connections_;
  const auto deadline = Clock::now() + target_->start_time;
  // In short waits, so that a client that exits without connecting is seen at once.
  while (!connection_ && Clock::now() < deadline && !client_->ended())
    connection_ = listener.accept(std::min(deadline, Clock::now() + kAcceptSlice));
  if (!connection_) {
    const auto ended = client_->ended();
    drop_client();
    return ended ? "the client " + *ended + " before it connected to " + url
                 : "the client did not connect to " + url + " within " +
                       std::to_string(target_->start_time.count() / 1000) + " s";
  }
  ++writes_;  // the handshake's answer
  if (std::string problem = accept_websocket(*connection_, deadline, nonce_,
                                             target_->deflate ? &agreement_ : nullptr);
      !problem.empty()) {
    drop_client();
    return problem;
  }
  if (agreement_) {
    inflater_.emplace(agreement_->client, kInflateLimit);
    reader_.inflate_with(&*inflater_);
  }
  if (target_->barrier && !barrier_->server_side(*connection_)) {
    const std::string problem =
        "the read barrier cannot see the client's socket (" + barrier_->problem() + ")";
    drop_client();
    return problem;
  }
  // The answer is read before the first piece goes out, or the two would be one read.
  if (target_->barrier && barrier_->wait(*connection_, deadline) != Arrival::bytes) {
    drop_client();
    return "the client did not read the handshake's answer";
  }
  return {};
}

void ClientSession::finish_client() {
  if (connection_) {
    const auto deadline = Clock::now() + kGoodbyeTime;
    const std::array<std::uint8_t, 4> close{kFin | opcode::close, 2, 0x03, 0xe8};  // code 1000
    if (connection_->send_all(close, deadline) == Arrival::bytes) {
      ++writes_;
      std::vector<WireEvent> events;
      std::optional<std::string> violation;
      collect_replies(*connection_, reader_, events, violation, deadline,
                      [](const std::vector<WireEvent>& got) {
                        return !got.empty() && got.back().opcode == opcode::close;
                      });
    }
    connection_.reset();
    if (client_) client_->exits_within(kGoodbyeTime);
  }
  drop_client();
}

void ClientSession::drop_client() {
  // The client first: one that saw its connection end first would report it on our stderr.
  client_.reset();
  connection_.reset();
  reader_.reset();
  inflater_.reset();
  agreement_.reset();
  connection_keys_.clear();
}

std::optional<StreamFailure> ClientSession::check_keys(const std::string& id) {
  std::optional<StreamFailure> failure;
  for (const Key& key : reader_.keys()) {
    if (!failure && !connection_keys_.empty() && connection_keys_.back() == key) {
      failure = StreamFailure{
          id, "the client masked two frames in a row with one key, " + key_hex(key), {}};
    }
    connection_keys_.push_back(key);
    keys_.count(key);
  }
  reader_.clear_keys();
  return failure;
}

std::optional<StreamFailure> ClientSession::run_fresh_keys(const std::string& id) {
  std::vector<Key> earlier;
  for (int client = 0; client < 2; ++client) {
    finish_client();
    if (std::string problem = connect(); !problem.empty())
      return StreamFailure{id, "the client is gone: " + problem, {}};
    for (std::size_t n = 0; n < kFreshKeyMessages; ++n) {
      if (auto failure = run_on_connection({ClientCaseKind::whole, false, 2, n, 0, 0}, id))
        return failure;
    }
    if (auto failure = predictable_keys(id, connection_keys_, nonce_)) return failure;
    if (client == 0) earlier = connection_keys_;
  }
  return keys_again(id, earlier, connection_keys_);
}

std::optional<StreamFailure> ClientSession::run(const ClientCase& c) {
  const std::string id = client_case_id(c);
  std::optional<StreamFailure> failure =
      c.kind == ClientCaseKind::fresh_keys ? run_fresh_keys(id) : run_on_connection(c, id);
  // After a failure the client may be anywhere; after the fresh-keys case it has served its turn.
  if (failure) drop_client();
  if (c.kind == ClientCaseKind::fresh_keys) finish_client();
  return failure;
}

std::optional<StreamFailure> ClientSession::run_on_connection(const ClientCase& c,
                                                              const std::string& id) {
  if (!connection_) {
    if (std::string problem = connect(); !problem.empty())
      return StreamFailure{id, "the client is gone: " + problem, {}};
  }
  if (c.kind == ClientCaseKind::compressed && !agreement_)
    return StreamFailure{id, "a compressed case needs permessage-deflate (--deflate)", {}};
  const ClientExchange exchange = client_exchange(c, agreement_ ? &agreement_->server : nullptr);
  const auto deadline = deadline_for(*target_, exchange.stream.size());
  ReadBarrier* barrier = target_->barrier ? barrier_.get() : nullptr;
  const Written written = write_pieces(*connection_, barrier, exchange.stream, exchange.cuts,
                                       deadline, writes_, "the client");
  if (written.stalled) return StreamFailure{id, *written.stalled, {}};

  WireObservation observed;
  const std::vector<std::uint8_t> fence_payload = client_fence_payload(++fences_);
  std::vector<std::uint8_t> fence = exchange.once_echoing;
  const std::vector<std::uint8_t> fence_frame = client_fence_frame(fence_payload);
  fence.insert(fence.end(), fence_frame.begin(), fence_frame.end());
  bool fence_due = written.all;
  if (fence_due && !exchange.once_echoing.empty()) {
    // The first bytes of the echo, a frame's or only its header's, before the ping goes out.
    fence_due = collect_replies(*connection_, reader_, observed.events, observed.violation,
                                deadline, [&](const std::vector<WireEvent>& events) {
                                  return !events.empty() || !connection_->inbox().empty() ||
                                         reader_.inside_message();
                                }) == Finish::fenced;
  }
  if (fence_due && connection_->send_all(fence, deadline) == Arrival::bytes) {
    ++writes_;
    if (barrier) barrier->wait(*connection_, deadline);
  }
  observed.finish = collect_replies(
      *connection_, reader_, observed.events, observed.violation, deadline,
      [&](const std::vector<WireEvent>& events) {
        return !events.empty() &&
               (events.back().opcode == opcode::close ||
                (events.back().opcode == opcode::binary && events.back().payload == fence_payload));
      });
  if (observed.finish == Finish::fenced && observed.events.back().opcode == opcode::close) {
    observed.finish = Finish::closed;
  } else if (observed.finish == Finish::fenced) {
    observed.events.pop_back();  // the fence's own echo
  }
  if (std::optional<StreamFailure> failure =
          compare_wire(exchange.expected, observed, id, Sender::client)) {
    return failure;
  }
  return check_keys(id);
}

}  // namespace maskcheck::wire
