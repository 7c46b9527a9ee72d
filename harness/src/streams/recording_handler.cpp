#include "streams/recording_handler.h"

#include <algorithm>

#include "core/parser.h"

namespace maskcheck {

namespace {

constexpr std::uint64_t kReserveAtMost = std::uint64_t{1} << 27;

std::span<const std::uint8_t> bytes(const std::uint8_t* payload, std::size_t n) {
  return n == 0 ? std::span<const std::uint8_t>{} : std::span{payload, n};
}

}  // namespace

RecordingHandler::RecordingHandler()
    : events_{this,
              [](void* self, std::uint8_t opcode, int fin, const std::uint8_t* payload,
                 std::size_t n, std::uint64_t remaining) {
                static_cast<RecordingHandler*>(self)->on_data(opcode, fin != 0, bytes(payload, n),
                                                              remaining);
              },
              [](void* self, std::uint8_t opcode, const std::uint8_t* payload, std::size_t n) {
                static_cast<RecordingHandler*>(self)->on_message(opcode, bytes(payload, n));
              },
              [](void* self, std::uint8_t opcode, const std::uint8_t* payload, std::size_t n) {
                static_cast<RecordingHandler*>(self)->on_control(opcode, bytes(payload, n));
              },
              [](void* self, maskcheck_frame_error error) {
                static_cast<RecordingHandler*>(self)->on_error(error);
              }} {}

void RecordingHandler::expect_fragments_in(const std::uint8_t* lo, const std::uint8_t* hi) {
  lo_ = lo;
  hi_ = hi;
}

void RecordingHandler::reset(maskcheck_delivery delivery) {
  delivery_ = delivery;
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

std::string RecordingHandler::current_frame() const {
  return (delivery_ == MASKCHECK_DELIVERS_MESSAGES ? "event " : "frame ") +
         std::to_string(count_ - (open_ ? 1 : 0));
}

bool RecordingHandler::admit(maskcheck_delivery delivery) {
  if (error_) {
    violate("an event after the error was reported");
    return false;
  }
  if (delivery != delivery_) {
    violate(delivery_ == MASKCHECK_DELIVERS_MESSAGES
                ? "on_data from a parser that declares it delivers whole messages"
                : "on_message from a parser that declares it delivers fragments");
    return false;
  }
  return true;
}

bool RecordingHandler::in_place(std::span<const std::uint8_t> payload) {
  if (lo_ == nullptr || payload.empty() ||
      (payload.data() >= lo_ && payload.data() + payload.size() <= hi_))
    return true;
  violate(current_frame() + ": " + std::to_string(payload.size()) +
          " payload bytes handed out from outside the read's receive buffer (the parser declares "
          "it works in place)");
  return false;
}

void RecordingHandler::on_data(std::uint8_t opcode, bool fin,
                               std::span<const std::uint8_t> fragment, std::uint64_t remaining) {
  if (!admit(MASKCHECK_DELIVERS_FRAGMENTS) || !in_place(fragment)) return;
  if (!open_) {
    start_frame(opcode, fin, fragment.size() + remaining);
  } else if (frames_[count_ - 1].opcode != opcode || frames_[count_ - 1].fin != fin) {
    return violate(current_frame() + ": opcode or FIN changed between fragments of one frame");
  } else if (fragment.size() > remaining_ || remaining_ - fragment.size() != remaining) {
    return violate(current_frame() + ": " + std::to_string(fragment.size()) +
                   " bytes delivered with " + std::to_string(remaining) + " remaining, but " +
                   std::to_string(remaining_) + " were still to come");
  }
  std::vector<std::uint8_t>& payload = frames_[count_ - 1].payload;
  payload.insert(payload.end(), fragment.begin(), fragment.end());
  open_ = remaining > 0;
  remaining_ = remaining;
}

void RecordingHandler::on_message(std::uint8_t opcode, std::span<const std::uint8_t> payload) {
  if (!admit(MASKCHECK_DELIVERS_MESSAGES) || !in_place(payload)) return;
  start_frame(opcode, true, payload.size()).payload.assign(payload.begin(), payload.end());
}

void RecordingHandler::on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) {
  if (!admit(delivery_)) return;  // gathered from several reads, so anywhere
  if (open_) return violate("a control frame inside the payload of a data frame");
  start_frame(opcode, true, payload.size()).payload.assign(payload.begin(), payload.end());
}

void RecordingHandler::on_error(maskcheck_frame_error error) {
  if (error_) return violate("a second error after the first");
  error_ = error;
}

}  // namespace maskcheck
