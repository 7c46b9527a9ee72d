// docs/autobahn.md maps every case of Autobahn|Testsuite's fuzzingclient to maskcheck's: all 517
// rows are there, each group with its number of cases, each row with a status the page's count
// agrees with, and every maskcheck case id a row names is one a full plan makes.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "wire/every_case_id.h"

namespace maskcheck::wire {
namespace {

struct Row {
  std::string id;
  std::string status;
  std::vector<std::string> cases;
};

std::vector<Row> table_rows() {
  std::ifstream file(MASKCHECK_SOURCE_DIR "/docs/autobahn.md");
  EXPECT_TRUE(file) << "no docs/autobahn.md";
  const std::regex row(R"(^\| (\d+\.\d+(?:\.\d+)?) \|.*\| ([a-z]+) \|$)");
  const std::regex named("`(wire:[^`]+)`");
  std::vector<Row> rows;
  for (std::string line; std::getline(file, line);) {
    std::smatch match;
    if (!std::regex_match(line, match, row)) continue;
    Row found{match[1], match[2], {}};
    for (auto it = std::sregex_iterator(line.begin(), line.end(), named);
         it != std::sregex_iterator(); ++it)
      found.cases.push_back((*it)[1]);
    rows.push_back(std::move(found));
  }
  return rows;
}

std::string group_of(const std::string& id) {
  const std::size_t dot = id.find('.');
  return id.substr(0, dot);
}

TEST(AutobahnTable, HasEveryCaseOnce) {
  const std::map<std::string, std::size_t> cases_per_group{
      {"1", 16}, {"2", 11}, {"3", 7},  {"4", 10},  {"5", 20},  {"6", 145},
      {"7", 37}, {"9", 54}, {"10", 1}, {"12", 90}, {"13", 126}};
  std::map<std::string, std::size_t> counted;
  std::set<std::string> seen;
  for (const Row& row : table_rows()) {
    EXPECT_TRUE(seen.insert(row.id).second) << row.id << " is there twice";
    ++counted[group_of(row.id)];
  }
  EXPECT_EQ(seen.size(), 517u);
  EXPECT_EQ(counted, cases_per_group);
}

// The page's "Today: N covered, ..." line is the table's own count, so it cannot go stale.
TEST(AutobahnTable, SaysHowManyRowsHaveEachStatus) {
  std::map<std::string, std::size_t> counted;
  for (const Row& row : table_rows()) ++counted[row.status];
  std::ifstream file(MASKCHECK_SOURCE_DIR "/docs/autobahn.md");
  const std::string page{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  const std::regex today(R"(Today: (\d+) covered, (\d+) stricter, (\d+) partial, (\d+) missing)");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(page, match, today)) << "no \"Today: ...\" line";
  std::size_t at = 1;
  for (const char* status : {"covered", "stricter", "partial", "missing"})
    EXPECT_EQ(std::stoul(match[at++]), counted[status]) << status;
}

TEST(AutobahnTable, NamesOnlyCasesThatExist) {
  const std::vector<std::string> all = every_case_id();
  const std::set<std::string> made(all.begin(), all.end());
  const std::set<std::string> statuses{"covered", "stricter", "partial", "missing"};
  std::size_t named = 0;
  for (const Row& row : table_rows()) {
    EXPECT_TRUE(statuses.contains(row.status)) << row.id << ": status '" << row.status << "'";
    EXPECT_EQ(row.cases.empty(), row.status == "missing")
        << row.id << ": a row names maskcheck's cases unless it has none";
    for (const std::string& id : row.cases) {
      ++named;
      EXPECT_TRUE(made.contains(id) || id.starts_with("wire:fuzz:"))
          << row.id << " names " << id << ", which no plan makes";
    }
  }
  EXPECT_GT(named, 0u);
}

}  // namespace
}  // namespace maskcheck::wire
