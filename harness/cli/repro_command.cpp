#include <cstdio>
#include <nlohmann/json.hpp>
#include <variant>

#include "commands.h"
#include "json_report.h"
#include "maskcheck/differ.h"
#include "maskcheck/kernel_registry.h"

namespace maskcheck::cli {

int repro_command(const std::string& id, bool json) {
  auto parsed = parse_case_id(id);
  if (const auto* reason = std::get_if<std::string>(&parsed)) return bad_input(*reason);
  const auto& [kernel_name, test_case] = std::get<ParsedCaseId>(parsed);
  const Kernel* kernel = find_kernel(kernel_name);
  if (kernel == nullptr)
    return bad_input("unknown kernel '" + kernel_name + "' (see maskcheck list)");
  if (!kernel->cpu_supports())
    return bad_input("kernel '" + kernel_name + "' does not run on this CPU");

  Differ differ(*kernel, test_case.length, test_case.shift);
  const auto failure = differ.check(test_case);
  const std::string canonical = case_id(kernel->name, test_case);
  if (json) {
    nlohmann::json out{{"case_id", canonical}, {"result", failure ? "fail" : "pass"}};
    if (failure) out["failure"] = failure_json(*failure);
    std::printf("%s\n", out.dump(2).c_str());
  } else if (failure) {
    std::printf("%s", format_failure(*failure).c_str());
  } else {
    std::printf("PASS %s (%llu candidate calls)\n", canonical.c_str(),
                static_cast<unsigned long long>(differ.candidate_calls()));
  }
  return failure ? kExitFailures : kExitPass;
}

}  // namespace maskcheck::cli
