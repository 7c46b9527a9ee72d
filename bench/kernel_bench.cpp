// Throughput of every built-in kernel's entry points, with memmove on the same buffers as the
// ceiling. Names are ENTRY/KERNEL/PAYLOAD (memmove/PAYLOAD); bytes/s counts payload bytes.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "maskcheck/entry_point.h"
#include "maskcheck/kernel_registry.h"

namespace maskcheck {
namespace {

constexpr std::array<std::size_t, 9> kPayloads{8,     32,    125,     256,     1024,
                                               16384, 65536, 1048576, 67108864};
constexpr Key kKey{0x37, 0xfa, 0x21, 0x3d};
// imprecise reads and writes up to 4 bytes past the payload.
constexpr std::size_t kSlack = 4;

// Both buffers start on a 64-byte boundary, so every kernel and memmove see the same cache-line
// layout (a plain large allocation starts 16 bytes into a page: every other 32-byte access would
// straddle two lines).
constexpr std::align_val_t kCacheLine{64};

struct AlignedBytes {
  explicit AlignedBytes(std::uint8_t fill)
      : bytes(new (kCacheLine) std::uint8_t[kPayloads.back() + kSlack]) {
    // Touched once up front, so no run pays page faults.
    std::memset(bytes.get(), fill, kPayloads.back() + kSlack);
  }
  std::uint8_t* data() { return bytes.get(); }

  struct Delete {
    void operator()(std::uint8_t* p) const { ::operator delete[](p, kCacheLine); }
  };
  std::unique_ptr<std::uint8_t[], Delete> bytes;
};

// One pair of buffers for every benchmark.
struct Buffers {
  AlignedBytes src{0xa5};
  AlignedBytes dst{0x5a};
};

Buffers& buffers() {
  static Buffers shared;
  return shared;
}

void call(const UnmaskFunctions& entries, EntryPoint entry, std::uint8_t* dst,
          const std::uint8_t* src, std::size_t n) {
  switch (entry) {
    case EntryPoint::words: entries.words(dst, src, n & ~std::size_t{3}, kKey); return;
    case EntryPoint::imprecise: entries.imprecise(dst, src, kKey, n); return;
    case EntryPoint::inplace: entries.inplace(dst, kKey, n); return;
    case EntryPoint::exact: benchmark::DoNotOptimize(entries.exact(dst, src, n, kKey, 1)); return;
  }
}

void unmask(benchmark::State& state, const Kernel* kernel, EntryPoint entry, std::size_t n) {
  Buffers& shared = buffers();
  for (auto _ : state) {
    call(kernel->entries, entry, shared.dst.data(), shared.src.data(), n);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void copy(benchmark::State& state, std::size_t n) {
  Buffers& shared = buffers();
  for (auto _ : state) {
    std::memmove(shared.dst.data(), shared.src.data(), n);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void register_benchmarks() {
  for (std::size_t n : kPayloads) {
    const std::string payload = std::to_string(n);
    for (EntryPoint entry : kAllEntryPoints) {
      for (const Kernel* kernel : all_kernels()) {
        if (!kernel->cpu_supports()) continue;
        const std::string name =
            std::string(entry_point_name(entry)) + "/" + std::string(kernel->name) + "/" + payload;
        benchmark::RegisterBenchmark(name.c_str(), unmask, kernel, entry, n);
      }
    }
    benchmark::RegisterBenchmark(("memmove/" + payload).c_str(), copy, n);
  }
}

}  // namespace
}  // namespace maskcheck

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  // Plug-in kernels (MASKCHECK_PLUGINS) are measured beside the built-ins, in the same run.
  if (const std::string error = maskcheck::load_plugins_from_environment(); !error.empty()) {
    std::fprintf(stderr, "kernel_bench: %s\n", error.c_str());
    return 2;
  }
  maskcheck::buffers();
  maskcheck::register_benchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
