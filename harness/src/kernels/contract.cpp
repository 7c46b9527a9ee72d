#include "maskcheck/contract.h"

#include <algorithm>

namespace maskcheck {

Contract contract_for(const TestCase& c) {
  std::size_t extent = c.length;
  if (c.entry == EntryPoint::imprecise) extent = imprecise_extent(c.length);
  if (c.entry == EntryPoint::inplace) extent = inplace_extent(c.length);
  Contract contract;
  contract.dst_offset = 0;
  contract.src_offset = moves_data(c.entry) ? c.shift : 0;
  contract.write = {contract.dst_offset, contract.dst_offset + extent};
  contract.read = {contract.src_offset, contract.src_offset + extent};
  contract.span = std::max(contract.read.end, contract.write.end);
  return contract;
}

unsigned call_entry(const UnmaskFunctions& entries, const TestCase& c, std::uint8_t* lo) {
  const Contract contract = contract_for(c);
  std::uint8_t* dst = lo + contract.dst_offset;
  const std::uint8_t* src = lo + contract.src_offset;
  switch (c.entry) {
    case EntryPoint::words: entries.words(dst, src, c.length, c.key); return 0;
    case EntryPoint::imprecise: entries.imprecise(dst, src, c.key, c.length); return 0;
    case EntryPoint::inplace: entries.inplace(dst, c.key, c.length); return 0;
    case EntryPoint::exact: return entries.exact(dst, src, c.length, c.key, c.phase);
  }
  return 0;
}

}  // namespace maskcheck
