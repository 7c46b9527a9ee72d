// Where a parser may write before a read: over the part of a header that arrived in earlier reads,
// which it copies back in front of the read so the frame is contiguous again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace maskcheck {

// For each read of `stream` cut at `cuts`, how many bytes of a header that began in earlier reads
// come right before it (0..13), into `spilled` (resized; its storage is reused).
void spilled_header_bytes(std::span<const std::uint8_t> stream, std::span<const std::size_t> cuts,
                          std::vector<std::size_t>& spilled);

}  // namespace maskcheck
