#include "core/case_id.h"

#include <gtest/gtest.h>

#include "core/test_case.h"
#include "registry/kernel_registry.h"

namespace maskcheck {
namespace {

const Entry& block_entry(std::string_view name) {
  return *find_kernel("block")->entry(name);
}

// Why an id names no case a kernel's contract accepts, or "": parsing, then the kernel's entry
// point, then the case against that entry's declaration.
std::string why_rejected(std::string_view id) {
  auto parsed = parse_case_id(id);
  if (const auto* reason = std::get_if<std::string>(&parsed)) return *reason;
  auto& [kernel_name, entry_name, test_case] = std::get<ParsedCaseId>(parsed);
  const Kernel* kernel = find_kernel(kernel_name);
  if (kernel == nullptr) return "no kernel";
  test_case.entry = kernel->entry(entry_name);
  if (test_case.entry == nullptr) return "no entry point";
  return validate_case(test_case);
}

TEST(CaseId, FormatsEveryDimension) {
  const TestCase c{&block_entry("exact"), 5, 3, 4, {0x37, 0xfa, 0x21, 0x3d}, 1};
  EXPECT_EQ(case_id("block", c), "block:exact:n5:a3:d4:k37fa213d:p1");
}

TEST(CaseId, ParsesWhatItFormats) {
  const TestCase c{&block_entry("imprecise"), 1048579, 63, 14, {0x00, 0xff, 0x10, 0x80}, 0};
  const auto parsed = parse_case_id(case_id("block", c));
  ASSERT_TRUE(std::holds_alternative<ParsedCaseId>(parsed)) << std::get<std::string>(parsed);
  ParsedCaseId fields = std::get<ParsedCaseId>(parsed);
  EXPECT_EQ(fields.kernel, "block");
  EXPECT_EQ(fields.entry, "imprecise");
  fields.test_case.entry = c.entry;
  EXPECT_EQ(fields.test_case, c);
  EXPECT_EQ(why_rejected(case_id("block", c)), "");
}

// dst wholly above src: a negative D, for the entries that declare it and clear of the payload.
TEST(CaseId, ParsesDstAboveSrc) {
  const auto parsed = parse_case_id("block:exact:n5:a3:d-6:k37fa213d:p1");
  ASSERT_TRUE(std::holds_alternative<ParsedCaseId>(parsed)) << std::get<std::string>(parsed);
  const TestCase& c = std::get<ParsedCaseId>(parsed).test_case;
  EXPECT_TRUE(c.dst_above);
  EXPECT_EQ(c.shift, 6u);
  EXPECT_EQ(why_rejected("block:exact:n5:a3:d-5:k37fa213d:p1"), "");
  TestCase above = c;
  above.entry = &block_entry("exact");
  EXPECT_EQ(case_id("block", above), "block:exact:n5:a3:d-6:k37fa213d:p1");
}

// The one spelling every kind of id shares: each field read exactly, or not at all.
TEST(IdFields, ReadsEachFieldExactlyOrNotAtAll) {
  const IdReader fields("wire:n127:k37fa213d:c3,40:n12x:n:n-1:k37fa21:c3:c,4:c3,4x");
  ASSERT_EQ(fields.size(), 11u);
  std::size_t number = 0;
  Key key{};
  std::size_t first = 0;
  std::size_t second = 0;
  EXPECT_TRUE(fields.number(1, "n", number));
  EXPECT_EQ(number, 127u);
  EXPECT_TRUE(fields.key(2, key));
  EXPECT_EQ(key, (Key{0x37, 0xfa, 0x21, 0x3d}));
  EXPECT_TRUE(fields.cuts(3, first, second));
  EXPECT_EQ(first, 3u);
  EXPECT_EQ(second, 40u);
  EXPECT_FALSE(fields.number(1, "a", number));  // another tag
  for (std::size_t at : {4, 5, 6}) EXPECT_FALSE(fields.number(at, "n", number)) << fields[at];
  EXPECT_FALSE(fields.key(7, key));
  for (std::size_t at : {8, 9, 10}) EXPECT_FALSE(fields.cuts(at, first, second)) << fields[at];
  EXPECT_EQ(fields[11], "");  // past the last field: nothing, and no number in it
  EXPECT_FALSE(fields.number(11, "", number));
}

TEST(IdFields, ReadsBackWhatItWrites) {
  const std::string id = IdWriter("block")
                             .field("split")
                             .number("n", 300)
                             .key({0x00, 0x11, 0xa7, 0x3c})
                             .cuts(7, 200)
                             .text();
  EXPECT_EQ(id, "block:split:n300:k0011a73c:c7,200");
  const IdReader fields(id);
  std::uint64_t length = 0;
  Key key{};
  std::size_t first = 0;
  std::size_t second = 0;
  EXPECT_TRUE(fields.number(2, "n", length) && fields.key(3, key) && fields.cuts(4, first, second));
  EXPECT_EQ(length, 300u);
  EXPECT_EQ(key, (Key{0x00, 0x11, 0xa7, 0x3c}));
  EXPECT_EQ(first, 7u);
  EXPECT_EQ(second, 200u);
}

class BadCaseId : public testing::TestWithParam<const char*> {};

TEST_P(BadCaseId, IsRejectedWithAReason) {
  EXPECT_NE(why_rejected(GetParam()), "") << GetParam();
}

INSTANTIATE_TEST_SUITE_P(
    Examples, BadCaseId,
    testing::Values("", "block", "block:exact:n5:a3:d4:k37fa213d",
                    "block:bogus:n5:a3:d4:k37fa213d:p1", "block:exact:5:a3:d4:k37fa213d:p1",
                    "block:exact:n5:a64:d4:k37fa213d:p1", "block:exact:n5:a3:d4:k37fa21:p1",
                    "block:exact:n5:a3:d4:k37fa213g:p1", "block:exact:n5:a3:d4:k37fa213d:p4",
                    "block:words:n5:a3:d4:k37fa213d:p0", "block:words:n8:a3:d4:k37fa213d:p2",
                    "block:inplace:n8:a3:d4:k37fa213d:p0", "block:exact:n-1:a3:d4:k37fa213d:p1",
                    "block:exact:n5x:a3:d4:k37fa213d:p1",
                    "block:exact:n5:a3:d1073745921:k37fa213d:p1",
                    "nope:exact:n5:a3:d4:k37fa213d:p1",
                    // Above src: overlapping the payload, or an entry that does not declare it.
                    "block:exact:n5:a3:d-4:k37fa213d:p1", "block:imprecise:n5:a3:d-9:k37fa213d:p0",
                    "block:exact:n5:a3:d--6:k37fa213d:p1"));

}  // namespace
}  // namespace maskcheck
