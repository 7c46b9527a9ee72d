#include "planted/broken_parsers.h"

#include <vector>

#include "broken_parser_control-counted-in-message.h"
#include "broken_parser_extra-byte-handed-on.h"
#include "broken_parser_first-part-not-unmasked.h"
#include "broken_parser_fourth-post-byte-written.h"
#include "broken_parser_header-read-early.h"
#include "broken_parser_key-not-rotated-after-first-part.h"
#include "broken_parser_key-rotated-backwards.h"
#include "broken_parser_last-byte-dropped-after-three-reads.h"
#include "broken_parser_length-low-32-bits.h"
#include "broken_parser_middle-not-unmasked.h"
#include "broken_parser_pre-padding-cleared.h"
#include "broken_parser_spill-wrong-offset.h"
#include "broken_parser_write-into-next-header.h"
#include "registry/frame_parser_declaration.h"

namespace maskcheck::testing {

namespace {

template <typename ParserClass>
constexpr Parser broken(const char* name) {
  return declare_frame_parser<ParserClass>(
      name, "impl's parser with one edit (tests/planted/broken_parsers)");
}

}  // namespace

std::span<const BrokenParser> broken_parsers() {
  static const std::vector<BrokenParser> kBroken{
      {broken<BrokenParser_middle_not_unmasked>("middle-not-unmasked")},
      {broken<BrokenParser_first_part_not_unmasked>("first-part-not-unmasked")},
      {broken<BrokenParser_key_rotated_backwards>("key-rotated-backwards")},
      {broken<BrokenParser_write_into_next_header>("write-into-next-header")},
      {broken<BrokenParser_spill_wrong_offset>("spill-wrong-offset")},
      {broken<BrokenParser_extra_byte_handed_on>("extra-byte-handed-on")},
      {broken<BrokenParser_header_read_early>("header-read-early")},
      {broken<BrokenParser_fourth_post_byte_written>("fourth-post-byte-written")},
      {broken<BrokenParser_pre_padding_cleared>("pre-padding-cleared")},
      // The two the wire checks plant in a live echo server (tests/planted/broken_echo_server.cpp).
      {broken<BrokenParser_key_not_rotated_after_first_part>("key-not-rotated-after-first-part")},
      {broken<BrokenParser_last_byte_dropped_after_three_reads>(
          "last-byte-dropped-after-three-reads")},
      // Frames declaring 2^32 bytes and more: h14 splits and the declared-2^... streams.
      {broken<BrokenParser_length_low_32_bits>("length-low-32-bits"),
       {":split:h14:n4294967296:", ":split:h14:n4294967297:", ":split:h14:n1099511627776:",
        ":split:h14:n9223372036854775807:", ":stream:declared-2^"}},
      {broken<BrokenParser_control_counted_in_message>("control-counted-in-message"),
       {":stream:message-size-with-controls-", ":split:controls:"}},
  };
  return kBroken;
}

}  // namespace maskcheck::testing
