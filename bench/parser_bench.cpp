// The frame parser on each kernel: back-to-back masked frames of one payload size, fed in reads
// of at most 512 KiB, each read refilled from a pristine copy of the stream first. Only the work on
// each read is timed, not its refill: parser/KERNEL/SIZE moves each payload back over its header
// (the default), parser-in-place/KERNEL/SIZE unmasks it where it lies. unmask/KERNEL/SIZE unmasks
// each refilled read whole in one call, the kernel's own work on the same bytes in the same cache
// state, and moved/KERNEL/SIZE does so moving the read back by the frames' header size, as the
// parser moves each payload: parser minus moved is the parsing's own cost. Bytes/s counts payload
// bytes; the checksum counter (of every payload byte delivered, taken once outside the timing)
// shows every kernel delivered the same bytes. declared/PARSER/SIZE drives a parser through its C
// declaration (maskcheck/parser_plugin.h), on the fastest kernel here if it takes one: maskcheck's
// own beside each plug-in parser named in MASKCHECK_PARSER_PLUGINS, in the same buffers. Each
// benchmark makes one untimed pass first: in a VM the first touch of fresh memory is slow (a 64 MiB
// refill's first pass took 86 ms, the next 3 ms).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "streams/frame_builder.h"
#include "maskcheck/frame_parser.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "maskcheck/unmask_selection.h"

namespace maskcheck {
namespace {

constexpr std::array<std::size_t, 9> kPayloads{8,     32,    125,     256,     1024,
                                               16384, 65536, 1048576, 67108864};
constexpr std::size_t kReadSize = 512 * 1024;
constexpr std::size_t kStreamBytes = 4 * 1024 * 1024;  // per iteration, or one frame if larger
constexpr Key kKey{0x37, 0xfa, 0x21, 0x3d};
constexpr std::size_t kDataOffset = 64;  // the read starts on a cache line, padding before it

struct Stream {
  std::vector<std::uint8_t> bytes;
  std::uint64_t payload_bytes = 0;
};

Stream make_stream(std::size_t n) {
  std::vector<std::uint8_t> payload(n);
  for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<std::uint8_t>(i * 131 + 7);
  Stream stream;
  const std::size_t frames = std::max<std::size_t>(1, kStreamBytes / (n + 14));
  for (std::size_t f = 0; f < frames; ++f)
    append_frame(stream.bytes, {kFin | opcode::binary, payload, kKey, 0});
  stream.payload_bytes = static_cast<std::uint64_t>(frames) * n;
  return stream;
}

// Where each read is copied to before the parser sees it, with a contract's padding around it
// (impl's parser's by default; the read starts on a cache line).
struct ReceiveBuffer {
  explicit ReceiveBuffer(std::size_t before = kDataOffset, std::size_t after = kReceivePostPadding)
      : offset((before + kDataOffset - 1) / kDataOffset * kDataOffset),
        bytes(offset + kReadSize + after) {}
  std::uint8_t* data() { return bytes.data() + offset; }
  std::size_t offset;
  std::vector<std::uint8_t> bytes;
};

struct CountingHandler final : FrameHandler {
  void on_data(std::uint8_t, bool, std::span<const std::uint8_t> fragment, std::uint64_t) override {
    benchmark::DoNotOptimize(fragment.data());
    delivered += fragment.size();
  }
  void on_control(std::uint8_t, std::span<const std::uint8_t>) override {}
  void on_error(FrameError) override { failed = true; }
  std::uint64_t delivered = 0;
  bool failed = false;
};

struct ChecksumHandler final : FrameHandler {
  void on_data(std::uint8_t, bool, std::span<const std::uint8_t> fragment, std::uint64_t) override {
    for (std::uint8_t byte : fragment) sum = (sum * 131 + byte) % 1000000007;
  }
  void on_control(std::uint8_t, std::span<const std::uint8_t>) override {}
  void on_error(FrameError) override {}
  std::uint64_t sum = 0;
};

// One pass over the stream: refill each read from the pristine copy, then hand it to `take`.
template <typename Take>
void feed(const Stream& stream, ReceiveBuffer& buffer, const Take& take) {
  for (std::size_t at = 0; at < stream.bytes.size(); at += kReadSize) {
    const std::size_t length = std::min(kReadSize, stream.bytes.size() - at);
    std::memcpy(buffer.data(), stream.bytes.data() + at, length);
    benchmark::DoNotOptimize(buffer.data());  // the refill must happen whatever `take` does
    take(buffer.data(), length);
  }
  benchmark::ClobberMemory();
}

// One pass, timing `take` on each read and not the refill before it. Timed together, the refill
// (a 4 MiB copy) took 53 of the parser's 76 us, and subtracting it made the ratios swing by a tenth
// between runs; two clock reads a read (the TSC, no system call) cost far less.
template <typename Take>
double seconds_taking(const Stream& stream, ReceiveBuffer& buffer, const Take& take) {
  std::chrono::steady_clock::duration taking{};
  feed(stream, buffer, [&](std::uint8_t* data, std::size_t length) {
    const auto start = std::chrono::steady_clock::now();
    take(data, length);
    taking += std::chrono::steady_clock::now() - start;
  });
  return std::chrono::duration<double>(taking).count();
}

auto consumer(FrameParser& parser) {
  return [&parser](std::uint8_t* data, std::size_t length) { parser.consume(data, length); };
}

void parse(benchmark::State& state, const Kernel* kernel, std::size_t n, MoveBack move_back) {
  const Stream stream = make_stream(n);
  ReceiveBuffer buffer;
  const ParserOptions options{.move_back = move_back};
  ChecksumHandler checksum;
  FrameParser checked(*kernel->functions, checksum, options);
  feed(stream, buffer, consumer(checked));  // the untimed pass, which also takes the checksum
  for (auto _ : state) {
    CountingHandler handler;
    FrameParser parser(*kernel->functions, handler, options);
    state.SetIterationTime(seconds_taking(stream, buffer, consumer(parser)));
    if (handler.failed || handler.delivered != stream.payload_bytes)
      state.SkipWithError("parser lost bytes");
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * stream.payload_bytes));
  state.counters["checksum"] = static_cast<double>(checksum.sum);
  state.counters["payload_bytes"] = static_cast<double>(stream.payload_bytes);
}

// Each read whole in one kernel call: in place (shift 0), or moved back by `shift` bytes as the
// parser moves each payload back over its header. Headers are unmasked too: a few bytes more work
// than the parser's, never less.
void unmask(benchmark::State& state, const Kernel* kernel, std::size_t n, std::size_t shift) {
  const Stream stream = make_stream(n);
  ReceiveBuffer buffer;
  const UnmaskFunctions& functions = *kernel->functions;
  const auto unmask_read = [&](std::uint8_t* data, std::size_t length) {
    if (shift == 0) return functions.inplace(data, kKey, length);
    functions.imprecise(data - shift, data, kKey, length);
  };
  feed(stream, buffer, unmask_read);  // the untimed pass
  for (auto _ : state) state.SetIterationTime(seconds_taking(stream, buffer, unmask_read));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * stream.payload_bytes));
  state.counters["payload_bytes"] = static_cast<double>(stream.payload_bytes);
}

