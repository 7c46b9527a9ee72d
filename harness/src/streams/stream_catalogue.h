// Named streams for the stream checks: every payload length back to back in one read, frames
// larger than a 512 KiB receive buffer up to the 64 MiB limit, frames declaring 2^32 bytes and
// more of which only a prefix is sent, fragmented messages with control frames between their
// fragments, and one stream per protocol error, each cut into reads in several ways.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/message_limits.h"
#include "core/parser.h"
#include "maskcheck/reference_frame_decoder.h"
#include "streams/stream_sweep.h"

namespace maskcheck {

// A stream's bytes, shared by the named streams that read the same bytes in different ways (the
// largest are 64 MiB).
class StreamBytes {
 public:
  // Implicit both ways: a vector of bytes is a stream, and a stream reads as a span of bytes.
  StreamBytes(std::vector<std::uint8_t> bytes)
      : bytes_(std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes))) {}
  operator std::span<const std::uint8_t>() const { return *bytes_; }
  std::size_t size() const { return bytes_->size(); }
  bool same_as(const StreamBytes& other) const { return bytes_ == other.bytes_; }

 private:
  std::shared_ptr<const std::vector<std::uint8_t>> bytes_;
};

struct NamedStream {
  std::string name;
  StreamBytes bytes;
  std::vector<std::size_t> cuts;
  std::uint64_t max_message_size = kDefaultMessageSizeLimit;
  // The reference decoder's reading, made once for all the streams with the same bytes and limit.
  std::shared_ptr<const reference::DecodeResult> expected = {};
};

const std::vector<NamedStream>& stream_catalogue();

// "block:stream:every-length-one-read:over-header": the subject (subject_name() in parser.h), the
// stream, the parser's variant.
std::string stream_case_id(std::string_view subject, std::string_view stream,
                           std::string_view variant);

StreamSweepResult run_stream_catalogue(const ParserOnKernel& subject, unsigned variant,
                                       const SweepOptions& options);

struct ParsedStreamId {
  std::string subject;
  std::string stream;
  std::string variant;
};
std::variant<ParsedStreamId, std::string> parse_stream_case_id(std::string_view id);

// Replays one named stream; a one-line reason if no stream has that name.
std::variant<std::optional<StreamFailure>, std::string> check_stream_case(
    const ParserOnKernel& subject, std::string_view stream, unsigned variant);

}  // namespace maskcheck
