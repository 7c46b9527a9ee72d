#include "maskcheck/stream_sweep.h"

#include <array>
#include <chrono>

#include "maskcheck/reference_frame_decoder.h"

namespace maskcheck {

namespace {

// The stream and its reference decoding for one (length, key): splits reuse them across cuts.
struct DecodedStream {
  std::size_t length = SIZE_MAX;
  Key key{};
  std::vector<std::uint8_t> bytes;
  reference::DecodeResult expected;
};

// Keys rotate over three values, so four slots, overwritten in turn, always hit after warm-up.
class DecodedStreamCache {
 public:
  const DecodedStream& get(const SplitCase& split) {
    for (const DecodedStream& entry : slots_) {
      if (entry.length == split.length && entry.key == split.key) return entry;
    }
    DecodedStream& entry = slots_[next_++ % slots_.size()];
    entry.length = split.length;
    entry.key = split.key;
    entry.bytes = split_stream(split);
    entry.expected = reference::decode_stream(entry.bytes);
    return entry;
  }

 private:
  std::array<DecodedStream, 4> slots_;
  std::size_t next_ = 0;
};

std::optional<StreamFailure> check_one(StreamDiffer& differ, const DecodedStream& stream,
                                       const SplitCase& split, std::string_view kernel) {
  const std::array<std::size_t, 2> cuts{split.first_cut, split.second_cut};
  ParserOptions options;
  options.move_back = split.move_back;
  const StreamRun run{stream.bytes, cuts, stream.expected, options,
                      (split.first_cut + split.second_cut) % 2 == 0};
  return differ.check(run, split_case_id(kernel, split));
}

}  // namespace

StreamSweepResult run_split_sweep(const Kernel& kernel, const ParserMaker& parser,
                                  const SplitPlan& plan, const SweepOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t total = options.on_progress ? count_splits(plan) : 0;
  std::size_t longest = 0;
  for_each_split(plan, [&](const SplitCase& split) {
    longest = std::max(longest, split_stream_size(split.header_size, split.length));
    return true;
  });
  StreamDiffer differ(kernel, parser, longest);
  DecodedStreamCache cache;
  StreamSweepResult result;
  result.name = std::string(kernel.name) + ":split:h" + std::to_string(plan.header_size) + ":" +
                std::string(move_back_name(plan.move_back));
  const bool finished = for_each_split(plan, [&](const SplitCase& split) {
    if (auto failure = check_one(differ, cache.get(split), split, kernel.name)) {
      ++result.failed_cases;
      result.failures.push_back(std::move(*failure));
    }
    return continue_sweep(options, ++result.cases, total, result.failed_cases);
  });
  result.stopped_early = !finished;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::optional<StreamFailure> check_split(const Kernel& kernel, const ParserMaker& parser,
                                         const SplitCase& split) {
  StreamDiffer differ(kernel, parser, split_stream_size(split.header_size, split.length));
  DecodedStreamCache cache;
  return check_one(differ, cache.get(split), split, kernel.name);
}

}  // namespace maskcheck
