#include "wire/clients/fuzzed_sequence.h"

#include <algorithm>
#include <array>
#include <string>

#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"
#include "streams/stream_mutation.h"

namespace maskcheck::wire {

namespace {

constexpr unsigned kMostMessages = 6;
constexpr unsigned kMostFragments = 4;
constexpr unsigned kMostCuts = 8;
constexpr std::array<std::size_t, 8> kBoundaryLengths{0, 1, 125, 126, 127, 65535, 65536, 65537};

std::size_t fuzzed_length(MutationRandom& random) {
  switch (random() % 4) {
    case 0: return kBoundaryLengths[random() % kBoundaryLengths.size()];
    case 1: return random() % 5001;
    default: return random() % 301;
  }
}

// Text of every UTF-8 length class, or random bytes.
std::vector<std::uint8_t> fuzzed_payload(bool text, std::size_t length, MutationRandom& random) {
  std::vector<std::uint8_t> payload = message_payload(text, length);
  if (!text) {
    for (std::uint8_t& byte : payload) byte = static_cast<std::uint8_t>(random() >> 8);
  }
  return payload;
}

// Where a message's fragments end: sorted, the last at `length`, empty fragments allowed.
std::vector<std::size_t> fragment_ends(std::size_t length, MutationRandom& random) {
  std::vector<std::size_t> ends;
  for (unsigned more = random() % kMostFragments; more > 0; --more)
    ends.push_back(random() % (length + 1));
  std::sort(ends.begin(), ends.end());
  ends.push_back(length);
  return ends;
}

}  // namespace

ClientExchange fuzzed_sequence(std::uint64_t seed, std::uint64_t index) {
  MutationRandom random = case_random(seed, index);
  ClientExchange exchange;
  std::vector<std::uint8_t>& stream = exchange.stream;
  std::vector<WireEvent> pongs;
  const auto maybe_ping = [&] {
    if (random() % 4 != 0) return;
    const std::string text = "maskcheck ping " + std::to_string(pongs.size() + 1);
    const std::vector<std::uint8_t> ping(text.begin(), text.end());
    append_frame(stream, {kFin | opcode::ping, ping, {}, 0, false});
    pongs.push_back({opcode::pong, ping});
  };
  for (unsigned messages = 1 + random() % kMostMessages; messages > 0; --messages) {
    const bool text = random() % 2 == 0;
    const std::uint8_t kind = text ? opcode::text : opcode::binary;
    const std::vector<std::uint8_t> payload = fuzzed_payload(text, fuzzed_length(random), random);
    const std::vector<std::size_t> ends = fragment_ends(payload.size(), random);
    const std::span<const std::uint8_t> bytes(payload);
    std::size_t from = 0;
    for (std::size_t i = 0; i < ends.size(); ++i) {
      const bool last = i + 1 == ends.size();
      const std::uint8_t first_byte =
          static_cast<std::uint8_t>((last ? kFin : 0) | (i == 0 ? kind : opcode::continuation));
      append_frame(stream, {first_byte, bytes.subspan(from, ends[i] - from), {}, 0, false});
      from = ends[i];
      if (!last) maybe_ping();
    }
    exchange.expected.events.push_back({kind, payload});
    maybe_ping();
  }
  exchange.expected.events.insert(exchange.expected.events.end(), pongs.begin(), pongs.end());
  std::vector<std::size_t>& cuts = exchange.cuts;
  for (unsigned pieces = random() % (kMostCuts + 1); pieces > 0 && stream.size() > 1; --pieces)
    cuts.push_back(1 + random() % (stream.size() - 1));
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return exchange;
}

}  // namespace maskcheck::wire
