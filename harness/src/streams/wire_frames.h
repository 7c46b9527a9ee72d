// Frame headers read off the wire alone, valid or not: where each frame starts, how long its
// header is and what length it declares. For the checks that need a stream's framing without
// decoding it (the bytes a parser may put back before a read; which lengths the checks reach).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

struct WireFrame {
  static constexpr std::size_t kUnknown = std::numeric_limits<std::size_t>::max();

  std::size_t begin = 0;
  std::uint8_t first_byte = 0;
  std::size_t header = kUnknown;  // header bytes, key included; unknown before the second byte
  std::uint64_t length = 0;       // declared payload length, once its bytes arrived
  std::size_t end = kUnknown;     // one past the payload; unknown until the length arrived
  Key key{};                      // when the header is all there and masked

  std::uint8_t opcode() const { return first_byte & 0x0f; }
};

// Visits the frames of `stream` in order, the last one possibly cut short, until `visit` returns
// false.
void for_each_wire_frame(std::span<const std::uint8_t> stream,
                         const std::function<bool(const WireFrame&)>& visit);

}  // namespace maskcheck
