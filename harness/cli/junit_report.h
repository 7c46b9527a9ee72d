// JUnit XML, for CI systems that read test results: made from the summary --json prints, so the two
// never disagree. Each sweep (a kernel's entry point, a parser's variant, a live peer, a list of
// named cases) is a <testsuite>; each reported failure a <testcase> named by its case id, with its
// headline, detail and repro line; the cases that were not reported one more <testcase>, which
// fails when failures went unreported (--max-failures).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace maskcheck::cli {

// Opens `path` for writing before a run starts, so a bad path is bad input, not a lost report.
std::string check_junit_path(const std::string& path);

// Writes `summary` (any command's --json summary) as JUnit XML; the command names the suites.
void write_junit(const std::string& path, const std::string& command,
                 const nlohmann::json& summary);

}  // namespace maskcheck::cli
