// Fuzz target: a stream of frames (valid or not) cut into reads, through the in-place parser
// on a kernel this CPU runs, compared event by event with the reference decoder.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_failure.h"
#include "maskcheck/kernel_registry.h"
#include "maskcheck/reference_frame_decoder.h"
#include "maskcheck/stream_differ.h"
#include "stream_input.h"

namespace {

using namespace maskcheck;

// Inputs are at most a few hundred KiB; a read is never longer than its input.
constexpr std::size_t kLongestRead = std::size_t{1} << 20;
constexpr std::uint64_t kMaxMessage = 1u << 16;  // small, so message-too-large is reachable

std::vector<std::unique_ptr<StreamDiffer>>& differs() {
  static std::vector<std::unique_ptr<StreamDiffer>> all = [] {
    std::vector<std::unique_ptr<StreamDiffer>> made;
    for (const Kernel& kernel : builtin_kernels()) {
      if (kernel.cpu_supports()) {
        made.push_back(
            std::make_unique<StreamDiffer>(kernel, parser_maker<FrameParser>(), kLongestRead));
      }
    }
    return made;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::StreamInput input = fuzz::read_stream_input({data, size});
  if (input.stream.size() > kLongestRead) return 0;
  const std::vector<std::size_t> cuts = fuzz::read_boundaries(input);
  const reference::DecodeResult expected = reference::decode_stream(input.stream, {kMaxMessage});
  ParserOptions options;
  options.max_message_size = kMaxMessage;
  options.move_back = (input.flags & 1) ? MoveBack::over_key : MoveBack::over_header;
  StreamDiffer& differ = *differs()[(input.flags >> 1) % differs().size()];
  const StreamRun run{input.stream, cuts, expected, options, (input.flags & 0x10) != 0};
  if (auto failure = differ.check(run, "this input")) {
    fuzz::report_and_abort("stream_diff: the parser on " + std::string(differ.kernel_name()) +
                               " disagrees with the reference decoder",
                           "  " + failure->headline + "\n" + failure->detail);
  }
  return 0;
}
