#include "recording_handler.h"

#include <algorithm>

namespace maskcheck {

namespace {
constexpr std::uint64_t kReserveAtMost = std::uint64_t{1} << 27;
}  // namespace

void RecordingHandler::expect_fragments_in(const std::uint8_t* lo, const std::uint8_t* hi) {
  lo_ = lo;
  hi_ = hi;
}

void RecordingHandler::reset() {
  count_ = 0;
  open_ = false;
  remaining_ = 0;
  error_.reset();
  violation_.reset();
}

RecordedFrame& RecordingHandler::start_frame(std::uint8_t opcode, bool fin,
                                             std::uint64_t declared) {
  if (count_ == frames_.size()) frames_.emplace_back();
  RecordedFrame& frame = frames_[count_++];
  frame.opcode = opcode;
  frame.fin = fin;
  frame.payload.clear();
  // Room for the whole frame up front: a frame of 64 MiB grown by doubling copies 128 MiB. Declared
  // lengths past that (2^63 - 1 is one) are taken on trust only that far.
  frame.payload.reserve(std::min<std::uint64_t>(declared, kReserveAtMost));
  frame.declared = declared;
  return frame;
}

void RecordingHandler::violate(std::string what) {
  if (!violation_) violation_ = std::move(what);
}

void RecordingHandler::on_data(std::uint8_t opcode, bool fin,
                               std::span<const std::uint8_t> fragment, std::uint64_t remaining) {
  const std::string frame = "frame " + std::to_string(count_ - (open_ ? 1 : 0));
  if (error_) return violate("a fragment of " + frame + " after the error was reported");
  if (fragment.data() < lo_ || fragment.data() + fragment.size() > hi_) {
    return violate(frame + ": a fragment of " + std::to_string(fragment.size()) +
                   " bytes outside the read's receive buffer (not in place)");
  }
  if (!open_) {
    start_frame(opcode, fin, fragment.size() + remaining);
  } else if (frames_[count_ - 1].opcode != opcode || frames_[count_ - 1].fin != fin) {
    return violate(frame + ": opcode or FIN changed between fragments of one frame");
  } else if (fragment.size() > remaining_ || remaining_ - fragment.size() != remaining) {
    return violate(frame + ": " + std::to_string(fragment.size()) + " bytes delivered with " +
                   std::to_string(remaining) + " remaining, but " + std::to_string(remaining_) +
                   " were still to come");
  }
  std::vector<std::uint8_t>& payload = frames_[count_ - 1].payload;
  payload.insert(payload.end(), fragment.begin(), fragment.end());
  open_ = remaining > 0;
  remaining_ = remaining;
}

void RecordingHandler::on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) {
  if (error_) return violate("a control frame after the error was reported");
  if (open_) return violate("a control frame inside the payload of a data frame");
  start_frame(opcode, true, payload.size()).payload.assign(payload.begin(), payload.end());
}

void RecordingHandler::on_error(FrameError error) {
  if (error_) return violate("a second error after the first");
  error_ = frame_error_name(error);
}

}  // namespace maskcheck
