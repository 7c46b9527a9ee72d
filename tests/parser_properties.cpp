#include "parser_properties.h"

#include <algorithm>
#include <memory>
#include <string>

#include "case_generators.h"
#include "frame_stream_generators.h"
#include "maskcheck/reference_frame_decoder.h"
#include "maskcheck/stream_differ.h"
#include "parser_events.h"

namespace maskcheck::testing {

namespace {

// Byte-by-byte reads of a 70 KB frame would be slow; these streams stay under a few KB.
constexpr StreamShape kShortFrames{.longest_payload = 300};

MoveBack generated_move_back() {
  return *rc::gen::elementOf(std::vector{MoveBack::over_header, MoveBack::over_key});
}

// Receive buffers kept across cases, remade (doubled) only for a longer stream than any before:
// mapping them per case would cost system calls on every case.
StreamDiffer& receive_buffers_for(std::size_t stream_size) {
  static thread_local std::size_t capacity = 0;
  static thread_local std::unique_ptr<StreamDiffer> differ;
  if (stream_size > capacity) {
    capacity = std::max(stream_size, 2 * capacity);
    differ = std::make_unique<StreamDiffer>(capacity);
  }
  return *differ;
}

}  // namespace

void any_cut_matches_reference(const Kernel& kernel, const ParserMaker& parser) {
  const StreamChoice choice = *frame_streams();
  const RenderedStream stream = render(choice);
  const std::vector<std::size_t> cuts = *cuts_within(stream.bytes.size());
  const ParserOptions options = parser_options(choice, generated_move_back());
  const reference::DecodeResult expected =
      reference::decode_stream(stream.bytes, {.max_message_size = options.max_message_size});
  const std::string id = std::string(kernel.name) + ":property-stream";
  const auto failure =
      receive_buffers_for(stream.bytes.size())
          .check(kernel, parser,
                 {.stream = stream.bytes, .cuts = cuts, .expected = expected, .options = options},
                 CaseName(id));
  if (failure) RC_FAIL(failure->headline + "\n" + failure->detail);
}

void byte_reads_match_one_read(const Kernel& kernel, const ParserMaker& parser) {
  const StreamChoice choice = *frame_streams(kShortFrames);
  const RenderedStream stream = render(choice);
  const ParserOptions options = parser_options(choice, generated_move_back());
  std::vector<std::size_t> every_byte;
  for (std::size_t at = 1; at < stream.bytes.size(); ++at) every_byte.push_back(at);
  const ParseLog one_read = parse_in_reads(parser, *kernel.functions, stream.bytes, {}, options);
  const ParseLog byte_reads =
      parse_in_reads(parser, *kernel.functions, stream.bytes, every_byte, options);
  RC_LOG() << "one read:   " << one_read << "\nbyte reads: " << byte_reads << "\n";
  RC_ASSERT(byte_reads == one_read);
}

void never_more_payload_than_declared(const Kernel& kernel, const ParserMaker& parser) {
  const StreamChoice choice = *frame_streams();
  const RenderedStream stream = render(choice);
  const std::vector<std::size_t> cuts = *cuts_within(stream.bytes.size());
  const ParseLog log = parse_in_reads(parser, *kernel.functions, stream.bytes, cuts,
                                      parser_options(choice, generated_move_back()));
  RC_ASSERT(log.frames.size() <= stream.declared.size());
  for (std::size_t i = 0; i < log.frames.size(); ++i) {
    if (log.frames[i].payload.size() > stream.declared[i]) {
      RC_FAIL("frame " + std::to_string(i) + ": " + std::to_string(log.frames[i].payload.size()) +
              " payload bytes reported, its header declared " + std::to_string(stream.declared[i]));
    }
  }
}

void error_at_same_frame_whatever_cuts(const Kernel& kernel, const ParserMaker& parser) {
  const StreamChoice choice = *frame_streams({.longest_payload = 300, .force_flaw = true});
  const RenderedStream stream = render(choice);
  const std::vector<std::size_t> cuts = *cuts_within(stream.bytes.size());
  const ParserOptions options = parser_options(choice, generated_move_back());
  const ParseLog one_read = parse_in_reads(parser, *kernel.functions, stream.bytes, {}, options);
  const ParseLog cut = parse_in_reads(parser, *kernel.functions, stream.bytes, cuts, options);
  RC_LOG() << "one read: " << one_read << "\ncut:      " << cut << "\n";
  RC_ASSERT(one_read.error.has_value());
  RC_ASSERT(error_summary(cut) == error_summary(one_read));
}

}  // namespace maskcheck::testing
