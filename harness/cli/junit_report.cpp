#include "cli/junit_report.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string_view>

#include "cli/markup_text.h"

namespace maskcheck::cli {

namespace {

// A failure as --json writes it: kernels and streams name the case "case_id", wire "case".
std::string failure_case(const nlohmann::json& failure) {
  return failure.value("case_id", failure.value("case", std::string()));
}

// A wire failure names the requirement it breaks.
std::string breaks(const nlohmann::json& failure) {
  const std::string requirement = failure.value("requirement", std::string());
  return requirement.empty() ? requirement : "breaks " + requirement + "\n";
}

std::string failed_testcase(const std::string& suite, const nlohmann::json& failure) {
  return "    <testcase classname=\"" + escaped(suite) + "\" name=\"" +
         escaped(failure_case(failure)) + "\">\n      <failure message=\"" +
         escaped(failure.value("headline", std::string())) + "\">" + escaped(breaks(failure)) +
         escaped(failure.value("detail", std::string())) +
         "repro: " + escaped(failure.value("repro", std::string())) +
         "</failure>\n    </testcase>\n";
}

// One sweep: its reported failures, then the rest of its cases as one test.
std::string suite(const std::string& name, const nlohmann::json& sweep) {
  const nlohmann::json& failures = sweep.value("failures", nlohmann::json::array());
  const std::uint64_t cases = sweep.value("cases", std::uint64_t{0});
  const std::uint64_t failed = sweep.value("failed_cases", std::uint64_t{0});
  const std::uint64_t rest = cases - std::min<std::uint64_t>(cases, failures.size());
  const std::uint64_t unreported = failed - std::min<std::uint64_t>(failed, failures.size());
  char time[32];
  std::snprintf(time, sizeof time, "%.3f", sweep.value("seconds", 0.0));
  std::string xml = "  <testsuite name=\"" + escaped(name) + "\" tests=\"" +
                    std::to_string(failures.size() + 1) + "\" failures=\"" +
                    std::to_string(failures.size() + (unreported > 0)) + "\" time=\"" + time +
                    "\">\n";
  for (const nlohmann::json& failure : failures) xml += failed_testcase(name, failure);
  xml += "    <testcase classname=\"" + escaped(name) + "\" name=\"" +
         (failures.empty() ? "all " : "the other ") + std::to_string(rest) + " cases\"";
  if (unreported == 0) return xml + "/>\n  </testsuite>\n";
  return xml + ">\n      <failure message=\"" + std::to_string(unreported) +
         " more cases failed, not reported one by one (--max-failures)\"/>\n    </testcase>\n" +
         "  </testsuite>\n";
}

// Named cases (wire --case, repro of a wire id): each case a test of its own.
std::string named_suite(const std::string& name, const nlohmann::json& cases) {
  std::string xml = "  <testsuite name=\"" + escaped(name) + "\" tests=\"" +
                    std::to_string(cases.size()) + "\">\n";
  for (const nlohmann::json& named : cases) {
    if (const auto failure = named.find("failure"); failure != named.end()) {
      xml += failed_testcase(name, *failure);
    } else {
      xml += "    <testcase classname=\"" + escaped(name) + "\" name=\"" +
             escaped(named.value("case_id", std::string())) + "\"/>\n";
    }
  }
  return xml + "  </testsuite>\n";
}

}  // namespace

std::string check_junit_path(const std::string& path) {
  if (path.empty() || std::ofstream(path)) return {};
  return "--junit: cannot write '" + path + "'";
}

void write_junit(const std::string& path, const std::string& command,
                 const nlohmann::json& summary) {
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"maskcheck " +
                    escaped(command) + "\">\n";
  if (const auto sweeps = summary.find("sweeps"); sweeps != summary.end()) {
    for (const nlohmann::json& sweep : *sweeps) {
      const std::string name =
          sweep.contains("sweep")
              ? sweep.value("sweep", std::string())
              : sweep.value("kernel", std::string()) + ":" + sweep.value("entry", std::string());
      xml += suite(name, sweep);
    }
  } else if (const auto cases = summary.find("cases");
             cases != summary.end() && cases->is_array()) {
    xml += named_suite(command + " named cases", *cases);
  } else {
    const std::string peer = summary.contains("client") ? "client" : "server";
    xml += suite(command + " " + peer + " " + summary.value(peer, std::string()), summary);
  }
  std::ofstream(path) << xml << "</testsuites>\n";
}

}  // namespace maskcheck::cli
