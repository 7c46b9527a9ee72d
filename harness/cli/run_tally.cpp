#include "cli/run_tally.h"

#include <algorithm>
#include <cstdio>

#include "cli/commands.h"
#include "registry/kernel_registry.h"

namespace maskcheck::cli {

void RunTally::require(const std::vector<std::string>& required) {
  for (const std::string& name : skipped) {
    if (std::ranges::find(required, name) != required.end()) missing.push_back(name);
  }
}

nlohmann::json RunTally::json_summary() const {
  nlohmann::json summary{{"result", exit_code() == kExitFailures ? "fail" : "pass"},
                         {"interrupted", interrupted},
                         {"cases", cases},
                         {"failed_cases", failed},
                         {"skipped_kernels", skipped},
                         {"missing_required_kernels", missing}};
  if (!unfit.empty()) summary["kernels_not_fitting_the_parser"] = unfit;
  return summary;
}

void RunTally::print_closing_lines() const {
  for (const std::string& name : skipped) {
    std::printf("skipped kernel %s: this CPU cannot run it\n", name.c_str());
  }
  for (const std::string& name : unfit) {
    std::printf(
        "not run through the parser: %s (it lacks imprecise, inplace or exact with "
        "maskcheck's contracts)\n",
        name.c_str());
  }
  for (const std::string& name : missing) {
    std::printf("required kernel %s did not run: this CPU cannot run it\n", name.c_str());
  }
  if (interrupted) std::printf("interrupted: the table covers only the cases that ran\n");
  const bool failing = failed != 0 || !missing.empty();
  const char* verdict = failing ? "FAIL" : interrupted ? "INTERRUPTED" : "PASS";
  std::printf("%s: %llu cases, %llu failed\n", verdict, static_cast<unsigned long long>(cases),
              static_cast<unsigned long long>(failed));
}

int RunTally::exit_code() const {
  if (failed != 0 || !missing.empty()) return kExitFailures;
  return interrupted ? kExitInterrupted : kExitPass;
}

int kernel_column_width() {
  std::size_t width = 10;
  for (const Kernel* kernel : all_kernels()) width = std::max(width, kernel->name.size());
  return static_cast<int>(width);
}

std::string resolve_kernels(const std::vector<std::string>& names,
                            const std::vector<std::string>& required,
                            std::vector<const Kernel*>& kernels) {
  if (names.empty()) {
    kernels = all_kernels();
  }
  for (const std::string& name : names) {
    const Kernel* kernel = find_kernel(name);
    if (kernel == nullptr) return "unknown kernel '" + name + "' (see maskcheck list)";
    kernels.push_back(kernel);
  }
  for (const std::string& name : required) {
    const Kernel* kernel = find_kernel(name);
    if (kernel == nullptr) return "--require: unknown kernel '" + name + "' (see maskcheck list)";
    if (std::ranges::find(kernels, kernel) == kernels.end()) {
      return "--require " + name + ": not among the kernels --kernel selects";
    }
  }
  return {};
}

}  // namespace maskcheck::cli
