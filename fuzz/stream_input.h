// The stream_diff input: which kernel and move-back path, where the reads are cut, and the raw
// stream. Layout: [flags][cut count][cut count x u16 little-endian][stream bytes...].
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace maskcheck::fuzz {

inline constexpr std::size_t kMaxCuts = 32;

struct StreamInput {
  // Bit 0: move back over the key; bits 1..3: kernel choice; bit 4: the first read ends at a guard
  // page; bit 5: no message size limit, so frames declaring 4 GiB and more are followed.
  std::uint8_t flags = 0;
  std::vector<std::uint16_t> cuts;  // offsets into the stream; sorted and clamped when used
  std::vector<std::uint8_t> stream;
};

StreamInput read_stream_input(std::span<const std::uint8_t> data);
std::vector<std::uint8_t> write_stream_input(const StreamInput& input);

// The cuts as read boundaries: sorted, inside the stream, without repeats.
std::vector<std::size_t> read_boundaries(const StreamInput& input);

}  // namespace maskcheck::fuzz
