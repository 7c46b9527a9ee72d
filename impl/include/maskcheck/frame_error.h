// Why the frame parser ended a connection.
#pragma once

#include <string_view>

namespace maskcheck {

enum class FrameError {
  unmasked_frame,
  reserved_bits,
  reserved_opcode,
  control_frame_too_long,
  control_frame_fragmented,
  continuation_without_message,
  data_frame_inside_message,
  length_top_bit_set,
  message_too_large,
  invalid_close_code,
  close_payload_one_byte,
};

std::string_view frame_error_name(FrameError error);

}  // namespace maskcheck
