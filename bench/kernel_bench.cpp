// Throughput of every kernel's entry points, each called only the way its declared contract
// allows, with memmove on the same buffers as the ceiling. Names are ENTRY/KERNEL/PAYLOAD
// (memmove/PAYLOAD); bytes/s counts payload bytes.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "maskcheck/cpu_features.h"
#include "core/entry_contract.h"
#include "registry/kernel_registry.h"

namespace maskcheck {
namespace {

constexpr std::array<std::size_t, 9> kPayloads{8,     32,    125,     256,     1024,
                                               16384, 65536, 1048576, 67108864};
constexpr Key kKey{0x37, 0xfa, 0x21, 0x3d};
// Room around a payload for what a declared footprint may reach before and after it.
constexpr std::size_t kSlack = 256;

// Both buffers start on a 64-byte boundary, so every kernel and memmove see the same cache-line
// layout (a plain large allocation starts 16 bytes into a page: every other 32-byte access would
// straddle two lines).
constexpr std::align_val_t kCacheLine{64};

struct AlignedBytes {
  explicit AlignedBytes(std::uint8_t fill) : bytes(new (kCacheLine) std::uint8_t[kBytes]) {
    // Touched once up front, so no run pays page faults.
    std::memset(bytes.get(), fill, kBytes);
  }
  static constexpr std::size_t kBytes = kSlack + kPayloads.back() + kSlack;
  std::uint8_t* data() { return bytes.get(); }

