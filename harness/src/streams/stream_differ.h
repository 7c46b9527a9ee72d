// Feeds a byte stream, cut into reads, to a parser in receive buffers that trap one byte outside
// the receive-buffer contract it declares, checks that it wrote nothing it may not, and compares
// every event with the reference decoder's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "bounds/guarded_arena.h"
#include "core/case_name.h"
#include "core/parser.h"
#include "maskcheck/reference_frame_decoder.h"

namespace maskcheck {

class RecordingHandler;

struct StreamFailure {
  std::string case_id;
  std::string headline;
  std::string detail;
  // A live peer's case that fails only after this one on its connection (it passes alone): the
  // repro line runs both.
  std::string after = {};
};

std::string format_stream_failure(const StreamFailure& failure);

struct StreamRun {
  std::span<const std::uint8_t> stream;
  std::span<const std::size_t> cuts;  // ascending offsets where one read ends and the next begins
  const reference::DecodeResult& expected;
  maskcheck_parser_options options;
  bool end_at_guard_first = true;  // reads alternate between the two guard placements
};

// The receive buffers and the event recorder, made once for reads up to `longest_read` bytes (and
// the most padding a parser may declare) and reused by every run: a run allocates nothing once
// the first has sized them.
class StreamDiffer {
 public:
  explicit StreamDiffer(std::size_t longest_read);
  ~StreamDiffer();

  // Runs a new connection of the parser, on its kernel, over the run's reads.
  std::optional<StreamFailure> check(const ParserOnKernel& subject, const StreamRun& run,
                                     const CaseName& name);

 private:
  GuardedArena arena_;
  std::unique_ptr<RecordingHandler> handler_;
  std::vector<std::size_t> spilled_;  // per read; kept, so a check allocates nothing
};

}  // namespace maskcheck
