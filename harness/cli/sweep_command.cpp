#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <variant>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/json_report.h"
#include "cli/number_list.h"
#include "cli/progress_line.h"
#include "cli/run_options.h"
#include "cli/run_tally.h"
#include "kernels/sweep.h"
#include "registry/kernel_registry.h"

namespace maskcheck::cli {

namespace {

// Lengths above this get only the large-length alignments, as in the full case space.
constexpr std::uint64_t kLargeLength = 1024;

struct Selection {
  std::vector<const Kernel*> kernels;
  std::vector<std::string> entries;  // names; empty: every entry point of each kernel
  CaseSpace space;
  // The oracle swept as a candidate is the loop it is compared with, the same at every length:
  // past 1 MiB + 3 it would add a minute of comparing the oracle with itself, not a check.
  CaseSpace oracle_space;
  SweepOptions options;
};

bool has_cases(const CaseSpace& space) {
  return !space.lengths.empty() || !space.large_lengths.empty() || has_span_tier(space);
}

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
  if (auto error =
          resolve_kernels(arguments.run.kernels, arguments.run.required, selection.kernels);
      !error.empty()) {
    return error;
  }
  if (auto error = apply_run_arguments(arguments.run, selection.options); !error.empty())
    return error;
  for (const std::string& name : arguments.entries) {
    const bool declared = std::ranges::any_of(
        selection.kernels, [&](const Kernel* kernel) { return kernel->entry(name) != nullptr; });
    if (!declared)
      return "no selected kernel has an entry point '" + name + "' (see maskcheck list)";
    selection.entries.push_back(name);
  }
  CaseSpace& space = selection.space;
  space = full_case_space();
  space.exhaustive = arguments.exhaustive;
  if (arguments.spans == "without") clear_span_tier(space);
  if (arguments.spans == "only") {
    if (!arguments.lengths.empty()) return "--spans only: the span tier has its own lengths";
    const auto is_oracle = [](const Kernel* kernel) { return kernel == &reference_kernel(); };
    if (std::ranges::all_of(selection.kernels, is_oracle))
      return "--spans only: the reference kernel, the oracle, is not swept past 1 MiB + 3";
    space.lengths.clear();
    space.large_lengths.clear();
  }
  std::vector<std::size_t> lengths;
  if (auto error = apply_list(arguments.lengths, kMaxLength, "--lengths", lengths); !error.empty())
    return error;
  if (!lengths.empty()) {
    space.lengths.clear();
    space.large_lengths.clear();
    clear_span_tier(space);
    for (std::size_t n : lengths)
      (n > kLargeLength ? space.large_lengths : space.lengths).push_back(n);
  }
  if (auto error = apply_list(arguments.alignments, 63, "--alignments", space.alignments);
      !error.empty())
    return error;
  if (!arguments.alignments.empty()) {
    space.large_alignments = space.alignments;
    if (has_span_tier(space)) space.span_alignments = space.alignments;
  }
  // Shifts given are the only placements: no disjoint ones beside them.
  if (!arguments.shifts.empty()) space.disjoint_gaps.clear();
  auto error = apply_list(arguments.shifts, kMaxShift, "--shifts", space.shifts);
  selection.oracle_space = space;
  clear_span_tier(selection.oracle_space);
  return error;
}

// The kernel's entry points the sweep runs: those named, or all of them.
std::vector<const Entry*> entries_to_sweep(const Kernel& kernel,
                                           const std::vector<std::string>& names) {
  std::vector<const Entry*> entries;
  for (const Entry& entry : kernel.entries) {
    if (names.empty() || std::ranges::find(names, entry.name) != names.end())
      entries.push_back(&entry);
  }
  return entries;
}

void print_table(const std::vector<std::pair<const Kernel*, SweepResult>>& results) {
  const int width = kernel_column_width();
  std::size_t entry_width = 10;
  for (const auto& [kernel, result] : results)
    entry_width = std::max(entry_width, result.entry.size());
  const int entries = static_cast<int>(entry_width);
  std::printf("%-*s %-*s %12s %14s %9s %9s %12s\n", width, "kernel", entries, "entry", "cases",
              "calls", "failures", "seconds", "cases/s");
  for (const auto& [kernel, result] : results) {
    std::printf("%-*s %-*s %12llu %14llu %9llu %9.2f %12.0f%s\n", width,
                std::string(kernel->name).c_str(), entries, std::string(result.entry).c_str(),
                static_cast<unsigned long long>(result.cases),
                static_cast<unsigned long long>(result.candidate_calls()),
                static_cast<unsigned long long>(result.failed_cases), result.seconds,
                cases_per_second(result.cases, result.seconds),
                result.stopped_early ? "  (stopped early)" : "");
  }
}

}  // namespace

int sweep_command(const SweepArguments& arguments) {
  Selection selection;
  if (auto error = select(arguments, selection); !error.empty()) return bad_input(error);

  const std::atomic<bool>& interrupted = stop_on_interrupt();
  std::vector<std::pair<const Kernel*, SweepResult>> results;
  RunTally tally;
  for (const Kernel* kernel : selection.kernels) {
    if (!kernel->runs_here()) {
      tally.skipped.emplace_back(kernel->name);
      continue;
    }
    const CaseSpace& space =
        kernel == &reference_kernel() ? selection.oracle_space : selection.space;
    if (!has_cases(space)) continue;
    for (const Entry* entry : entries_to_sweep(*kernel, selection.entries)) {
      if (interrupted) break;
      ProgressLine progress(std::string(kernel->name) + ":" + entry->name);
      SweepOptions options = selection.options;
      options.stop_requested = &interrupted;
      if (!arguments.run.quiet) {
        options.on_progress = [&, tiers = count_cases_by_tier(*entry, space)](const Progress& at) {
          std::uint64_t before = 0;
          for (const TierCases& tier : tiers) {
            if (at.cases_done < before + tier.cases) {
              progress.set_stage(tier.name);
              break;
            }
            before += tier.cases;
          }
          progress.update(at);
        };
      }
      SweepResult result = run_sweep(*kernel, *entry, space, options);
      progress.finish();
      if (arguments.run.reports_failures()) {
        for (const Failure& failure : result.failures)
          std::printf("%s\n", format_failure(failure).c_str());
      }
      tally.cases += result.cases;
      tally.failed += result.failed_cases;
      results.emplace_back(kernel, std::move(result));
    }
  }

  tally.interrupted = interrupted;
  tally.require(arguments.run.required);
  if (arguments.run.json || !arguments.run.junit.empty()) {
    nlohmann::json out = tally.json_summary();
    out["sweeps"] = nlohmann::json::array();
    for (const auto& [kernel, result] : results) {
      out["sweeps"].push_back(sweep_json(kernel->name, result));
    }
    emit_summary(arguments.run, "sweep", out);
  }
  if (!arguments.run.json) {
    print_table(results);
    tally.print_closing_lines();
  }
  return tally.exit_code();
}

}  // namespace maskcheck::cli
