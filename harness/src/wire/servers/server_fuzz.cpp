#include "wire/servers/server_fuzz.h"

#include <algorithm>

#include "core/case_id.h"
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
  return IdWriter("wire").field("fuzz").number("s", c.seed).number("i", c.index).text();
}

std::variant<FuzzedCase, std::string> parse_fuzzed_case_id(std::string_view id) {
  const IdReader fields(id);
  FuzzedCase c;
  if (fields.size() != 4 || fields[0] != "wire" || fields[1] != "fuzz" ||
      !fields.number(2, "s", c.seed) || !fields.number(3, "i", c.index)) {
    return "fuzzed case id '" + std::string(id) + "' must look like wire:fuzz:s1:i1234";
  }
  return c;
}

}  // namespace maskcheck::wire
