#include "broken_parser_middle-not-unmasked.h"
#include "fuzz_parsers.h"
#include "registry/frame_parser_declaration.h"

namespace maskcheck::fuzz {

// A middle read of a long payload left masked: the block unmasker's own history.
const std::vector<const Parser*>& parsers_under_fuzz() {
  static constexpr Parser kPlanted = declare_frame_parser<BrokenParser_middle_not_unmasked>(
      "middle-not-unmasked", "the planted parser");
  static const std::vector<const Parser*> kParsers{&kPlanted};
  return kParsers;
}

}  // namespace maskcheck::fuzz
