#include "stream_input.h"

#include <algorithm>

namespace maskcheck::fuzz {

StreamInput read_stream_input(std::span<const std::uint8_t> data) {
  StreamInput input;
  std::size_t at = 0;
  if (at < data.size()) input.flags = data[at++];
  const std::size_t cuts = at < data.size() ? data[at++] % (kMaxCuts + 1) : 0;
  for (std::size_t i = 0; i < cuts && at + 1 < data.size(); ++i, at += 2) {
    input.cuts.push_back(static_cast<std::uint16_t>(data[at] | data[at + 1] << 8));
  }
  input.stream.assign(data.begin() + static_cast<std::ptrdiff_t>(std::min(at, data.size())),
                      data.end());
  return input;
}

std::vector<std::uint8_t> write_stream_input(const StreamInput& input) {
  std::vector<std::uint8_t> data{input.flags,
                                 static_cast<std::uint8_t>(std::min(input.cuts.size(), kMaxCuts))};
  for (std::size_t i = 0; i < input.cuts.size() && i < kMaxCuts; ++i) {
    data.push_back(static_cast<std::uint8_t>(input.cuts[i]));
    data.push_back(static_cast<std::uint8_t>(input.cuts[i] >> 8));
  }
  data.insert(data.end(), input.stream.begin(), input.stream.end());
  return data;
}

std::vector<std::size_t> read_boundaries(const StreamInput& input) {
  std::vector<std::size_t> cuts;
  for (std::uint16_t cut : input.cuts) {
    if (cut > 0 && cut < input.stream.size()) cuts.push_back(cut);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return cuts;
}

}  // namespace maskcheck::fuzz
