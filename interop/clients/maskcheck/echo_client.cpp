// maskcheck's own echo client, masking with impl/'s fastest kernel: connects to $MASKCHECK_URL and
// sends back every message, answers pings and a close. `--planted BUG` breaks its masking on
// purpose, so the clients suite shows each bug caught:
//   reused-key               every frame masked with one key
//   phase-restart-per-chunk  the payload masked in 7-byte chunks, each from key byte 0 again
#include <sys/random.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
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

enum class Planted { none, reused_key, phase_restart_per_chunk };

constexpr std::size_t kPlantedChunk = 7;

Key next_key(Planted planted) {
  if (planted == Planted::reused_key) return {0x5e, 0x11, 0xa7, 0x3c};
  Key key{};
  while (getrandom(key.data(), key.size(), 0) != static_cast<ssize_t>(key.size())) {
  }
  return key;
}

// A masked frame of the message: header, key, payload masked by the kernel (or the planted bug).
std::vector<std::uint8_t> client_frame(std::uint8_t opcode, std::span<const std::uint8_t> payload,
                                       Planted planted) {
  const Key key = next_key(planted);
  std::vector<std::uint8_t> frame;
  append_frame(frame, {static_cast<std::uint8_t>(kFin | opcode), {}, key, 0, true, payload.size()});
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"maskcheck's echo client, for maskcheck wire --client"};
  std::string planted_name;
  app.add_option("--planted", planted_name,
                 "break the masking on purpose: reused-key or phase-restart-per-chunk");
  CLI11_PARSE(app, argc, argv);
  Planted planted = Planted::none;
  if (planted_name == "reused-key") {
    planted = Planted::reused_key;
  } else if (planted_name == "phase-restart-per-chunk") {
    planted = Planted::phase_restart_per_chunk;
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
  wire::FrameReader reader(wire::Sender::server);
  std::vector<wire::WireEvent> events;
  for (;;) {
    events.clear();
    if (auto violation = reader.read(connection.inbox(), events)) return fail(*violation);
    for (const wire::WireEvent& event : events) {
      const bool closing = event.opcode == opcode::close;
      const std::uint8_t reply = event.opcode == opcode::ping ? opcode::pong : event.opcode;
      if (event.opcode == opcode::pong) continue;
      connection.send_all(client_frame(reply, event.payload, planted), forever);
      if (closing) return 0;
    }
    if (connection.receive(forever) != Arrival::bytes) return 0;
  }
}
