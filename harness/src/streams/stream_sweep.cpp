#include "streams/stream_sweep.h"

#include <array>

#include "maskcheck/reference_frame_decoder.h"

namespace maskcheck {

namespace {

// A chunk holds a few milliseconds of parser runs; a run costs its stream plus a fixed overhead.
constexpr std::uint64_t kSplitChunkCost = std::uint64_t{1} << 20;
constexpr std::uint64_t kSplitOverhead = 512;

// The stream and its reference decoding for one (shape, length, key): splits reuse them across
// cuts.
struct DecodedStream {
  bool controls = false;
  std::size_t length = SIZE_MAX;
  Key key{};
  std::vector<std::uint8_t> bytes;
  reference::DecodeResult expected;
};

// Keys rotate over three values, so four slots, overwritten in turn, always hit after warm-up.
// Decoded with the parser's policies.
class DecodedStreamCache {
 public:
  explicit DecodedStreamCache(const Parser& parser) : parser_(parser) {}

  const DecodedStream& get(const SplitCase& split) {
    for (const DecodedStream& entry : slots_) {
      if (entry.controls == split.controls && entry.length == split.length &&
          entry.key == split.key)
        return entry;
    }
    DecodedStream& entry = slots_[next_++ % slots_.size()];
    entry.controls = split.controls;
    entry.length = split.length;
    entry.key = split.key;
    entry.bytes = split_stream(split);
    entry.expected =
        reference::decode_stream(entry.bytes, decode_limits(parser_, split_size_limit(split)));
    return entry;
  }

 private:
  const Parser& parser_;
  std::array<DecodedStream, 4> slots_;
  std::size_t next_ = 0;
};

struct NamedSplit {
  const ParserOnKernel& subject;
  const SplitCase& split;
};

std::string named_split_id(const NamedSplit& named) {
  return split_case_id(subject_name(named.subject),
                       variant_name(named.subject.parser, named.split.variant), named.split);
}

std::optional<StreamFailure> check_one(StreamDiffer& differ, const ParserOnKernel& subject,
                                       const DecodedStream& stream, const SplitCase& split) {
  const std::array<std::size_t, 2> cuts{split.first_cut, split.second_cut};
  const StreamRun run{stream.bytes,
                      cuts,
                      stream.expected,
                      {split_size_limit(split), split.variant},
                      (split.first_cut + split.second_cut) % 2 == 0};
  const NamedSplit named{subject, split};
  return differ.check(subject, run, CaseName::of<named_split_id>(named));
}

}  // namespace

StreamSweepResult named_result(std::string name, RunOutcome<StreamFailure> outcome) {
  return {std::move(outcome), std::move(name)};
}

StreamSweepResult run_split_sweep(const ParserOnKernel& subject, const SplitPlan& plan,
                                  const SweepOptions& options) {
  std::size_t longest = 0;
  for_each_split(plan, [&](const SplitCase& split) {
    longest = std::max(longest, split_stream_size(split));
    return true;
  });
  // One per thread: its own receive buffers and decoded streams.
  auto make_checker = [&] {
    return [&, differ = StreamDiffer(longest),
            cache = DecodedStreamCache(subject.parser)](const SplitCase& split) mutable {
      return check_one(differ, subject, cache.get(split), split);
    };
  };
  auto outcome = run_cases<StreamFailure>(
      [&](const auto& visit) { return for_each_split(plan, visit); },
      [](const SplitCase& split) { return split_stream_size(split) + kSplitOverhead; },
      kSplitChunkCost, make_checker, options);
  return named_result(subject_name(subject) + ":split:h" + std::to_string(plan.header_size) + ":" +
                          std::string(variant_name(subject.parser, plan.variant)),
                      std::move(outcome));
}

std::optional<StreamFailure> check_split(const ParserOnKernel& subject, const SplitCase& split) {
  StreamDiffer differ(split_stream_size(split));
  DecodedStreamCache cache(subject.parser);
  return check_one(differ, subject, cache.get(split), split);
}

}  // namespace maskcheck
