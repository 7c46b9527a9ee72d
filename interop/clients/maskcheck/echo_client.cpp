// maskcheck's own echo client, masking with impl/'s fastest kernel: connects to $MASKCHECK_URL and
// sends back every message, answers pings and a close. A message over 64 KiB goes back in two
// frames, with the server's next frames read between them, so a ping sent during the echo is
// answered inside it. `--planted BUG` breaks it on purpose, so the clients suite shows each bug
// caught:
//   reused-key               every frame masked with one key
//   phase-restart-per-chunk  the payload masked in 7-byte chunks, each from key byte 0 again
//   ping-lost-inside-echo    a ping that comes between an echo's two frames is never answered
#include <sys/random.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

#include "maskcheck/frame_builder.h"
#include "maskcheck/frame_parser_interface.h"
#include "maskcheck/unmask_selection.h"
#include "wire/frame_reader.h"
#include "wire/loopback_url.h"
#include "wire/opening_handshake.h"
#include "wire/tcp_connection.h"

namespace {

using namespace maskcheck;
using wire::Arrival;
using wire::Clock;

enum class Planted { none, reused_key, phase_restart_per_chunk, ping_lost_inside_echo };

constexpr std::size_t kPlantedChunk = 7;
constexpr std::size_t kLongestOneFrameEcho = 65536;

Key next_key(Planted planted) {
  if (planted == Planted::reused_key) return {0x5e, 0x11, 0xa7, 0x3c};
  Key key{};
  while (getrandom(key.data(), key.size(), 0) != static_cast<ssize_t>(key.size())) {
  }
  return key;
}

// A masked frame: header, key, payload masked by the kernel (or the planted bug).
std::vector<std::uint8_t> client_frame(std::uint8_t first_byte,
                                       std::span<const std::uint8_t> payload, Planted planted) {
  const Key key = next_key(planted);
  std::vector<std::uint8_t> frame;
  append_frame(frame, {first_byte, {}, key, 0, true, payload.size()});
  const std::size_t at = frame.size();
  frame.resize(at + payload.size());
  const auto& kernel = fastest_unmask().entries;
  if (planted != Planted::phase_restart_per_chunk) {
    kernel.exact(frame.data() + at, payload.data(), payload.size(), key, 0);
    return frame;
  }
  for (std::size_t done = 0; done < payload.size(); done += kPlantedChunk) {
    const std::size_t n = std::min(kPlantedChunk, payload.size() - done);
    kernel.exact(frame.data() + at + done, payload.data() + done, n, key, 0);
  }
  return frame;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "echo client: %s\n", message.c_str());
  return 2;
}

// The server's frames in, their echoes out, until a close or the connection's end.
class EchoLoop {
 public:
  EchoLoop(wire::TcpConnection& connection, Planted planted)
      : connection_(&connection), planted_(planted) {}

  int run() {
    for (;;) {
      while (!pending_.empty()) {
        const wire::WireEvent event = std::move(pending_.front());
        pending_.pop_front();
        if (event.opcode == opcode::close) {
          send(kFin | opcode::close, event.payload);
          return 0;
        }
        if (event.opcode == opcode::ping) send(kFin | opcode::pong, event.payload);
        if ((event.opcode == opcode::text || event.opcode == opcode::binary) && !echo(event))
          return ended();
      }
      if (!read_more()) return ended();
    }
  }

 private:
  // Waits for at least one more of the server's frames: false if the connection ends first or a
  // frame the server may not send comes.
  bool read_more() {
    std::vector<wire::WireEvent> events;
    while (events.empty()) {
      if (auto violation = reader_.read(connection_->inbox(), events)) {
        violation_ = *violation;
        return false;
      }
      if (events.empty() && connection_->receive(kForever) != Arrival::bytes) return false;
    }
    for (wire::WireEvent& event : events) pending_.push_back(std::move(event));
    return true;
  }

  // A long message in two frames, the pings that came meanwhile answered between them.
  bool echo(const wire::WireEvent& message) {
    const std::span<const std::uint8_t> payload(message.payload);
    if (payload.size() <= kLongestOneFrameEcho) {
      send(kFin | message.opcode, payload);
      return true;
    }
    const std::size_t half = payload.size() / 2;
    send(message.opcode, payload.first(half));
    if (pending_.empty() && !read_more()) return false;
    for (auto event = pending_.begin(); event != pending_.end();) {
      if (event->opcode != opcode::ping) {
        ++event;
        continue;
      }
      if (planted_ != Planted::ping_lost_inside_echo) send(kFin | opcode::pong, event->payload);
      event = pending_.erase(event);
    }
    send(kFin | opcode::continuation, payload.subspan(half));
    return true;
  }

  void send(unsigned first_byte, std::span<const std::uint8_t> payload) {
    connection_->send_all(client_frame(static_cast<std::uint8_t>(first_byte), payload, planted_),
                          kForever);
  }

  int ended() const { return violation_.empty() ? 0 : fail(violation_); }

  static inline const auto kForever = Clock::now() + std::chrono::hours(24);
  wire::TcpConnection* connection_;
  Planted planted_;
  wire::FrameReader reader_{wire::Sender::server};
  std::deque<wire::WireEvent> pending_;
  std::string violation_;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"maskcheck's echo client, for maskcheck wire --client"};
  std::string planted_name;
  app.add_option("--planted", planted_name,
                 "break the client on purpose: reused-key, phase-restart-per-chunk or "
                 "ping-lost-inside-echo");
  CLI11_PARSE(app, argc, argv);
  Planted planted = Planted::none;
  if (planted_name == "reused-key") {
    planted = Planted::reused_key;
  } else if (planted_name == "phase-restart-per-chunk") {
    planted = Planted::phase_restart_per_chunk;
  } else if (planted_name == "ping-lost-inside-echo") {
    planted = Planted::ping_lost_inside_echo;
  } else if (!planted_name.empty()) {
    return fail("no planted bug '" + planted_name + "'");
  }
  const char* url_text = std::getenv("MASKCHECK_URL");
  if (!url_text) return fail("MASKCHECK_URL is not set");
  auto url = wire::parse_loopback_url(url_text);
  if (auto* reason = std::get_if<std::string>(&url)) return fail(*reason);
  const auto forever = Clock::now() + std::chrono::hours(24);
  auto opened = wire::TcpConnection::open(std::get<wire::LoopbackUrl>(url), forever);
  if (auto* reason = std::get_if<std::string>(&opened)) return fail(*reason);
  auto& connection = std::get<wire::TcpConnection>(opened);
  if (auto problem = wire::open_websocket(connection, std::get<wire::LoopbackUrl>(url), forever);
      !problem.empty()) {
    return fail(problem);
  }
  return EchoLoop(connection, planted).run();
}
