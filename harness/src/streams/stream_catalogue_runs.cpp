// Running the named streams: their case ids, each stream through a parser against the reference's
// reading (decoded once per process for each set of parser policies), and one stream replayed.
#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "core/case_id.h"
#include "streams/stream_catalogue.h"

namespace maskcheck {

std::string stream_case_id(std::string_view subject, std::string_view stream,
                           std::string_view variant) {
  return IdWriter(subject).field("stream").field(stream).field(variant).text();
}

namespace {

// Named streams differ in size by five orders of magnitude: a chunk holds about 64 KiB of them,
// each read costing a little more than its bytes.
constexpr std::uint64_t kStreamChunkCost = std::uint64_t{1} << 16;
constexpr std::uint64_t kReadOverhead = 64;

std::size_t longest_read(const NamedStream& stream) {
  std::size_t longest = 0;
  std::size_t begin = 0;
  for (std::size_t cut : stream.cuts) {
    longest = std::max(longest, cut - begin);
    begin = cut;
  }
  return std::max(longest, stream.bytes.size() - begin);
}

// The reference's reading of a catalogue stream under a parser's policies, made once in a process
// and shared by every kernel, variant and thread: decoding took half of a stream run.
const reference::DecodeResult& decoded_with_policies(const NamedStream& stream,
                                                     const reference::DecodeLimits& limits) {
  struct Decoding {
    std::once_flag made;
    reference::DecodeResult result;
  };
  using Key = std::tuple<const NamedStream*, bool, bool, bool>;
  static std::mutex lock;
  static std::map<Key, Decoding> decodings;  // a map's entries stay where they are
  Decoding* decoding = nullptr;
  {
    const std::lock_guard<std::mutex> held(lock);
    decoding = &decodings[{&stream, limits.utf8, limits.minimal_lengths, limits.whole_header}];
  }
  std::call_once(decoding->made,
                 [&] { decoding->result = reference::decode_stream(stream.bytes, limits); });
  return decoding->result;
}

std::optional<StreamFailure> check_named(StreamDiffer& differ, const ParserOnKernel& subject,
                                         const NamedStream& stream, unsigned variant) {
  // The catalogue's decoding is the plain one: a parser with policies gets its own.
  const reference::DecodeResult& expected =
      subject.parser.policies == 0
          ? *stream.expected
          : decoded_with_policies(stream, decode_limits(subject.parser, stream.max_message_size));
  const StreamRun run{
      stream.bytes, stream.cuts, expected, {stream.max_message_size, variant}, true};
  const std::string id =
      stream_case_id(subject_name(subject), stream.name, variant_name(subject.parser, variant));
  return differ.check(subject, run, CaseName(id));
}

}  // namespace

StreamSweepResult run_stream_catalogue(const ParserOnKernel& subject, unsigned variant,
                                       const SweepOptions& options) {
  const std::vector<NamedStream>& catalogue = stream_catalogue();
  std::size_t longest = 0;
  for (const NamedStream& stream : catalogue) longest = std::max(longest, longest_read(stream));
  // One per thread: receive buffers for the catalogue's longest read.
  auto make_checker = [&] {
    return [&, differ = StreamDiffer(longest)](const NamedStream& stream) mutable {
      return check_named(differ, subject, stream, variant);
    };
  };
  auto outcome = run_cases<StreamFailure>(
      [&](const auto& visit) {
        for (const NamedStream& stream : catalogue) {
          if (!visit(stream)) return false;
        }
        return true;
      },
      [](const NamedStream& stream) {
        return stream.bytes.size() + kReadOverhead * (stream.cuts.size() + 1);
      },
      kStreamChunkCost, make_checker, options);
  return named_result(
      subject_name(subject) + ":stream:" + std::string(variant_name(subject.parser, variant)),
      std::move(outcome));
}

std::variant<ParsedStreamId, std::string> parse_stream_case_id(std::string_view id) {
  const IdReader fields(id);
  if (fields.size() != 4 || fields[1] != "stream") {
    return "stream case id '" + std::string(id) +
           "' must look like SUBJECT:stream:NAME:VARIANT (block:stream:controls:over-header)";
  }
  return ParsedStreamId{std::string(fields[0]), std::string(fields[2]), std::string(fields[3])};
}

std::variant<std::optional<StreamFailure>, std::string> check_stream_case(
    const ParserOnKernel& subject, std::string_view name, unsigned variant) {
  for (const NamedStream& stream : stream_catalogue()) {
    if (stream.name != name) continue;
    StreamDiffer differ(longest_read(stream));
    return check_named(differ, subject, stream, variant);
  }
  return "no stream named '" + std::string(name) + "' (see maskcheck stream --list)";
}

}  // namespace maskcheck
