// Memory in which exactly a contract's span is addressable. A PROT_NONE page sits on both sides
// of the data pages, so a span can end right at one or start right after the other; in ASan
// builds everything but the open span is also poisoned, which makes the end exact at any byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace maskcheck {

enum class Placement {
  end_at_guard,       // the first byte past the span is a PROT_NONE page
  start_after_guard,  // the byte before the span is a PROT_NONE page
  aligned,            // src at the case's alignment, canaries on both sides
};

inline constexpr std::size_t kCanaryBytes = 64;

struct PlacedSpan {
  std::uint8_t* lo;                // first byte of the span
  std::span<std::uint8_t> window;  // the span plus the canary bytes the placement allows
  std::size_t lo_in_window;        // lo - window.data()
};

class GuardedArena {
 public:
  explicit GuardedArena(std::size_t max_span);
  ~GuardedArena();
  GuardedArena(const GuardedArena&) = delete;
  GuardedArena& operator=(const GuardedArena&) = delete;

  std::size_t max_span() const { return max_span_; }

  // Where a span goes: `src_offset` and `alignment` matter only for Placement::aligned.
  PlacedSpan place(Placement placement, std::size_t span, std::size_t src_offset,
                   unsigned alignment) const;

  // ASan only (no-ops elsewhere): let the harness touch a window, or only the span itself.
  void expose(std::span<std::uint8_t> window) const;
  void restrict_to(std::uint8_t* lo, std::size_t span, std::span<std::uint8_t> window) const;
  void seal(std::span<std::uint8_t> window) const;

  std::span<const std::uint8_t> leading_guard() const;
  std::span<const std::uint8_t> trailing_guard() const;

 private:
  std::size_t max_span_;
  std::size_t data_bytes_;
  std::size_t page_;
  std::uint8_t* mapping_;
  std::uint8_t* data_;
};

}  // namespace maskcheck
