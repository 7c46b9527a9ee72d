#include "streams/split_space.h"

#include <algorithm>
#include <set>

#include "core/case_id.h"
#include "core/message_limits.h"
#include "core/test_case.h"
#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"

namespace maskcheck {

namespace {

constexpr Key kTrailerKey{0x11, 0x22, 0x33, 0x44};
constexpr std::array<std::uint8_t, 2> kTrailerPayload{'x', 'y'};
constexpr std::size_t kTrailerSize = 6 + kTrailerPayload.size();

const std::array<Key, 3> kSplitKeys{
    {{0, 0, 0, 0}, {0x37, 0xfa, 0x21, 0x3d}, {0x9c, 0x41, 0x0e, 0xd7}}};

// Long payloads that straddle the 16- and 64-byte blocks, the 16-bit limit and beyond.
const std::vector<std::size_t> kLongLengths8{126, 127, 128,  191,  192,  255,
                                             256, 257, 1000, 4096, 65535};
const std::vector<std::size_t> kLongLengths14 = [] {
  std::vector<std::size_t> lengths{0, 1, 64, 65, 300, 4097, 65536, 65537, 70001};
  for (const HugeLength& huge : kHugeLengths) lengths.push_back(huge.length);
  return lengths;
}();

// Of a frame declaring more than any buffer holds, the payload bytes that are sent.
constexpr std::size_t kSentOfDeclared = 300;

// The controls stream: fragments of 12, 8 and the rest of the message; a 5-byte ping, a 3-byte pong
// and an empty close between them; then the trailer. Its message lengths: the limit and one past.
constexpr std::size_t kFirstFragment = 12;
constexpr std::size_t kSecondFragment = 8;
constexpr std::array<std::size_t, 2> kControlsLengths{kControlsSizeLimit, kControlsSizeLimit + 1};
constexpr std::size_t kPingBytes = 5;
constexpr std::size_t kPongBytes = 3;
// Past the first frame's header and the message: five more 6-byte headers, the two control
// payloads and the trailer.
constexpr std::size_t kControlsOverhead = 5 * 6 + kPingBytes + kPongBytes + kTrailerSize;

bool declared_only(std::size_t length) {
  return length > kMaxLength;
}

std::size_t max_length_for(unsigned header_size) {
  return header_size == 6 ? 125 : header_size == 8 ? 0xffff : SIZE_MAX;
}

// First and middle piece sizes that cover every cut in the header, every remainder modulo 64 and
// both sides of each 16- and 64-byte block.
std::vector<std::size_t> covering_cuts(unsigned header_size, std::size_t stream_size) {
  std::set<std::size_t> cuts;
  for (std::size_t c = 0; c <= header_size; ++c) cuts.insert(c);
  for (std::size_t r = 1; r <= 64; ++r) cuts.insert(header_size + r);
  for (std::size_t block : {16u, 64u, 128u, 4096u, 65536u}) {
    for (std::size_t at : {block - 1, block, block + 1}) cuts.insert(header_size + at);
  }
  for (std::size_t back = 1; back <= 9; ++back) {
    if (stream_size >= back) cuts.insert(stream_size - back);
  }
  std::vector<std::size_t> inside;
  for (std::size_t c : cuts) {
    if (c <= stream_size) inside.push_back(c);
  }
  return inside;
}

std::vector<std::size_t> middle_sizes() {
  std::vector<std::size_t> sizes;
  for (std::size_t m = 0; m <= 64; ++m) sizes.push_back(m);
  for (std::size_t m : {127u, 128u, 129u, 4095u, 4096u, 4097u}) sizes.push_back(m);
  return sizes;
}

}  // namespace

std::size_t split_stream_size(const SplitCase& split) {
  if (split.controls) return split.header_size + split.length + kControlsOverhead;
  if (declared_only(split.length)) return split.header_size + kSentOfDeclared;
  return split.header_size + split.length + kTrailerSize;
}

std::uint64_t split_size_limit(const SplitCase& split) {
  if (split.controls) return kControlsSizeLimit;
  return declared_only(split.length) ? kNoMessageSizeLimit : kDefaultMessageSizeLimit;
}

std::vector<std::uint8_t> split_stream(const SplitCase& split) {
  const bool only_declared = declared_only(split.length);
  std::vector<std::uint8_t> payload(only_declared ? kSentOfDeclared : split.length);
  for (std::size_t i = 0; i < payload.size(); ++i) {
    payload[i] = static_cast<std::uint8_t>(i * 167 + split.length * 7 + 1);
  }
  std::vector<std::uint8_t> stream;
  stream.reserve(split_stream_size(split));
  if (split.controls) {
    const std::span<const std::uint8_t> message = payload;
    const std::size_t rest = kFirstFragment + kSecondFragment;
    append_frame(stream, {opcode::binary, message.first(kFirstFragment), split.key, 6});
    append_frame(stream, {kFin | opcode::ping, message.first(kPingBytes), kTrailerKey, 6});
    append_frame(stream, {opcode::continuation, message.subspan(kFirstFragment, kSecondFragment),
                          split.key, 6});
    append_frame(stream, {kFin | opcode::pong, message.first(kPongBytes), kTrailerKey, 6});
    append_frame(stream, {kFin | opcode::close, {}, kTrailerKey, 6});
    append_frame(stream, {kFin | opcode::continuation, message.subspan(rest), split.key, 6});
  } else {
    append_frame(
        stream, {kFin | opcode::binary, payload, split.key, split.header_size, true, split.length});
  }
  if (!only_declared)
    append_frame(stream, {kFin | opcode::binary, kTrailerPayload, kTrailerKey, 6});
  return stream;
}

std::string split_case_id(std::string_view subject, std::string_view variant,
                          const SplitCase& split) {
  IdWriter id(subject);
  id.field("split");
  if (split.controls) {
    id.field("controls");
  } else {
    id.number("h", split.header_size);
  }
  return id.number("n", split.length)
      .key(split.key)
      .field(variant)
      .cuts(split.first_cut, split.second_cut)
      .text();
}

std::variant<ParsedSplitId, std::string> parse_split_case_id(std::string_view id) {
  const IdReader fields(id);
  const std::string usage = "split case id '" + std::string(id) +
                            "' must look like SUBJECT:split:h6:n77:k37fa213d:VARIANT:c3,40";
  if (fields.size() != 7 || fields[1] != "split") return usage;
  ParsedSplitId parsed;
  parsed.subject = fields[0];
  parsed.variant = fields[5];
  SplitCase& split = parsed.split;
  split.controls = fields[2] == "controls";
  if (!(split.controls || fields.number(2, "h", split.header_size)) ||
      !fields.number(3, "n", split.length) || !fields.cuts(6, split.first_cut, split.second_cut)) {
    return usage;
  }
  if (!fields.key(4, split.key)) return "bad key field '" + std::string(fields[4]) + "'";
  if (split.controls && (split.length < kFirstFragment + kSecondFragment || split.length > 125))
    return "the controls stream's message is 20..125 bytes";
  if (split.header_size != 6 && split.header_size != 8 && split.header_size != 14)
    return "header size must be 6, 8 or 14";
  if (split.length > max_length_for(split.header_size))
    return "the payload does not fit that header size";
  if (split.length > kNoMessageSizeLimit) return "length must be below 2^63";
  const std::size_t size = split_stream_size(split);
  if (split.first_cut > split.second_cut || split.second_cut > size) {
    return "cuts must satisfy 0 <= first <= second <= " + std::to_string(size);
  }
  return parsed;
}

bool for_each_split(const SplitPlan& plan, const std::function<bool(const SplitCase&)>& visit) {
  SplitCase split;
  split.header_size = plan.header_size;
  split.variant = plan.variant;
  std::uint64_t index = 0;
  auto next_key = [&] { return kSplitKeys[index++ % kSplitKeys.size()]; };

  const std::size_t exhaustive_first = plan.header_size == 6 ? 0 : 126;
  const std::size_t exhaustive_last =
      plan.header_size == 14 ? 0
                             : std::min(plan.exhaustive_up_to, max_length_for(plan.header_size));
  auto every_pair_of_cuts = [&] {
    const std::size_t size = split_stream_size(split);
    for (split.first_cut = 0; split.first_cut <= size; ++split.first_cut) {
      for (split.second_cut = split.first_cut; split.second_cut <= size; ++split.second_cut) {
        split.key = next_key();
        if (!visit(split)) return false;
      }
    }
    return true;
  };
  for (std::size_t n = exhaustive_first; plan.header_size != 14 && n <= exhaustive_last; ++n) {
    split.length = n;
    if (!every_pair_of_cuts()) return false;
  }
  if (plan.header_size == 6) {
    split.controls = true;
    for (std::size_t n : kControlsLengths) {
      split.length = n;
      if (!every_pair_of_cuts()) return false;
    }
    return true;
  }
  for (std::size_t n : plan.header_size == 8 ? kLongLengths8 : kLongLengths14) {
    split.length = n;
    const std::size_t size = split_stream_size(split);
    for (std::size_t first : covering_cuts(plan.header_size, size)) {
      for (std::size_t middle : middle_sizes()) {
        if (first + middle > size) break;
        split.first_cut = first;
        split.second_cut = first + middle;
        split.key = next_key();
        if (!visit(split)) return false;
      }
    }
  }
  return true;
}

std::uint64_t count_splits(const SplitPlan& plan) {
  std::uint64_t count = 0;
  for_each_split(plan, [&](const SplitCase&) {
    ++count;
    return true;
  });
  return count;
}

}  // namespace maskcheck
