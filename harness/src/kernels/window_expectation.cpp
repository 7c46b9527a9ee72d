#include "kernels/window_expectation.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace maskcheck {

namespace {

enum class After { before, unmasked, either };

struct Piece {
  std::ptrdiff_t begin;
  std::ptrdiff_t end;
  After after;
};

bool inside(const ByteRange& range, std::ptrdiff_t offset) {
  return offset >= 0 && range.contains(static_cast<std::size_t>(offset));
}

// Cuts [first, last) where a footprint or the payload starts or ends, so that inside each piece
// every byte is in the same ranges, and says what each piece must hold after the call.
template <typename Visit>
bool for_each_piece(const Contract& contract, maskcheck_beyond_payload beyond, std::ptrdiff_t first,
                    std::ptrdiff_t last, Visit&& visit) {
  std::array<std::ptrdiff_t, 8> cuts{};
  std::size_t count = 0;
  for (const ByteRange* range : {&contract.read, &contract.write, &contract.payload}) {
    cuts[count++] = static_cast<std::ptrdiff_t>(range->begin);
    cuts[count++] = static_cast<std::ptrdiff_t>(range->end);
  }
  cuts[count++] = last;
  std::sort(cuts.begin(), cuts.begin() + count);
  std::ptrdiff_t at = first;
  for (std::size_t i = 0; i < count && at < last; ++i) {
    const std::ptrdiff_t end = std::min(cuts[i], last);
    if (end <= at) continue;
    After after = After::before;
    if (inside(contract.payload, at) ||
        (inside(contract.write, at) && beyond == MASKCHECK_BEYOND_MUST_WRITE)) {
      after = After::unmasked;
    } else if (inside(contract.write, at) && beyond == MASKCHECK_BEYOND_MAY_WRITE) {
      after = After::either;
    }
    if (!visit(Piece{at, end, after})) return false;
    at = end;
  }
  return true;
}

std::size_t size_of(const Piece& piece) {
  return static_cast<std::size_t>(piece.end - piece.begin);
}

}  // namespace

ByteRange unmasked_range(const Contract& contract, maskcheck_beyond_payload beyond) {
  return beyond == MASKCHECK_BEYOND_UNTOUCHED ? contract.payload : contract.write;
}

void WindowExpectation::write_before(std::uint8_t* window, std::ptrdiff_t first,
                                     std::ptrdiff_t last) const {
  for_each_piece(contract, beyond, first, last, [&](const Piece& piece) {
    std::uint8_t* out = window + (piece.begin - first);
    if (inside(contract.read, piece.begin)) {
      std::memcpy(out, input + (piece.begin - contract.read.begin), size_of(piece));
    } else {
      canary.write(out, piece.begin + kCanaryBytes, size_of(piece));
    }
    return true;
  });
}

const std::uint8_t* WindowExpectation::unmasked_at(std::ptrdiff_t offset) const {
  return unmasked + (offset - static_cast<std::ptrdiff_t>(unmasked_range(contract, beyond).begin));
}

bool WindowExpectation::matches(const std::uint8_t* window, std::ptrdiff_t first,
                                std::ptrdiff_t last) const {
  return for_each_piece(contract, beyond, first, last, [&](const Piece& piece) {
    const std::uint8_t* actual = window + (piece.begin - first);
    const std::size_t size = size_of(piece);
    const std::uint8_t* old =
        inside(contract.read, piece.begin) ? input + (piece.begin - contract.read.begin) : nullptr;
    switch (piece.after) {
      case After::unmasked: return std::memcmp(actual, unmasked_at(piece.begin), size) == 0;
      case After::before:
        return old ? std::memcmp(actual, old, size) == 0
                   : canary.matches(actual, piece.begin + kCanaryBytes, size);
      case After::either: {
        const std::uint8_t* written = unmasked_at(piece.begin);
        for (std::size_t i = 0; i < size; ++i) {
          const std::uint8_t was = old ? old[i] : canary.at(piece.begin + kCanaryBytes + i);
          if (actual[i] != was && actual[i] != written[i]) return false;
        }
        return true;
      }
    }
    return false;
  });
}

std::vector<std::uint8_t> WindowExpectation::expected(const std::uint8_t* window,
                                                      std::ptrdiff_t first,
                                                      std::ptrdiff_t last) const {
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(last - first));
  write_before(bytes.data(), first, last);
  for_each_piece(contract, beyond, first, last, [&](const Piece& piece) {
    if (piece.after == After::before) return true;
    const std::uint8_t* written = unmasked_at(piece.begin);
    for (std::size_t i = 0; i < size_of(piece); ++i) {
      const std::size_t at = static_cast<std::size_t>(piece.begin - first) + i;
      if (piece.after == After::unmasked || window[at] == written[i]) bytes[at] = written[i];
    }
    return true;
  });
  return bytes;
}

}  // namespace maskcheck
