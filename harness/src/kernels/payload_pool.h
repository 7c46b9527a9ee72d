// The pseudo-random bytes every case's payload is cut from and, per key, those bytes as the
// reference unmasks them from phase 0. A case whose payload starts on a pool byte of its phase
// finds its expected output as a slice of the latter: the reference runs once per key and pool,
// not once per case (it was 41% of a sweep's time, and most of a 64 MiB case's).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "core/kernel.h"

namespace maskcheck {

class PayloadPool {
 public:
  // The process's shared pool of at least `size` bytes, made on first use. A longer pool starts
  // with the same bytes as a shorter one.
  static const PayloadPool& at_least(std::size_t size);

  std::span<const std::uint8_t> bytes() const { return bytes_; }
  // Byte j of the pool XOR key[j % 4], by the reference, made on first use; nullptr once
  // kMostKeys keys have their own (a fuzzer's keys), where the caller runs the reference itself.
  const std::uint8_t* unmasked(Key key) const;

  static constexpr std::size_t kMostKeys = 16;

  explicit PayloadPool(std::size_t size);

 private:
  struct Unmasked {
    Key key;
    std::vector<std::uint8_t> bytes;
  };
  std::vector<std::uint8_t> bytes_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<Unmasked>> unmasked_;  // never shrinks: pointers stay valid
};

}  // namespace maskcheck