  struct Delete {
    void operator()(std::uint8_t* p) const { ::operator delete[](p, kCacheLine); }
  };
  std::unique_ptr<std::uint8_t[], Delete> bytes;
};

// One pair of buffers for every benchmark: dst lies wholly below src, as a payload copied out of
// a receive buffer into a message buffer; both start kSlack bytes in, on a 64-byte boundary.
struct Buffers {
  AlignedBytes dst{0x5a};
  AlignedBytes src{0xa5};
};

Buffers& buffers() {
  static Buffers shared;
  return shared;
}

// Where a moving entry's contract lets a call put dst: wholly below src when any shift goes,
// `min_shift` bytes below it in the same buffer when the shift is bounded.
std::uint8_t* destination_for(const Entry& entry, Buffers& shared) {
  std::uint8_t* src = shared.src.data() + kSlack;
  if (entry.max_shift == MASKCHECK_ANY_SHIFT) return shared.dst.data() + kSlack;
  return src - entry.min_shift;
}

// The benchmark that runs now, for the line a fault prints: a plug-in kernel may fault, and a
// bare "Segmentation fault" would not say which.
const char* running = nullptr;

void report_fault(int signal_number) {
  const char* parts[] = {"kernel_bench: ", running ? running : "(between benchmarks)", ": ",
                         strsignal(signal_number), "\n"};
  for (const char* part : parts) {
    if (write(STDERR_FILENO, part, std::strlen(part)) < 0) break;
  }
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

void report_faults() {
  for (int signal_number : {SIGSEGV, SIGBUS, SIGILL, SIGFPE})
    std::signal(signal_number, report_fault);
}

// Names with the call's placement, alive as long as the benchmarks.
std::deque<std::string> described;

// In words, where destination_for puts dst.
std::string placement(const Entry& entry) {
  if (!moves_data(entry)) return "in place, in each buffer by turns";
  if (entry.max_shift == MASKCHECK_ANY_SHIFT) return "dst in a buffer below src";
  return "dst = src - " + std::to_string(entry.min_shift);
}

template <class Call>
void time_calls(benchmark::State& state, std::size_t n, Call call) {
  for (auto _ : state) {
    call();
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

// maskcheck's own kernels are called as the frame parser calls them, through their
// UnmaskFunctions; a plug-in through its declared entry. Timing the own kernels through the
// plug-in ABI's adapter would add about 1.3 ns a call, half of what a 256-byte payload takes.
// An in-place entry alternates between the two buffers memmove uses: on one buffer, each call's
// loads would wait for the previous call's stores to the same bytes, a chain no server has.
void unmask(benchmark::State& state, const Kernel* kernel, const Entry* entry, std::size_t n,
            const char* description) {
  Buffers& shared = buffers();
  running = description;
  std::uint8_t* const src = shared.src.data() + kSlack;
  std::uint8_t* const dst = moves_data(*entry) ? destination_for(*entry, shared) : nullptr;
  std::uint8_t* const in_place[2] = {src, shared.dst.data() + kSlack};
  std::size_t turn = 0;
  const std::size_t length = n - n % entry->length_multiple;
  const std::string_view name = entry->name;
  // Only maskcheck's own: a plug-in that fits the parser has UnmaskFunctions too, trampolines onto
  // its one moving entry, which this entry may not be.
  const bool builtin = std::ranges::any_of(
      builtin_kernels(), [&](const Kernel& candidate) { return &candidate == kernel; });
  const UnmaskFunctions* own = builtin ? kernel->functions : nullptr;
  // An entry that carries a rotated key rotates its argument: each call gets a fresh copy.
  if (own == nullptr && moves_data(*entry)) {
    time_calls(state, n, [&] {
      Key key = kKey;
      benchmark::DoNotOptimize(entry->call(dst, src, length, key.data(), 1));
    });
  } else if (own == nullptr) {
    time_calls(state, n, [&] {
      Key key = kKey;
      std::uint8_t* const data = in_place[turn ^= 1];
      benchmark::DoNotOptimize(entry->call(data, data, length, key.data(), 1));
    });
  } else if (name == "words") {
    time_calls(state, n, [&] { own->words(dst, src, length, kKey); });
  } else if (name == "imprecise") {
    time_calls(state, n, [&] { own->imprecise(dst, src, kKey, length); });
  } else if (name == "inplace") {
    time_calls(state, n, [&] { own->inplace(in_place[turn ^= 1], kKey, length); });
  } else {
    time_calls(state, n, [&] { benchmark::DoNotOptimize(own->exact(dst, src, length, kKey, 1)); });
  }
}

void copy(benchmark::State& state, std::size_t n) {
  Buffers& shared = buffers();
  time_calls(state, n,
             [&] { std::memmove(shared.dst.data() + kSlack, shared.src.data() + kSlack, n); });
}

#if defined(__x86_64__)
// The control for avx2: a copy with its loop (32-byte vectors, each stored right after its load)
// and no XOR. Where avx2 trails memmove and this copy trails it as much, the gap is the 32-byte
// vector copy's, not the unmasking's: memmove takes 64-byte stores or `rep movsb` there.
[[gnu::target("avx2")]] void copy_32_byte_vectors(std::uint8_t* dst, const std::uint8_t* src,
                                                  std::size_t n) {
  constexpr std::size_t kVector = 32;
  for (std::size_t at = 0; at < n; at += kVector) {
    const __m256i vector = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + at));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + at), vector);
  }
}

void copy_vectors(benchmark::State& state, std::size_t n) {
  Buffers& shared = buffers();
  time_calls(state, n, [&] {
    copy_32_byte_vectors(shared.dst.data() + kSlack, shared.src.data() + kSlack, n);
  });
}
#endif

void register_benchmarks() {
  for (std::size_t n : kPayloads) {
    const std::string payload = std::to_string(n);
    for (const Kernel* kernel : all_kernels()) {
      if (!kernel->runs_here()) continue;
      for (const Entry& entry : kernel->entries) {
        const std::string name =
            std::string(entry.name) + "/" + std::string(kernel->name) + "/" + payload;
        described.push_back(name + " (n " + payload + ", " + placement(entry) + ")");
        benchmark::RegisterBenchmark(name.c_str(), unmask, kernel, &entry, n,
                                     described.back().c_str());
      }
    }
    benchmark::RegisterBenchmark(("memmove/" + payload).c_str(), copy, n);
#if defined(__x86_64__)
    if (cpu_has_avx2() && n % 32 == 0)
      benchmark::RegisterBenchmark(("copy32/" + payload).c_str(), copy_vectors, n);
#endif
  }
}

}  // namespace
}  // namespace maskcheck

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  // Plug-in kernels (MASKCHECK_PLUGINS) are measured beside the built-ins, in the same run.
  if (const std::string error = maskcheck::load_plugins_from_environment(); !error.empty()) {
    std::fprintf(stderr, "kernel_bench: %s\n", error.c_str());
    return 2;
  }
  maskcheck::buffers();
  maskcheck::register_benchmarks();
  maskcheck::report_faults();
  // A filter that matches nothing is a mistake, and a smoke run of nothing must not pass.
  const std::size_t ran = benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return ran == 0 ? 2 : 0;
}
