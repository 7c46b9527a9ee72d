#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <variant>

#include "commands.h"
#include "json_report.h"
#include "maskcheck/kernel_registry.h"
#include "maskcheck/sweep.h"
#include "number_list.h"
#include "progress_line.h"

namespace maskcheck::cli {

namespace {

// Lengths above this get only the large-length alignments, as in the full case space.
constexpr std::uint64_t kLargeLength = 1024;

// Ctrl-C ends the sweep after the current case, and the summary of what ran is still printed.
std::atomic<bool> interrupted{false};
void on_interrupt(int) {
  interrupted.store(true, std::memory_order_relaxed);
}

struct Selection {
  std::vector<const Kernel*> kernels;
  std::vector<EntryPoint> entries;
  CaseSpace space;
};

template <typename Number>
std::string apply_list(const std::string& text, std::uint64_t max, const char* flag,
                       std::vector<Number>& out) {
  if (text.empty()) return {};
  auto parsed = parse_number_list(text, max);
  if (const auto* reason = std::get_if<std::string>(&parsed))
    return std::string(flag) + ": " + *reason;
  out.clear();
  for (std::uint64_t value : std::get<std::vector<std::uint64_t>>(parsed)) {
    out.push_back(static_cast<Number>(value));
  }
  return {};
}

// Fills `selection` from the arguments, or says what is wrong with them.
std::string select(const SweepArguments& arguments, Selection& selection) {
  if (arguments.kernels.empty()) {
    for (const Kernel& kernel : builtin_kernels()) selection.kernels.push_back(&kernel);
  }
  for (const std::string& name : arguments.kernels) {
    const Kernel* kernel = find_kernel(name);
    if (kernel == nullptr) return "unknown kernel '" + name + "' (see maskcheck list)";
    selection.kernels.push_back(kernel);
  }
  for (const std::string& name : arguments.required) {
    const Kernel* kernel = find_kernel(name);
    if (kernel == nullptr) return "--require: unknown kernel '" + name + "' (see maskcheck list)";
    if (std::ranges::find(selection.kernels, kernel) == selection.kernels.end())
      return "--require " + name + ": not among the kernels --kernel selects";
  }
  if (arguments.entries.empty())
    selection.entries.assign(kAllEntryPoints.begin(), kAllEntryPoints.end());
  for (const std::string& name : arguments.entries) {
    const auto entry = parse_entry_point(name);
    if (!entry) return "unknown entry point '" + name + "' (words, imprecise, inplace, exact)";
    selection.entries.push_back(*entry);
  }
  CaseSpace& space = selection.space;
  space = full_case_space();
  space.exhaustive = arguments.exhaustive;
  std::vector<std::size_t> lengths;
  if (auto error = apply_list(arguments.lengths, kMaxLength, "--lengths", lengths); !error.empty())
    return error;
  if (!lengths.empty()) {
    space.lengths.clear();
    space.large_lengths.clear();
    for (std::size_t n : lengths)
      (n > kLargeLength ? space.large_lengths : space.lengths).push_back(n);
  }
  if (auto error = apply_list(arguments.alignments, 63, "--alignments", space.alignments);
      !error.empty())
    return error;
  if (!arguments.alignments.empty()) space.large_alignments = space.alignments;
  return apply_list(arguments.shifts, kMaxShift, "--shifts", space.shifts);
}

void print_table(const std::vector<std::pair<const Kernel*, SweepResult>>& results) {
  std::printf("%-10s %-10s %12s %14s %9s %9s %12s\n", "kernel", "entry", "cases", "calls",
              "failures", "seconds", "cases/s");
  for (const auto& [kernel, result] : results) {
    std::printf("%-10s %-10s %12llu %14llu %9llu %9.2f %12.0f%s\n",
                std::string(kernel->name).c_str(),
                std::string(entry_point_name(result.entry)).c_str(),
                static_cast<unsigned long long>(result.cases),
                static_cast<unsigned long long>(result.candidate_calls),
                static_cast<unsigned long long>(result.failed_cases), result.seconds,
                result.seconds > 0 ? static_cast<double>(result.cases) / result.seconds : 0.0,
                result.stopped_early ? "  (stopped early)" : "");
  }
}

}  // namespace

int sweep_command(const SweepArguments& arguments) {
  Selection selection;
  if (auto error = select(arguments, selection); !error.empty()) return bad_input(error);

  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  std::vector<std::pair<const Kernel*, SweepResult>> results;
  std::vector<std::string> skipped;
  std::uint64_t cases = 0;
  std::uint64_t failed = 0;
  for (const Kernel* kernel : selection.kernels) {
    if (!kernel->cpu_supports()) {
      skipped.emplace_back(kernel->name);
      continue;
    }
    for (EntryPoint entry : selection.entries) {
      if (interrupted) break;
      ProgressLine progress(std::string(kernel->name) + ":" + std::string(entry_point_name(entry)));
      SweepOptions options;
      options.max_failures = arguments.max_failures;
      options.stop_requested = &interrupted;
      if (!arguments.quiet)
        options.on_progress = [&](auto done, auto total) { progress.update(done, total); };
      SweepResult result = run_sweep(*kernel, entry, selection.space, options);
      progress.finish();
      if (!arguments.json) {
        for (const Failure& failure : result.failures)
          std::printf("%s\n", format_failure(failure).c_str());
      }
      cases += result.cases;
      failed += result.failed_cases;
      results.emplace_back(kernel, std::move(result));
    }
  }

  // A required kernel the CPU cannot run would otherwise pass as merely skipped.
  std::vector<std::string> missing;
  for (const std::string& name : skipped) {
    if (std::ranges::find(arguments.required, name) != arguments.required.end())
      missing.push_back(name);
  }
  const bool pass = failed == 0 && missing.empty();

  if (arguments.json) {
    nlohmann::json out{{"result", pass ? "pass" : "fail"},
                       {"interrupted", interrupted.load()},
                       {"cases", cases},
                       {"failed_cases", failed},
                       {"skipped_kernels", skipped},
                       {"missing_required_kernels", missing},
                       {"sweeps", nlohmann::json::array()}};
    for (const auto& [kernel, result] : results)
      out["sweeps"].push_back(sweep_json(kernel->name, result));
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    print_table(results);
    for (const std::string& name : skipped)
      std::printf("skipped kernel %s: this CPU cannot run it\n", name.c_str());
    for (const std::string& name : missing)
      std::printf("required kernel %s did not run: this CPU cannot run it\n", name.c_str());
    if (interrupted) std::printf("interrupted: the table covers only the cases that ran\n");
    const char* verdict = !pass ? "FAIL" : interrupted ? "INTERRUPTED" : "PASS";
    std::printf("%s: %llu cases, %llu failed\n", verdict, static_cast<unsigned long long>(cases),
                static_cast<unsigned long long>(failed));
  }
  if (!pass) return kExitFailures;
  return interrupted ? kExitInterrupted : kExitPass;
}

}  // namespace maskcheck::cli
