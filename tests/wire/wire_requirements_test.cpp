// Every wire case names the requirement it checks: each case of the full server and client plans
// (compressed ones, fuzzed ones and the agreement included) has a row, every row covers some case,
// and a section picks exactly the cases of its rows.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "wire/clients/client_cases.h"
#include "wire/every_case_id.h"
#include "wire/requirements/requirement.h"
#include "wire/servers/server_cases.h"

namespace maskcheck::wire {
namespace {

TEST(Requirements, EveryCaseHasOneAndEveryRowCoversACase) {
  std::map<const Requirement*, std::size_t> covered;
  for (const std::string& id : every_case_id()) {
    const Requirement* row = requirement_of(id);
    ASSERT_NE(row, nullptr) << id << " names no requirement";
    ++covered[row];
  }
  for (const Requirement& row : all_requirements()) {
    EXPECT_GT(covered[&row], 0u) << row.family << " covers no case";
    EXPECT_FALSE(row.requirement.empty()) << row.family;
    EXPECT_FALSE(row.cases.empty()) << row.family;
  }
}

TEST(Requirements, AnIdOfNoFamilyHasNone) {
  EXPECT_EQ(requirement_of("wire:stream:no-such-stream:server"), nullptr);
  EXPECT_EQ(requirement_of("block:exact:n5:a3:d4:k37fa213d:p1"), nullptr);
  EXPECT_EQ(requirement_of(""), nullptr);
}

TEST(Requirements, ALongerFamilyWinsOverItsStem) {
  // "stream:error-unmasked-frame-*" covers the stream that adds four bytes too.
  const Requirement* row =
      requirement_of("wire:stream:error-unmasked-frame-then-4-bytes-bytewise:server");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->section, "5.1");
  EXPECT_EQ(requirement_of("wire:stream:close-code-1003:server")->section, "7.4");
  EXPECT_EQ(requirement_of("wire:deflate:agreement:server")->family, "deflate:agreement");
  EXPECT_EQ(requirement_of("wire:deflate:m300:f3:k37fa213d:server:c3,40")->family, "deflate");
}

TEST(Requirements, ASectionHoldsItsSubsectionsOnly) {
  const Requirement close_body{"x", "6455", "5.5.1", Level::must, "r", "c"};
  EXPECT_TRUE(in_section(close_body, "5.5"));
  EXPECT_TRUE(in_section(close_body, "5.5.1"));
  EXPECT_TRUE(in_section(close_body, "5"));
  EXPECT_TRUE(in_section(close_body, "6455"));
  EXPECT_FALSE(in_section(close_body, "5.5.10"));
  EXPECT_FALSE(in_section(close_body, "5.2"));
  EXPECT_FALSE(in_section(close_body, "7692"));
  const Requirement compressed{"x", "7692", "7.2", Level::must, "r", "c"};
  EXPECT_TRUE(in_section(compressed, "7692:7"));
  EXPECT_FALSE(in_section(compressed, "7.2"));  // a bare number is RFC 6455's
  const Requirement limit{"x", "6455", "10.4", Level::policy, "r", "c"};
  EXPECT_FALSE(in_section(limit, "1"));
}

TEST(Requirements, ASectionPlanRunsExactlyItsCases) {
  ServerPlan plan = full_server_plan(false);
  plan.section = "5.5";
  std::set<std::string> families;
  std::size_t cases = 0;
  for_each_server_case(plan, [&](const ServerCase& c) {
    families.insert(case_family(server_case_id(c)));
    ++cases;
    return true;
  });
  // Five error streams, each in one read, byte by byte and cut at detection, and one close.
  EXPECT_EQ(cases, 16u);
  for (const std::string& family : families) {
    EXPECT_TRUE(family.starts_with("stream:error-control-frame-") ||
                family.starts_with("stream:error-close-payload-one-byte-") ||
                family.starts_with("stream:error-close-frame-too-long-") ||
                family.starts_with("stream:error-close-reason-not-utf8-") ||
                family == "stream:close-reason-123-bytes")
        << family;
  }
  ClientPlan client = full_client_plan();
  client.section = "5.5.2";
  std::size_t pings = 0;
  for_each_client_case(client, [&](const ClientCase& c) {
    EXPECT_EQ(c.kind, ClientCaseKind::ping_inside_echo) << client_case_id(c);
    ++pings;
    return true;
  });
  EXPECT_GT(pings, 0u);
}

// "5.5.1" as {5, 5, 1}: 5.10 comes after 5.9.
std::vector<unsigned> numbers_of(std::string_view section) {
  std::vector<unsigned> numbers{0};
  for (char c : section) {
    if (c == '.') {
      numbers.push_back(0);
    } else {
      numbers.back() = numbers.back() * 10 + static_cast<unsigned>(c - '0');
    }
  }
  return numbers;
}

TEST(Requirements, RowsComeInTheOrderOfTheSections) {
  const std::vector<Requirement>& rows = all_requirements();
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_LE(std::pair(rows[i - 1].rfc, numbers_of(rows[i - 1].section)),
              std::pair(rows[i].rfc, numbers_of(rows[i].section)))
        << rows[i - 1].family << " comes before " << rows[i].family;
  }
  EXPECT_EQ(cite(rows.front()).substr(0, 16), "RFC 6455 5, MUST");
}

}  // namespace
}  // namespace maskcheck::wire
