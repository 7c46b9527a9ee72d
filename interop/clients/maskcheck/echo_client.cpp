// maskcheck's own echo client, masking with impl/'s fastest kernel: connects to $MASKCHECK_URL and
// sends back every message, answers pings and a close. A message over 64 KiB goes back in two
// frames, with the server's next frames read between them, so a ping sent during the echo is
// answered inside it. `--planted BUG` breaks it on purpose, so the clients suite shows each bug
// caught:
//   reused-key               every frame masked with one key
//   keys-cycle-of-4          four keys, taken in turn
//   keys-same-every-process  keys from a generator seeded alike in every process
//   keys-from-handshake      the first four frames masked with the words of its Sec-WebSocket-Key
//   unmasked-frames          no frame masked
//   phase-restart-per-chunk  the payload masked in 7-byte chunks, each from key byte 0 again
//   ping-lost-inside-echo    a ping that comes between an echo's two frames is never answered
#include <sys/random.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "maskcheck/frame_parser_interface.h"
#include "maskcheck/unmask_selection.h"
#include "streams/frame_builder.h"
#include "wire/protocol/frame_reader.h"
#include "wire/protocol/opening_handshake.h"
#include "wire/transport/loopback_url.h"
#include "wire/transport/tcp_connection.h"

namespace {

using namespace maskcheck;
using wire::Arrival;
using wire::Clock;

enum class Planted {
  none,
  reused_key,
  keys_cycle_of_4,
  keys_same_every_process,
  keys_from_handshake,
  unmasked_frames,
  phase_restart_per_chunk,
  ping_lost_inside_echo,
};

constexpr std::pair<std::string_view, Planted> kPlantedNames[] = {
    {"reused-key", Planted::reused_key},
    {"keys-cycle-of-4", Planted::keys_cycle_of_4},
    {"keys-same-every-process", Planted::keys_same_every_process},
    {"keys-from-handshake", Planted::keys_from_handshake},
    {"unmasked-frames", Planted::unmasked_frames},
    {"phase-restart-per-chunk", Planted::phase_restart_per_chunk},
    {"ping-lost-inside-echo", Planted::ping_lost_inside_echo},
};

constexpr std::size_t kPlantedChunk = 7;
constexpr std::size_t kLongestOneFrameEcho = 65536;

Key random_mask_key() {
  Key key{};
  while (getrandom(key.data(), key.size(), 0) != static_cast<ssize_t>(key.size())) {
  }
  return key;
}

// Each frame's mask key: fresh from the kernel's random source, or as the planted bug has it.
class KeySource {
 public:
  KeySource(Planted planted, const wire::Nonce& nonce) : planted_(planted), nonce_(nonce) {
    for (Key& key : cycle_) key = random_mask_key();
  }
  Key next() {
    const std::size_t n = frames_++;
    switch (planted_) {
      case Planted::reused_key: return {0x5e, 0x11, 0xa7, 0x3c};
      case Planted::keys_cycle_of_4: return cycle_[n % cycle_.size()];
      case Planted::keys_same_every_process: {
        const std::uint32_t word = alike_();
        return {static_cast<std::uint8_t>(word >> 24), static_cast<std::uint8_t>(word >> 16),
                static_cast<std::uint8_t>(word >> 8), static_cast<std::uint8_t>(word)};
      }
      case Planted::keys_from_handshake:
        if (n < 4) return {nonce_[4 * n], nonce_[4 * n + 1], nonce_[4 * n + 2], nonce_[4 * n + 3]};
        break;
      case Planted::phase_restart_per_chunk: {
        // Four different bytes, so a phase restarted at the wrong key byte always shows, at the
        // chunk's first byte: with a random key it hid once in 256 frames (key[0] == key[3]).
        Key key = random_mask_key();
        while (std::set<std::uint8_t>(key.begin(), key.end()).size() < key.size())
          key = random_mask_key();
        return key;
      }
      default: break;
    }
    return random_mask_key();
  }

 private:
  Planted planted_;
  wire::Nonce nonce_;
  std::array<Key, 4> cycle_{};
  std::mt19937 alike_{20261206};  // the same seed in every process
  std::size_t frames_ = 0;
};

// A client frame: header, key, payload masked by the kernel (or as the planted bug has it).
std::vector<std::uint8_t> client_frame(std::uint8_t first_byte,
                                       std::span<const std::uint8_t> payload, Planted planted,
                                       KeySource& keys) {
  std::vector<std::uint8_t> frame;
  if (planted == Planted::unmasked_frames) {
    append_frame(frame, {first_byte, payload, {}, 0, false});
    return frame;
  }
  const Key key = keys.next();
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
  EchoLoop(wire::TcpConnection& connection, Planted planted, const wire::Nonce& nonce)
      : connection_(&connection), planted_(planted), keys_(planted, nonce) {}

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
    connection_->send_all(
        client_frame(static_cast<std::uint8_t>(first_byte), payload, planted_, keys_), kForever);
  }

  int ended() const { return violation_.empty() ? 0 : fail(violation_); }

  static inline const auto kForever = Clock::now() + std::chrono::hours(24);
  wire::TcpConnection* connection_;
  Planted planted_;
  KeySource keys_;
  wire::FrameReader reader_{wire::Sender::server};
  std::deque<wire::WireEvent> pending_;
  std::string violation_;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"maskcheck's echo client, for maskcheck wire --client"};
  std::string planted_name;
  app.add_option("--planted", planted_name,
                 "break the client on purpose (a bug of the list at the top of echo_client.cpp)");
  CLI11_PARSE(app, argc, argv);
  Planted planted = Planted::none;
  if (!planted_name.empty()) {
    const auto* found = std::ranges::find(kPlantedNames, planted_name,
                                          &std::pair<std::string_view, Planted>::first);
    if (found == std::end(kPlantedNames)) return fail("no planted bug '" + planted_name + "'");
    planted = found->second;
  }
  const char* url_text = std::getenv("MASKCHECK_URL");
  if (!url_text) return fail("MASKCHECK_URL is not set");
  auto url = wire::parse_loopback_url(url_text);
  if (auto* reason = std::get_if<std::string>(&url)) return fail(*reason);
  const auto forever = Clock::now() + std::chrono::hours(24);
  auto opened = wire::TcpConnection::open(std::get<wire::LoopbackUrl>(url), forever);
  if (auto* reason = std::get_if<std::string>(&opened)) return fail(*reason);
  auto& connection = std::get<wire::TcpConnection>(opened);
  wire::Nonce nonce{};
  if (auto problem = wire::open_websocket(connection, std::get<wire::LoopbackUrl>(url), forever, {},
                                          nullptr, &nonce);
      !problem.empty()) {
    return fail(problem);
  }
  return EchoLoop(connection, planted, nonce).run();
}
