#include <gtest/gtest.h>

#include "maskcheck/test_case.h"

namespace maskcheck {
namespace {

TEST(CaseId, FormatsEveryDimension) {
  const TestCase c{EntryPoint::exact, 5, 3, 4, {0x37, 0xfa, 0x21, 0x3d}, 1};
  EXPECT_EQ(case_id("block", c), "block:exact:n5:a3:d4:k37fa213d:p1");
}

TEST(CaseId, ParsesWhatItFormats) {
  const TestCase c{EntryPoint::imprecise, 1048579, 63, 14, {0x00, 0xff, 0x10, 0x80}, 0};
  const auto parsed = parse_case_id(case_id("reference", c));
  ASSERT_TRUE(std::holds_alternative<ParsedCaseId>(parsed)) << std::get<std::string>(parsed);
  EXPECT_EQ(std::get<ParsedCaseId>(parsed).kernel, "reference");
  EXPECT_EQ(std::get<ParsedCaseId>(parsed).test_case, c);
}

class BadCaseId : public testing::TestWithParam<const char*> {};

TEST_P(BadCaseId, IsRejectedWithAReason) {
  const auto parsed = parse_case_id(GetParam());
  ASSERT_TRUE(std::holds_alternative<std::string>(parsed));
  EXPECT_FALSE(std::get<std::string>(parsed).empty());
}

INSTANTIATE_TEST_SUITE_P(
    Examples, BadCaseId,
    testing::Values("", "block", "block:exact:n5:a3:d4:k37fa213d",
                    "block:bogus:n5:a3:d4:k37fa213d:p1", "block:exact:5:a3:d4:k37fa213d:p1",
                    "block:exact:n5:a64:d4:k37fa213d:p1", "block:exact:n5:a3:d4:k37fa21:p1",
                    "block:exact:n5:a3:d4:k37fa213g:p1", "block:exact:n5:a3:d4:k37fa213d:p4",
                    "block:words:n5:a3:d4:k37fa213d:p0", "block:words:n8:a3:d4:k37fa213d:p2",
                    "block:inplace:n8:a3:d4:k37fa213d:p0", "block:exact:n-1:a3:d4:k37fa213d:p1",
                    "block:exact:n5x:a3:d4:k37fa213d:p1", "block:exact:n5:a3:d4097:k37fa213d:p1"));

}  // namespace
}  // namespace maskcheck
