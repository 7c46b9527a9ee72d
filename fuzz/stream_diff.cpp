// Fuzz target: a stream of frames (valid or not) cut into reads, through a parser (maskcheck's own,
// or the plug-ins MASKCHECK_PARSER_PLUGINS names) on a kernel this CPU runs, compared event by
// event with the reference decoder. Flags: bits 0-1 the variant, bits 2-3 the kernel, 0x10 the
// guard placement, 0x20 no message size limit, bits 6-7 the parser.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_failure.h"
#include "fuzz_parsers.h"
#include "registry/kernel_registry.h"
#include "core/message_limits.h"
#include "maskcheck/reference_frame_decoder.h"
#include "streams/stream_differ.h"
#include "stream_input.h"

namespace {

using namespace maskcheck;

// Inputs are at most a few hundred KiB; a read is never longer than its input.
constexpr std::size_t kLongestRead = std::size_t{1} << 20;
constexpr std::uint64_t kMaxMessage = 1u << 16;  // small, so message-too-large is reachable
constexpr std::uint8_t kNoLimitFlag = 0x20;

const std::vector<const Kernel*>& runnable_kernels() {
  static std::vector<const Kernel*> all = [] {
    std::vector<const Kernel*> runnable;
    for (const Kernel& kernel : builtin_kernels()) {
      if (kernel.runs_here()) runnable.push_back(&kernel);
    }
    return runnable;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::StreamInput input = fuzz::read_stream_input({data, size});
  if (input.stream.size() > kLongestRead) return 0;
  const std::vector<std::size_t> cuts = fuzz::read_boundaries(input);
  const std::uint64_t limit = (input.flags & kNoLimitFlag) != 0 ? kNoMessageSizeLimit : kMaxMessage;
  const std::vector<const Parser*>& parsers = fuzz::parsers_under_fuzz();
  const Parser& parser = *parsers[(input.flags >> 6) % parsers.size()];
  const reference::DecodeResult expected =
      reference::decode_stream(input.stream, decode_limits(parser, limit));
  const maskcheck_parser_options options{
      limit, static_cast<std::uint32_t>((input.flags & 3u) % parser.variant_count)};
  const Kernel* kernel =
      parser.takes_kernel != 0
          ? runnable_kernels()[(input.flags >> 2 & 3u) % runnable_kernels().size()]
          : nullptr;
  static StreamDiffer differ(kLongestRead);  // the receive buffers, mapped once
  const StreamRun run{input.stream, cuts, expected, options, (input.flags & 0x10) != 0};
  static const std::string kThisInput = "this input";
  if (auto failure = differ.check({parser, kernel}, run, CaseName(kThisInput))) {
    fuzz::report_and_abort("stream_diff: parser " + std::string(parser.name) + " on " +
                               (kernel ? std::string(kernel->name) : "no kernel") + ", variant " +
                               std::string(variant_name(parser, options.variant)) +
                               ", disagrees with the reference decoder",
                           "  " + failure->headline + "\n" + failure->detail);
  }
  return 0;
}
