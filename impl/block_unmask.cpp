#include "maskcheck/block_unmask.h"

#include "maskcheck/entries_from_words.h"
#include "scalar_steps.h"

namespace maskcheck::block {

using detail::xor_block;

void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
  const std::uint64_t lane = detail::key_lane(key);
  std::size_t done = 0;
  for (; n4 - done >= 64; done += 64) xor_block<64>(dst + done, src + done, lane);
  const std::size_t tail = n4 - done;
  if (tail & 32) {
    xor_block<32>(dst + done, src + done, lane);
    done += 32;
  }
  if (tail & 16) {
    xor_block<16>(dst + done, src + done, lane);
    done += 16;
  }
  if (tail & 8) {
    xor_block<8>(dst + done, src + done, lane);
    done += 8;
  }
  if (tail & 4) xor_block<4>(dst + done, src + done, lane);
}

void unmask_imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
  FromWords<unmask_words>::imprecise(dst, src, key, n);
}

void unmask_inplace(std::uint8_t* data, Key key, std::size_t n) {
  FromWords<unmask_words>::inplace(data, key, n);
}

unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase) {
  return FromWords<unmask_words>::exact(dst, src, n, key, phase);
}

}  // namespace maskcheck::block
