// Where a frame under test is cut into writes, each its own read on the peer, the same way in both
// directions: the payload lengths each length field (7, 16 and 64 bits) is split at, and the cut
// points over a frame's header, payload and the short frame after it.
#pragma once

#include <cstddef>
#include <vector>

namespace maskcheck::wire {

enum class LengthField { bits7, bits16, bits64 };

// The length field a header of this size has: 2 or 6 bytes (unmasked or masked), 4 or 8, 10 or 14.
LengthField length_field_of(std::size_t header_size);

// 0..8 and both sides of 16, 32 and 64 up to 125; 126..65535 around 256 and 4096; 64 KiB, half a
// MiB and over a MiB.
std::vector<std::size_t> split_lengths(LengthField field);

// Every byte of the header, payload offsets of each remainder modulo 4 and on both sides of the
// 16- to 128-byte blocks, the payload's last bytes, and into the `trailer` bytes of the next frame.
std::vector<std::size_t> cut_points(std::size_t header, std::size_t n, std::size_t trailer);

}  // namespace maskcheck::wire
