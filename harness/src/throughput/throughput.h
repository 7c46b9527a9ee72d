// End-to-end throughput of live servers in counting mode (MASKCHECK_COUNT=1: binary messages taken,
// not echoed): prebuilt masked binary frames of one payload size, random non-zero keys, written
// back to back on each connection, then a text fence whose echo says the server has taken them
// all. Per round: wall time, messages/s, payload GB/s, and the server's CPU time (all its
// threads) per KiB of payload. Several servers run in the same rounds, interleaved, so a slow
// spell of the machine hits each alike, and each B/A ratio is taken round by round.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "wire/transport/child_process.h"
#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

struct ThroughputPlan {
  std::vector<std::size_t> payloads{32, 256, 1024, 16384, 65536, 1048576};
  unsigned rounds = 6;  // kVerdictRounds (ratio_verdict.h): enough for a verdict
  std::uint64_t bytes_per_round = std::uint64_t{128} << 20;  // per connection
  unsigned connections = 1;
  int server_cpu = -1;  // pinned there when >= 0, the client on client_cpu
  int client_cpu = -1;
};

struct Round {
  double seconds = 0;
  double server_cpu_seconds = 0;
  std::uint64_t messages = 0;
  std::uint64_t payload_bytes = 0;

  double messages_per_second() const { return static_cast<double>(messages) / seconds; }
  double gigabytes_per_second() const { return static_cast<double>(payload_bytes) / seconds / 1e9; }
  double cpu_nanoseconds_per_kib() const {
    return server_cpu_seconds * 1e9 / (static_cast<double>(payload_bytes) / 1024);
  }
};

// One server under measurement: started pinned and counting, its connections open.
class MeasuredServer {
 public:
  // Started and connected, or a one-line reason it is not.
  static std::variant<std::unique_ptr<MeasuredServer>, std::string> start(
      const std::string& name, const std::string& command, const ThroughputPlan& plan);

  // One round: `stream` (counting_stream's, of `messages` messages of `payload` bytes) on each
  // connection. The figures, or why the server failed it.
  std::variant<Round, std::string> round(std::span<const std::uint8_t> stream,
                                         std::uint64_t messages, std::size_t payload);
  const std::string& name() const { return name_; }
  pid_t pid() const { return process_->pid(); }

 private:
  MeasuredServer(std::string name, std::unique_ptr<ChildProcess> process,
                 const ThroughputPlan& plan);

  std::string name_;
  std::unique_ptr<ChildProcess> process_;
  const ThroughputPlan& plan_;
  std::vector<TcpConnection> connections_;
  std::uint64_t rounds_ = 0;  // numbers each round's fence
};

// The frames of one round for one connection: `payload`-byte binary messages under random
// non-zero keys, as many as fill `bytes` (at least one).
std::vector<std::uint8_t> counting_stream(std::size_t payload, std::uint64_t bytes,
                                          std::uint64_t& messages);

}  // namespace maskcheck::wire
