#include "throughput/throughput.h"

#include <sched.h>

#include <random>
#include <thread>

#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"
#include "throughput/process_cpu.h"
#include "wire/protocol/frame_reader.h"
#include "wire/protocol/opening_handshake.h"
#include "wire/transport/loopback_url.h"

namespace maskcheck::wire {

namespace {

constexpr auto kStartPatience = std::chrono::seconds(30);
constexpr auto kRoundPatience = std::chrono::seconds(120);
constexpr Key kCountFenceKey{0x6d, 0x21, 0xc4, 0x09};

void pin_this_thread(int cpu) {
  if (cpu < 0) return;
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  CPU_SET(cpu, &cpus);
  sched_setaffinity(0, sizeof cpus, &cpus);
}

// Sends the stream and a fence, and waits for the fence's echo: the server has taken the stream.
std::string send_and_fence(TcpConnection& connection, std::span<const std::uint8_t> stream,
                           std::uint64_t round_number) {
  const auto deadline = Clock::now() + kRoundPatience;
  const std::string text = "maskcheck throughput fence " + std::to_string(round_number);
  const std::vector<std::uint8_t> payload(text.begin(), text.end());
  std::vector<std::uint8_t> fence;
  append_frame(fence, {kFin | opcode::text, payload, kCountFenceKey, 6});
  if (connection.send_all(stream, deadline) != Arrival::bytes ||
      connection.send_all(fence, deadline) != Arrival::bytes) {
    return "the server ended the connection in the middle of a round";
  }
  FrameReader reader;
  std::vector<WireEvent> events;
  for (;;) {
    if (auto problem = reader.read(connection.inbox(), events)) return *problem;
    for (const WireEvent& event : events) {
      if (event.opcode == opcode::text && event.payload == payload) return {};
      if (event.opcode == opcode::binary)
        return "the server echoed a binary message: it is not counting";
      if (event.opcode == opcode::close) return "the server closed the connection in a round";
    }
    events.clear();
    const Arrival arrived = connection.receive(deadline);
    if (arrived == Arrival::timed_out) return "the server did not answer the round's fence in time";
    if (arrived != Arrival::bytes)
      return "the server ended the connection in the middle of a round";
  }
}

}  // namespace

std::vector<std::uint8_t> counting_stream(std::size_t payload, std::uint64_t bytes,
                                          std::uint64_t& messages) {
  std::minstd_rand random(static_cast<std::uint32_t>(payload) + 1);
  std::vector<std::uint8_t> body(payload);
  for (auto& byte : body) byte = static_cast<std::uint8_t>(random());
  const std::size_t frame = payload + minimal_header_size(payload);
  messages = std::max<std::uint64_t>(1, bytes / frame);
  std::vector<std::uint8_t> stream;
  stream.reserve(messages * frame);
  for (std::uint64_t m = 0; m < messages; ++m) {
    Key key{};
    do {
      for (auto& byte : key) byte = static_cast<std::uint8_t>(random());
    } while (key == Key{});  // a zero key takes a shortcut in several servers
    append_frame(stream, {kFin | opcode::binary, body, key, 0});
  }
  return stream;
}

std::variant<std::unique_ptr<MeasuredServer>, std::string> MeasuredServer::start(
    const std::string& name, const std::string& command, const ThroughputPlan& plan) {
  auto started =
      ChildProcess::start(command, kStartPatience, {plan.server_cpu, {{"MASKCHECK_COUNT", "1"}}});
  if (auto* reason = std::get_if<std::string>(&started)) return name + ": " + *reason;
  std::unique_ptr<MeasuredServer> server(
      new MeasuredServer(name, std::move(std::get<std::unique_ptr<ChildProcess>>(started)), plan));
  const LoopbackUrl url =
      std::get<LoopbackUrl>(parse_loopback_url(loopback_url(server->process_->port())));
  for (unsigned c = 0; c < plan.connections; ++c) {
    const auto deadline = Clock::now() + kStartPatience;
    auto opened = TcpConnection::open(url, deadline);
    if (auto* reason = std::get_if<std::string>(&opened)) return name + ": " + *reason;
    TcpConnection& connection =
        server->connections_.emplace_back(std::move(std::get<TcpConnection>(opened)));
    if (std::string problem = open_websocket(connection, url, deadline); !problem.empty())
      return name + ": " + problem;
  }
  return server;
}

MeasuredServer::MeasuredServer(std::string name, std::unique_ptr<ChildProcess> process,
                               const ThroughputPlan& plan)
    : name_(std::move(name)), process_(std::move(process)), plan_(plan) {}

std::variant<Round, std::string> MeasuredServer::round(std::span<const std::uint8_t> stream,
                                                       std::uint64_t messages,
                                                       std::size_t payload) {
  ++rounds_;
  Round round;
  round.messages = messages * connections_.size();
  round.payload_bytes = round.messages * payload;
  const auto cpu_before = group_cpu_nanoseconds(process_->pid());
  const auto start = Clock::now();
  std::vector<std::string> problems(connections_.size());
  std::vector<std::thread> threads;
  for (std::size_t c = 0; c < connections_.size(); ++c) {
    threads.emplace_back([&, c] {
      pin_this_thread(plan_.client_cpu);
      problems[c] = send_and_fence(connections_[c], stream, rounds_);
    });
  }
  for (std::thread& thread : threads) thread.join();
  round.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const auto cpu_after = group_cpu_nanoseconds(process_->pid());
  for (const std::string& problem : problems) {
    if (!problem.empty()) return name_ + ": " + problem;
  }
  if (auto ended = process_->ended()) return name_ + ": the server " + *ended;
  if (!cpu_before || !cpu_after) return name_ + ": cannot read the server's CPU time in /proc";
  if (*cpu_after <= *cpu_before)
    return name_ + ": the server's processes took no CPU time in a round";
  round.server_cpu_seconds = static_cast<double>(*cpu_after - *cpu_before) / 1e9;
  return round;
}

}  // namespace maskcheck::wire
