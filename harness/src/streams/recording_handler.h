// Records what a parser reports, and the first thing it reports that no correct parser would:
// a fragment outside the receive buffer, or remaining counts that do not add up.
#pragma once

#include <cstdint>
#include <optional>
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
  // Fragments must lie in [lo, hi): in place, inside the current read's receive buffer.
  void expect_fragments_in(const std::uint8_t* lo, const std::uint8_t* hi);

  void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining) override;
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) override;
  void on_error(FrameError error) override;

  const std::vector<RecordedFrame>& frames() const { return frames_; }
  bool frame_open() const { return open_; }
  const std::optional<std::string>& error() const { return error_; }
  const std::optional<std::string>& violation() const { return violation_; }

 private:
  void violate(std::string what);

  const std::uint8_t* lo_ = nullptr;
  const std::uint8_t* hi_ = nullptr;
  std::vector<RecordedFrame> frames_;
  bool open_ = false;  // the last data frame still has payload to come
  std::uint64_t remaining_ = 0;
  std::optional<std::string> error_;
  std::optional<std::string> violation_;
};

}  // namespace maskcheck
