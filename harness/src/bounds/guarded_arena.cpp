#include "bounds/guarded_arena.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>

#include "core/sanitizers.h"

namespace maskcheck {

namespace {

std::size_t round_up(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

// ASan shadow granules are 8 bytes; widen a window to whole granules so poisoning is total.
std::span<std::uint8_t> whole_granules(std::span<std::uint8_t> window) {
  const auto begin = reinterpret_cast<std::uintptr_t>(window.data()) & ~std::uintptr_t{7};
  const auto end = round_up(reinterpret_cast<std::uintptr_t>(window.data() + window.size()), 8);
  return {reinterpret_cast<std::uint8_t*>(begin), end - begin};
}

}  // namespace

GuardedArena::GuardedArena(std::size_t max_span)
    : max_span_(max_span), page_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) {
  // Room for the aligned placement: canaries on both sides plus up to 63 bytes of alignment.
  data_bytes_ = round_up(max_span + 3 * kCanaryBytes + 64, page_);
  void* mapping = mmap(nullptr, data_bytes_ + 2 * page_, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED) throw std::runtime_error("guarded arena: mmap failed");
  mapping_ = static_cast<std::uint8_t*>(mapping);
  data_ = mapping_ + page_;
  if (mprotect(mapping_, page_, PROT_NONE) != 0 ||
      mprotect(data_ + data_bytes_, page_, PROT_NONE) != 0) {
    munmap(mapping_, data_bytes_ + 2 * page_);
    throw std::runtime_error("guarded arena: mprotect failed");
  }
  poison(mapping_, data_bytes_ + 2 * page_);
}

GuardedArena::~GuardedArena() {
  unpoison(mapping_, data_bytes_ + 2 * page_);  // ASan would otherwise flag the next mapping here
  munmap(mapping_, data_bytes_ + 2 * page_);
}

PlacedSpan GuardedArena::place(Placement placement, std::size_t span, std::size_t src_offset,
                               unsigned alignment) const {
  if (span > max_span_) throw std::length_error("guarded arena: span larger than the arena");
  std::uint8_t* const data_end = data_ + data_bytes_;
  switch (placement) {
    case Placement::end_at_guard: {
      std::uint8_t* lo = data_end - span;
      return {lo, {lo - kCanaryBytes, span + kCanaryBytes}, kCanaryBytes};
    }
    case Placement::start_after_guard: return {data_, {data_, span + kCanaryBytes}, 0};
    case Placement::aligned: {
      // data_ is page aligned, so this puts src = lo + src_offset at `alignment` modulo 64.
      const std::size_t skew = (alignment + 64 - src_offset % 64) % 64;
      std::uint8_t* lo = data_ + kCanaryBytes + skew;
      return {lo, {lo - kCanaryBytes, span + 2 * kCanaryBytes}, kCanaryBytes};
    }
  }
  throw std::logic_error("guarded arena: unknown placement");
}

void GuardedArena::expose(std::span<std::uint8_t> window) const {
  const auto granules = whole_granules(window);
  unpoison(granules.data(), granules.size());
}

void GuardedArena::restrict_to(std::uint8_t* lo, std::size_t span,
                               std::span<std::uint8_t> window) const {
  seal(window);
  unpoison(lo, span);
}

void GuardedArena::seal(std::span<std::uint8_t> window) const {
  const auto granules = whole_granules(window);
  poison(granules.data(), granules.size());
}

std::span<const std::uint8_t> GuardedArena::leading_guard() const {
  return {mapping_, page_};
}

std::span<const std::uint8_t> GuardedArena::trailing_guard() const {
  return {data_ + data_bytes_, page_};
}

}  // namespace maskcheck
