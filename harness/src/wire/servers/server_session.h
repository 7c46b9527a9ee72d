// One connection to the server under test, running cases one after another: it writes a case's
// pieces, each its own read on the server (the read barrier), takes in what the server sends
// back, and compares that with what the reference decoder says the stream means. A case that
// leaves the connection open ends with a fence, a text message whose echo marks the end of its
// replies (a pong may overtake an echo: servers answer pings as they read them, and echo later);
// after a close, an error or an unfinished frame the next case opens a new connection.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "streams/stream_differ.h"
#include "wire/protocol/deflate_negotiation.h"
#include "wire/protocol/frame_reader.h"
#include "wire/protocol/message_deflate.h"
#include "wire/servers/server_cases.h"
#include "wire/servers/server_expectation.h"
#include "wire/servers/server_policy.h"
#include "wire/transport/loopback_url.h"
#include "wire/transport/read_barrier.h"
#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

// The fence: "maskcheck fence N", masked, with the shortest header, as any server reads it.
std::vector<std::uint8_t> server_fence_payload(std::uint64_t number);
std::vector<std::uint8_t> server_fence_frame(std::span<const std::uint8_t> payload);

struct ServerTarget {
  LoopbackUrl url;
  ServerPolicy policy;
  bool barrier = true;  // each piece its own read; off only to show what the barrier prevents
  std::chrono::milliseconds case_time{10000};  // per case, plus a second per 20 MB sent
  std::optional<DeflateOffer> deflate;  // offered on every connection, which the server must take
};

// The reference's reading of each named stream under the policy, made once for every session.
class DecodedStreams {
 public:
  explicit DecodedStreams(const ServerPolicy& policy) : policy_(policy) {}
  std::shared_ptr<const reference::DecodeResult> get(const NamedStream& stream);

 private:
  const ServerPolicy& policy_;
  std::mutex mutex_;
  std::unordered_map<const NamedStream*, std::shared_ptr<const reference::DecodeResult>> made_;
};

// What the server owes for a case's bytes: a compressed case's messages, or else the reference's
// reading of the stream under the policy.
WireExpectation expected_replies(const ServerCase& c, const WireBytes& bytes,
                                 DecodedStreams& streams, const ServerPolicy& policy);

class ServerSession {
 public:
  ServerSession(const ServerTarget& target, DecodedStreams& streams);

  // Runs the case on the open connection, or a new one. A failure on a connection earlier cases
  // used is run again alone: if it passes there, the report says which case came before.
  std::optional<StreamFailure> run(const ServerCase& c);
  // The next case gets a new connection (fuzzing: a case's failure is its own).
  void drop_connection();
  // Opens a connection and runs the handshake: empty, or what went wrong.
  std::string connect(Clock::time_point deadline);
  // What the last handshake agreed, with a deflate offer.
  const std::optional<DeflateAgreement>& agreement() const { return agreement_; }
  // The agreement case's failure, if the last handshake's answer to the offer broke RFC 7692's
  // rules (connect() then says what went wrong too).
  std::optional<StreamFailure> agreement_failure() const;
  // Connections opened so far, and writes made: handshakes, pieces and fences, each read by the
  // server before the next went out (with the barrier on).
  std::uint64_t connections() const { return connections_; }
  std::uint64_t writes() const { return writes_; }

 private:
  std::optional<StreamFailure> run_on_connection(const ServerCase& c, const std::string& id);

  const ServerTarget& target_;
  DecodedStreams& streams_;
  std::optional<TcpConnection> connection_;
  FrameReader reader_;
  std::optional<DeflateAgreement> agreement_;
  std::string broken_answer_;                // what is wrong with the last answer to the offer
  std::optional<MessageInflater> inflater_;  // the server's messages, as agreed
  ReadBarrier barrier_;
  std::vector<std::uint8_t> scratch_;
  std::uint64_t fences_ = 0;
  std::uint64_t connections_ = 0;
  std::uint64_t writes_ = 0;
  std::uint64_t cases_on_connection_ = 0;
  std::string last_case_;
};

}  // namespace maskcheck::wire
