#include "run_tally.h"

#include <cstdio>

#include "commands.h"
#include "maskcheck/kernel_registry.h"

namespace maskcheck::cli {

nlohmann::json RunTally::json_summary() const {
  return {{"result", failed == 0 ? "pass" : "fail"},
          {"interrupted", interrupted},
          {"cases", cases},
          {"failed_cases", failed},
          {"skipped_kernels", skipped}};
}

void RunTally::print_closing_lines() const {
  for (const std::string& name : skipped) {
    std::printf("skipped kernel %s: this CPU cannot run it\n", name.c_str());
  }
  if (interrupted) std::printf("interrupted: the table covers only the cases that ran\n");
  const char* verdict = failed != 0 ? "FAIL" : interrupted ? "INTERRUPTED" : "PASS";
  std::printf("%s: %llu cases, %llu failed\n", verdict, static_cast<unsigned long long>(cases),
              static_cast<unsigned long long>(failed));
}

int RunTally::exit_code() const {
  if (failed != 0) return kExitFailures;
  return interrupted ? kExitInterrupted : kExitPass;
}

std::string resolve_kernels(const std::vector<std::string>& names,
                            std::vector<const Kernel*>& kernels) {
  if (names.empty()) {
    for (const Kernel& kernel : builtin_kernels()) kernels.push_back(&kernel);
  }
  for (const std::string& name : names) {
    const Kernel* kernel = find_kernel(name);
    if (kernel == nullptr) return "unknown kernel '" + name + "' (see maskcheck list)";
    kernels.push_back(kernel);
  }
  return {};
}

}  // namespace maskcheck::cli
