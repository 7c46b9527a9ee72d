#include "maskcheck/frame_error.h"

namespace maskcheck {

std::string_view frame_error_name(FrameError error) {
  switch (error) {
    case FrameError::unmasked_frame: return "unmasked-frame";
    case FrameError::reserved_bits: return "reserved-bits";
    case FrameError::reserved_opcode: return "reserved-opcode";
    case FrameError::control_frame_too_long: return "control-frame-too-long";
    case FrameError::control_frame_fragmented: return "control-frame-fragmented";
    case FrameError::continuation_without_message: return "continuation-without-message";
    case FrameError::data_frame_inside_message: return "data-frame-inside-message";
    case FrameError::length_top_bit_set: return "length-top-bit-set";
    case FrameError::message_too_large: return "message-too-large";
    case FrameError::invalid_close_code: return "invalid-close-code";
    case FrameError::close_payload_one_byte: return "close-payload-one-byte";
  }
  return "?";
}

}  // namespace maskcheck
