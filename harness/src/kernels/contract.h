// A case's footprints, from its entry point's declaration, laid out in one span that starts at the
// lowest byte the call may touch (`lo`). Offsets below are relative to lo.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/test_case.h"

namespace maskcheck {

struct ByteRange {
  std::size_t begin = 0;
  std::size_t end = 0;
  constexpr bool contains(std::size_t offset) const { return begin <= offset && offset < end; }
  constexpr std::size_t size() const { return end - begin; }
};

struct Contract {
  ByteRange read;
  ByteRange write;
  ByteRange payload;  // [dst, dst + n): what every entry point must unmask
  std::size_t src_offset = 0;
  std::size_t dst_offset = 0;
  std::size_t span = 0;  // lo .. the end of the later footprint; what the arena must expose
};

Contract contract_for(const TestCase& test_case);

// What a call leaves behind besides bytes: the phase it returned, and the key as it left it.
struct CallResult {
  std::uint32_t phase = 0;
  Key key{};
  bool operator==(const CallResult&) const = default;
};

// The key an entry point is called with for a case: rotated to the phase when it carries a
// rotated key, as given otherwise.
Key key_for_call(const TestCase& test_case);
// What a correct call returns for the case: the next phase, and the key rotated past the payload.
CallResult expected_result(const TestCase& test_case);

// Calls the entry point with src and dst placed at lo + the contract's offsets.
CallResult call_entry(const TestCase& test_case, std::uint8_t* lo);

}  // namespace maskcheck
