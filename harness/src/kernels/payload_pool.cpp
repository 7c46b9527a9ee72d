#include "kernels/payload_pool.h"

#include <algorithm>
#include <cstring>

#include "maskcheck/reference_unmask.h"

namespace maskcheck {

namespace {

// xorshift64, all eight bytes of each step: a 64 MiB pool in a few milliseconds.
std::vector<std::uint8_t> random_bytes(std::size_t size) {
  std::vector<std::uint8_t> bytes(size);
  std::uint64_t state = 0x9e3779b97f4a7c15u;
  for (std::size_t at = 0; at < size; at += sizeof state) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    std::memcpy(bytes.data() + at, &state, std::min(sizeof state, size - at));
  }
  return bytes;
}

}  // namespace

PayloadPool::PayloadPool(std::size_t size) : bytes_(random_bytes(size)) {}

const PayloadPool& PayloadPool::at_least(std::size_t size) {
  static std::mutex mutex;
  static std::vector<std::unique_ptr<PayloadPool>> pools;  // for the process: differs point in
  const std::lock_guard lock(mutex);
  for (const auto& pool : pools) {
    if (pool->bytes_.size() >= size) return *pool;
  }
  return *pools.emplace_back(std::make_unique<PayloadPool>(size));
}

const std::uint8_t* PayloadPool::unmasked(Key key) const {
  const std::lock_guard lock(mutex_);
  for (const auto& made : unmasked_) {
    if (made->key == key) return made->bytes.data();
  }
  if (unmasked_.size() == kMostKeys) return nullptr;
  auto made = std::make_unique<Unmasked>(Unmasked{key, std::vector<std::uint8_t>(bytes_.size())});
  reference::unmask_exact(made->bytes.data(), bytes_.data(), bytes_.size(), key, 0);
  return unmasked_.emplace_back(std::move(made))->bytes.data();
}

}  // namespace maskcheck