// Payload bytes a declared parser hands out, through its event callbacks (which point at it: it
// stays where it is made).
struct DeclaredEvents {
  DeclaredEvents() = default;
  DeclaredEvents(const DeclaredEvents&) = delete;
  DeclaredEvents& operator=(const DeclaredEvents&) = delete;
  std::uint64_t delivered = 0;
  bool failed = false;
  maskcheck_parser_events events{
      this,
      [](void* self, std::uint8_t, int, const std::uint8_t* payload, std::size_t n, std::uint64_t) {
        benchmark::DoNotOptimize(payload);
        static_cast<DeclaredEvents*>(self)->delivered += n;
      },
      [](void* self, std::uint8_t, const std::uint8_t* payload, std::size_t n) {
        benchmark::DoNotOptimize(payload);
        static_cast<DeclaredEvents*>(self)->delivered += n;
      },
      [](void*, std::uint8_t, const std::uint8_t*, std::size_t) {},
      [](void* self, maskcheck_frame_error) { static_cast<DeclaredEvents*>(self)->failed = true; }};
};

void parse_declared(benchmark::State& state, const Parser* parser, std::size_t n) {
  const Stream stream = make_stream(n);
  ReceiveBuffer buffer(parser->buffer.read_before, parser->buffer.read_after);
  const Kernel* kernel = find_kernel(fastest_unmask().name);
  const maskcheck_parser_kernel view = parser_kernel_view(*kernel);
  const maskcheck_parser_options options{kStreamBytes * 32, 0};  // past every frame here
  DeclaredEvents events;
  auto connect = [&] {
    return parser->create(parser->takes_kernel ? &view : nullptr, &options, &events.events);
  };
  void* untimed = connect();
  feed(stream, buffer,
       [&](std::uint8_t* data, std::size_t length) { parser->consume(untimed, data, length); });
  parser->destroy(untimed);
  for (auto _ : state) {
    events.delivered = 0;
    events.failed = false;
    void* connection = connect();
    state.SetIterationTime(
        seconds_taking(stream, buffer, [&](std::uint8_t* data, std::size_t length) {
          parser->consume(connection, data, length);
        }));
    parser->destroy(connection);
    if (events.failed || events.delivered != stream.payload_bytes)
      state.SkipWithError("parser lost bytes");
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * stream.payload_bytes));
  state.counters["payload_bytes"] = static_cast<double>(stream.payload_bytes);
}

void register_benchmarks() {
  for (const Parser* parser : all_parsers()) {
    for (std::size_t n : kPayloads) {
      const std::string name = "declared/" + std::string(parser->name) + "/" + std::to_string(n);
      benchmark::RegisterBenchmark(name.c_str(), parse_declared, parser, n)->UseManualTime();
    }
  }
  for (std::size_t n : kPayloads) {
    const std::string payload = std::to_string(n);
    for (const Kernel& kernel : builtin_kernels()) {
      if (!kernel.runs_here()) continue;
      const std::string name = std::string(kernel.name) + "/" + payload;
      benchmark::RegisterBenchmark(("parser/" + name).c_str(), parse, &kernel, n,
                                   MoveBack::over_header)
          ->UseManualTime();
      benchmark::RegisterBenchmark(("parser-in-place/" + name).c_str(), parse, &kernel, n,
                                   MoveBack::in_place)
          ->UseManualTime();
      benchmark::RegisterBenchmark(("unmask/" + name).c_str(), unmask, &kernel, n, 0)
          ->UseManualTime();
      benchmark::RegisterBenchmark(("moved/" + name).c_str(), unmask, &kernel, n,
                                   minimal_header_size(n))
          ->UseManualTime();
    }
  }
}

}  // namespace
}  // namespace maskcheck

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  if (const std::string error = maskcheck::load_parser_plugins_from_environment(); !error.empty()) {
    std::fprintf(stderr, "parser_bench: MASKCHECK_PARSER_PLUGINS: %s\n", error.c_str());
    return 2;
  }
  maskcheck::register_benchmarks();
  // A filter that matches nothing is a mistake, and a smoke run of nothing must not pass.
  const std::size_t ran = benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return ran == 0 ? 2 : 0;
}
