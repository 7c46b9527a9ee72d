#include "broken_parsers.h"

#include <vector>

#include "broken_parser_control-counted-in-message.h"
#include "broken_parser_extra-byte-handed-on.h"
#include "broken_parser_first-part-not-unmasked.h"
#include "broken_parser_fourth-post-byte-written.h"
#include "broken_parser_header-read-early.h"
#include "broken_parser_key-rotated-backwards.h"
#include "broken_parser_length-low-32-bits.h"
#include "broken_parser_middle-not-unmasked.h"
#include "broken_parser_pre-padding-cleared.h"
#include "broken_parser_spill-wrong-offset.h"
#include "broken_parser_write-into-next-header.h"

namespace maskcheck::testing {

std::span<const BrokenParser> broken_parsers() {
  static const std::vector<BrokenParser> kBroken{
      {"middle-not-unmasked", parser_maker<BrokenParser_middle_not_unmasked>()},
      {"first-part-not-unmasked", parser_maker<BrokenParser_first_part_not_unmasked>()},
      {"key-rotated-backwards", parser_maker<BrokenParser_key_rotated_backwards>()},
      {"write-into-next-header", parser_maker<BrokenParser_write_into_next_header>()},
      {"spill-wrong-offset", parser_maker<BrokenParser_spill_wrong_offset>()},
      {"extra-byte-handed-on", parser_maker<BrokenParser_extra_byte_handed_on>()},
      {"header-read-early", parser_maker<BrokenParser_header_read_early>()},
      {"fourth-post-byte-written", parser_maker<BrokenParser_fourth_post_byte_written>()},
      {"pre-padding-cleared", parser_maker<BrokenParser_pre_padding_cleared>()},
      // Frames declaring 2^32 bytes and more: h14 splits and the declared-2^... streams.
      {"length-low-32-bits", parser_maker<BrokenParser_length_low_32_bits>(),
       {":split:h14:n4294967296:", ":split:h14:n4294967297:", ":split:h14:n1099511627776:",
        ":split:h14:n9223372036854775807:", ":stream:declared-2^"}},
      {"control-counted-in-message", parser_maker<BrokenParser_control_counted_in_message>(),
       {":stream:message-size-with-controls-"}},
  };
  return kBroken;
}

}  // namespace maskcheck::testing
