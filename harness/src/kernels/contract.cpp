#include "kernels/contract.h"

#include <algorithm>

namespace maskcheck {

namespace {

// The key as seen from payload byte `by`: byte by byte, independent of any kernel's rotation.
Key rotated(Key key, std::size_t by) {
  Key result;
  for (std::size_t i = 0; i < 4; ++i) result[i] = key[(i + by) & 3];
  return result;
}

}  // namespace

Contract contract_for(const TestCase& c) {
  const Entry& entry = *c.entry;
  const std::size_t shift = moves_data(entry) ? c.shift : 0;
  Contract contract;
  if (c.dst_above) {
    // dst starts `shift` bytes after src, its footprint wholly above src's.
    contract.src_offset = entry.read.before;
    contract.dst_offset = contract.src_offset + shift;
  } else {
    // dst starts `shift` bytes before src; each footprint may reach before its pointer.
    contract.src_offset = std::max<std::size_t>(entry.read.before, shift + entry.write.before);
    contract.dst_offset = contract.src_offset - shift;
  }
  contract.read = {contract.src_offset - entry.read.before,
                   contract.src_offset + extent_end(entry.read, c.length)};
  contract.write = {contract.dst_offset - entry.write.before,
                    contract.dst_offset + extent_end(entry.write, c.length)};
  contract.payload = {contract.dst_offset, contract.dst_offset + c.length};
  contract.span = std::max(contract.read.end, contract.write.end);
  return contract;
}

Key key_for_call(const TestCase& c) {
  return c.entry->key == MASKCHECK_KEY_ROTATED ? rotated(c.key, c.phase) : c.key;
}

CallResult expected_result(const TestCase& c) {
  const auto next = static_cast<std::uint32_t>((c.phase + c.length) & 3);
  switch (c.entry->key) {
    case MASKCHECK_KEY_PHASE: return {next, c.key};
    case MASKCHECK_KEY_ROTATED: return {0, rotated(c.key, next)};
    case MASKCHECK_KEY_FROM_START: return {0, c.key};
  }
  return {};
}

CallResult call_entry(const TestCase& c, std::uint8_t* lo) {
  const Contract contract = contract_for(c);
  Key key = key_for_call(c);
  CallResult result;
  const std::uint32_t phase = c.entry->call(lo + contract.dst_offset, lo + contract.src_offset,
                                            c.length, key.data(), c.phase);
  // Only what the entry's key carriage makes meaningful: a returned phase, or the key it left.
  if (c.entry->key == MASKCHECK_KEY_PHASE) result.phase = phase;
  result.key = c.entry->key == MASKCHECK_KEY_ROTATED ? key : c.key;
  return result;
}

}  // namespace maskcheck
