// Records what a parser reports, and the first thing it reports that no correct parser would:
// a fragment outside the receive buffer, or remaining counts that do not add up.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "maskcheck/frame_parser.h"

namespace maskcheck {

struct RecordedFrame {
  std::uint8_t opcode = 0;
  bool fin = false;
  std::vector<std::uint8_t> payload;
  std::uint64_t declared = 0;  // payload bytes the first fragment said the frame has
};

class RecordingHandler final : public FrameHandler {
 public:
  // Forgets the last run but keeps its storage: a run after the first allocates nothing.
  void reset();
  // Fragments must lie in [lo, hi): in place, inside the current read's receive buffer.
  void expect_fragments_in(const std::uint8_t* lo, const std::uint8_t* hi);

  void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining) override;
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) override;
  void on_error(FrameError error) override;

  std::span<const RecordedFrame> frames() const { return {frames_.data(), count_}; }
  bool frame_open() const { return open_; }
  std::optional<std::string_view> error() const { return error_; }
  const std::optional<std::string>& violation() const { return violation_; }

 private:
  void violate(std::string what);
  RecordedFrame& start_frame(std::uint8_t opcode, bool fin, std::uint64_t declared);

  const std::uint8_t* lo_ = nullptr;
  const std::uint8_t* hi_ = nullptr;
  std::vector<RecordedFrame> frames_;  // the first count_ are this run's; the rest are storage
  std::size_t count_ = 0;
  bool open_ = false;  // the last data frame still has payload to come
  std::uint64_t remaining_ = 0;
  std::optional<std::string_view> error_;
  std::optional<std::string> violation_;
};

}  // namespace maskcheck
