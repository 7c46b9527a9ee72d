#include "wire/servers/server_fuzz.h"

#include <algorithm>
#include <charconv>

#include "streams/stream_mutation.h"

namespace maskcheck::wire {

namespace {

constexpr std::size_t kLongestSeed = 64 * 1024;
constexpr std::size_t kMostCuts = 8;

struct Seed {
  std::vector<std::uint8_t> bytes;
  std::vector<std::size_t> cuts;
};

const std::vector<Seed>& seeds() {
  static const std::vector<Seed> all = [] {
    std::vector<Seed> made;
    for (const NamedStream& stream : stream_catalogue()) {
      if (stream.bytes.size() > kLongestSeed) continue;
      const std::span<const std::uint8_t> bytes = stream.bytes;
      made.push_back({{bytes.begin(), bytes.end()}, {}});
    }
    for (const auto& [header, length] :
         {std::pair{6u, 37u}, std::pair{8u, 300u}, std::pair{14u, 65537u}}) {
      SplitCase split;
      split.header_size = header;
      split.length = length;
      split.key = {0x37, 0xfa, 0x21, 0x3d};
      made.push_back({split_stream(split), {}});
    }
    return made;
  }();
  return all;
}

bool parse_number(std::string_view text, std::uint64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

std::vector<std::uint8_t> fuzzed_stream(const FuzzedCase& c, std::vector<std::size_t>& cuts) {
  MutationRandom random = case_random(c.seed, c.index);
  const Seed& seed = seeds()[random() % seeds().size()];
  std::vector<std::uint8_t> stream = seed.bytes;
  for (unsigned changes = 1 + random() % 4; changes > 0; --changes)
    stream = mutate_stream(stream, random);
  cuts.clear();
  for (unsigned pieces = random() % (kMostCuts + 1); pieces > 0; --pieces)
    mutate_cuts(cuts, stream.size(), kMostCuts, random);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  std::erase_if(cuts, [&](std::size_t cut) { return cut == 0 || cut >= stream.size(); });
  return stream;
}

std::string fuzzed_case_id(const FuzzedCase& c) {
  return "wire:fuzz:s" + std::to_string(c.seed) + ":i" + std::to_string(c.index);
}

std::variant<FuzzedCase, std::string> parse_fuzzed_case_id(std::string_view id) {
  const std::string usage =
      "fuzzed case id '" + std::string(id) + "' must look like wire:fuzz:s1:i1234";
  constexpr std::string_view kPrefix = "wire:fuzz:s";
  if (id.substr(0, kPrefix.size()) != kPrefix) return usage;
  const std::string_view rest = id.substr(kPrefix.size());
  const std::size_t colon = rest.find(":i");
  FuzzedCase c;
  if (colon == std::string_view::npos || !parse_number(rest.substr(0, colon), c.seed) ||
      !parse_number(rest.substr(colon + 2), c.index)) {
    return usage;
  }
  return c;
}

}  // namespace maskcheck::wire
