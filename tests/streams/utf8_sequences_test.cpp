// Markus Kuhn's UTF-8 decoder test as the named streams send it: each group has its number of
// sequences, and the reference reads each as valid or invalid UTF-8 as the group says, which checks
// both the table and the reference's decoder on the forms decoders get wrong.
#include "streams/utf8_sequences.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "maskcheck/reference_frame_decoder.h"
#include "streams/frame_builder.h"

namespace maskcheck {
namespace {

bool reads_as_utf8(const std::vector<std::uint8_t>& text) {
  std::vector<std::uint8_t> stream;
  append_frame(stream, {kFin | 0x1, text, {0x37, 0xfa, 0x21, 0x3d}});
  return !reference::decode_stream(stream, {.utf8 = true}).error;
}

std::string group_of(const std::string& name) {
  return name.substr(0, name.rfind('-'));
}

TEST(Utf8Sequences, EachGroupIsValidOrInvalidAsKuhnsTestSays) {
  // The group, its number of sequences, and which of them are valid ('v') and invalid ('x').
  const std::map<std::string, std::string> groups{
      {"valid-text", "vvvvv"},
      {"prefix", "xvxxvxvxvxv"},  // "κόσμε" cut after each of its bytes
      {"first-of-length", "vvvv"},
      {"first-of-five-and-six-bytes", "xx"},
      {"last-of-length", "vvvv"},
      {"last-of-four-to-six-bytes", "xxx"},
      {"boundary", "vvvvx"},  // U+D7FF, U+E000, U+FFFD, U+10FFFF, U+110000
      {"continuation-bytes", "xxxxxxxx"},
      {"lonely-start-bytes", "xxxxx"},
      {"last-byte-missing", "xxxxxxxxxx"},
      {"incomplete-sequences-together", "x"},
      {"impossible-bytes", "xxx"},
      {"overlong-slash", "xxxxx"},
      {"overlong-largest", "xxxxx"},
      {"overlong-nul", "xxxxx"},
      {"lone-surrogate", "xxxxxxx"},
      {"surrogate-pair", "xxxxxxxx"},
      {"noncharacter", std::string(34, 'v')},
      {"specials", "vvvvvvv"}};
  std::map<std::string, std::string> read;
  for (const Utf8Sequence& sequence : utf8_sequences())
    read[group_of(sequence.name)] += reads_as_utf8(sequence.bytes) ? 'v' : 'x';
  EXPECT_EQ(read, groups);
  EXPECT_EQ(utf8_sequences().size(), 132u);  // Autobahn|Testsuite's 6.5 to 6.23
}

TEST(Utf8Sequences, OverlongFormsSpellTheirValueInEveryLength) {
  std::map<std::string, std::vector<std::uint8_t>> by_name;
  for (const Utf8Sequence& sequence : utf8_sequences()) by_name[sequence.name] = sequence.bytes;
  EXPECT_EQ(by_name["overlong-slash-1"], (std::vector<std::uint8_t>{0xc0, 0xaf}));
  EXPECT_EQ(by_name["overlong-nul-5"],
            (std::vector<std::uint8_t>{0xfc, 0x80, 0x80, 0x80, 0x80, 0x80}));
  EXPECT_EQ(by_name["overlong-largest-3"], (std::vector<std::uint8_t>{0xf0, 0x8f, 0xbf, 0xbf}));
  EXPECT_EQ(by_name["last-of-four-to-six-bytes-3"],
            (std::vector<std::uint8_t>{0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf}));
  EXPECT_EQ(by_name["surrogate-pair-8"],
            (std::vector<std::uint8_t>{0xed, 0xaf, 0xbf, 0xed, 0xbf, 0xbf}));
}

}  // namespace
}  // namespace maskcheck
