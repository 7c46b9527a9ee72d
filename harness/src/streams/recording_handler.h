// Records what a parser reports through its C callbacks, and the first thing it reports that no
// correct parser would: an event of the other delivery, a fragment outside the receive buffer of
// an in-place parser, remaining counts that do not add up, an event after the error.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "maskcheck/parser_plugin.h"

namespace maskcheck {

struct RecordedFrame {
  std::uint8_t opcode = 0;
  bool fin = false;
  std::vector<std::uint8_t> payload;
  std::uint64_t declared = 0;  // payload bytes the first fragment said the frame has
};

class RecordingHandler {
 public:
  RecordingHandler();

  // Forgets the last run but keeps its storage: a run after the first allocates nothing.
  void reset(maskcheck_delivery delivery);
  // Payloads handed out must lie in [lo, hi): in place, inside the current read's receive buffer.
  // lo == nullptr: anywhere.
  void expect_fragments_in(const std::uint8_t* lo, const std::uint8_t* hi);
  // The callbacks, with this handler as their context.
  const maskcheck_parser_events& events() const { return events_; }

  // Frames, or for a parser that delivers messages, whole messages and control frames.
  std::span<const RecordedFrame> frames() const { return {frames_.data(), count_}; }
  bool frame_open() const { return open_; }
  std::optional<maskcheck_frame_error> error() const { return error_; }
  const std::optional<std::string>& violation() const { return violation_; }

 private:
  void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining);
  void on_message(std::uint8_t opcode, std::span<const std::uint8_t> payload);
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload);
  void on_error(maskcheck_frame_error error);

  // Whether an event may be recorded, and whether its payload lies where the parser declares;
  // each records the violation if not.
  bool admit(maskcheck_delivery delivery);
  bool in_place(std::span<const std::uint8_t> payload);
  void violate(std::string what);
  std::string current_frame() const;
  RecordedFrame& start_frame(std::uint8_t opcode, bool fin, std::uint64_t declared);

  maskcheck_parser_events events_;
  maskcheck_delivery delivery_ = MASKCHECK_DELIVERS_FRAGMENTS;
  const std::uint8_t* lo_ = nullptr;
  const std::uint8_t* hi_ = nullptr;
  std::vector<RecordedFrame> frames_;  // the first count_ are this run's; the rest are storage
  std::size_t count_ = 0;
  bool open_ = false;  // the last data frame still has payload to come
  std::uint64_t remaining_ = 0;
  std::optional<maskcheck_frame_error> error_;
  std::optional<std::string> violation_;
};

}  // namespace maskcheck
