#include "properties/parser_properties.h"

#include <algorithm>
#include <memory>
#include <string>

#include "maskcheck/reference_frame_decoder.h"
#include "properties/case_generators.h"
#include "properties/frame_stream_generators.h"
#include "properties/parser_events.h"
#include "streams/stream_differ.h"

namespace maskcheck::testing {

namespace {

// Byte-by-byte reads of a 70 KB frame would be slow; these streams stay under a few KB.
constexpr StreamShape kShortFrames{.longest_payload = 300};

unsigned generated_variant(const Parser& parser) {
  return *rc::gen::inRange(0u, static_cast<unsigned>(parser.variant_count));
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

void any_cut_matches_reference(const ParserOnKernel& subject) {
  const StreamChoice choice = *frame_streams();
  const RenderedStream stream = render(choice);
  const std::vector<std::size_t> cuts = *cuts_within(stream.bytes.size());
  const maskcheck_parser_options options =
      parser_options(choice, generated_variant(subject.parser));
  const reference::DecodeResult expected = reference::decode_stream(
      stream.bytes, decode_limits(subject.parser, options.max_message_size));
  const std::string id = subject_name(subject) + ":property-stream";
  const auto failure =
      receive_buffers_for(stream.bytes.size())
          .check(subject,
                 {.stream = stream.bytes, .cuts = cuts, .expected = expected, .options = options},
                 CaseName(id));
  if (failure) RC_FAIL(failure->headline + "\n" + failure->detail);
}

void byte_reads_match_one_read(const ParserOnKernel& subject) {
  const StreamChoice choice = *frame_streams(kShortFrames);
  const RenderedStream stream = render(choice);
  const maskcheck_parser_options options =
      parser_options(choice, generated_variant(subject.parser));
  std::vector<std::size_t> every_byte;
  for (std::size_t at = 1; at < stream.bytes.size(); ++at) every_byte.push_back(at);
  const ParseLog one_read = parse_in_reads(subject, stream.bytes, {}, options);
  const ParseLog byte_reads = parse_in_reads(subject, stream.bytes, every_byte, options);
  RC_LOG() << "one read:   " << one_read << "\nbyte reads: " << byte_reads << "\n";
  RC_ASSERT(byte_reads == one_read);
}

void never_more_payload_than_declared(const ParserOnKernel& subject) {
  const StreamChoice choice = *frame_streams();
  const RenderedStream stream = render(choice);
  const std::vector<std::size_t> cuts = *cuts_within(stream.bytes.size());
  const ParseLog log = parse_in_reads(subject, stream.bytes, cuts,
                                      parser_options(choice, generated_variant(subject.parser)));
  RC_ASSERT(log.frames.size() <= stream.declared.size());
  if (subject.parser.delivery == MASKCHECK_DELIVERS_MESSAGES) {
    // A message joins frames: all messages together carry no more than all headers declared.
    std::uint64_t delivered = 0;
    for (const ParsedFrame& message : log.frames) delivered += message.payload.size();
    std::uint64_t declared = 0;
    for (std::uint64_t length : stream.declared) declared += length;
    RC_ASSERT(delivered <= declared);
    return;
  }
  for (std::size_t i = 0; i < log.frames.size(); ++i) {
    if (log.frames[i].payload.size() > stream.declared[i]) {
      RC_FAIL("frame " + std::to_string(i) + ": " + std::to_string(log.frames[i].payload.size()) +
              " payload bytes reported, its header declared " + std::to_string(stream.declared[i]));
    }
  }
}

void error_at_same_frame_whatever_cuts(const ParserOnKernel& subject) {
  const StreamChoice choice = *frame_streams({.longest_payload = 300, .force_flaw = true});
  const RenderedStream stream = render(choice);
  const std::vector<std::size_t> cuts = *cuts_within(stream.bytes.size());
  const maskcheck_parser_options options =
      parser_options(choice, generated_variant(subject.parser));
  const ParseLog one_read = parse_in_reads(subject, stream.bytes, {}, options);
  const ParseLog cut = parse_in_reads(subject, stream.bytes, cuts, options);
  RC_LOG() << "one read: " << one_read << "\ncut:      " << cut << "\n";
  RC_ASSERT(one_read.error.has_value());
  RC_ASSERT(error_summary(cut) == error_summary(one_read));
}

}  // namespace maskcheck::testing
