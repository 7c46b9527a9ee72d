// `maskcheck split` and `maskcheck stream`: the parser against the reference decoder.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "commands.h"
#include "interrupt.h"
#include "json_report.h"
#include "maskcheck/kernel_registry.h"
#include "maskcheck/stream_catalogue.h"
#include "maskcheck/stream_sweep.h"
#include "progress_line.h"
#include "run_options.h"
#include "run_tally.h"

namespace maskcheck::cli {

namespace {

struct StreamSelection {
  std::vector<const Kernel*> kernels;
  std::vector<std::string> unfit;  // kernels the parser cannot run on, left out
  std::vector<MoveBack> move_backs;
  SweepOptions options;
};

std::string select(const StreamArguments& arguments, StreamSelection& selection) {
  std::vector<const Kernel*> kernels;
  if (auto error = resolve_kernels(arguments.run.kernels, arguments.run.required, kernels);
      !error.empty())
    return error;
  for (const Kernel* kernel : kernels) {
    if (kernel->functions != nullptr) {
      selection.kernels.push_back(kernel);
    } else if (!arguments.run.kernels.empty()) {
      return "kernel '" + std::string(kernel->name) +
             "' does not fit the frame parser: " + kParserNeeds;
    } else {
      selection.unfit.emplace_back(kernel->name);
    }
  }
  if (auto error = apply_run_arguments(arguments.run, selection.options); !error.empty())
    return error;
  if (arguments.move_backs.empty())
    selection.move_backs = {MoveBack::over_header, MoveBack::over_key};
  for (const std::string& name : arguments.move_backs) {
    if (name == move_back_name(MoveBack::over_key)) {
      selection.move_backs.push_back(MoveBack::over_key);
    } else if (name == move_back_name(MoveBack::over_header)) {
      selection.move_backs.push_back(MoveBack::over_header);
    } else {
      return "--move-back must be over-key or over-header, not '" + name + "'";
    }
  }
  return {};
}

// One or more sweeps for a kernel and move-back path (split runs one per header size).
using RunSweeps =
    std::function<std::vector<StreamSweepResult>(const Kernel&, MoveBack, const SweepOptions&)>;

// Runs `run` for every selected kernel and move-back path, then prints the table or JSON.
int run_and_report(const StreamArguments& arguments, const StreamSelection& selection,
                   const RunSweeps& run) {
  const std::atomic<bool>& interrupted = stop_on_interrupt();
  std::vector<StreamSweepResult> results;
  RunTally tally;
  tally.unfit = selection.unfit;
  for (const Kernel* kernel : selection.kernels) {
    if (!kernel->runs_here()) {
      tally.skipped.emplace_back(kernel->name);
      continue;
    }
    for (MoveBack move_back : selection.move_backs) {
      if (interrupted) break;
      ProgressLine progress(std::string(kernel->name) + ":" +
                            std::string(move_back_name(move_back)));
      SweepOptions options = selection.options;
      options.stop_requested = &interrupted;
      if (!arguments.run.quiet)
        options.on_progress = [&](auto done, auto total) { progress.update(done, total); };
      for (StreamSweepResult& result : run(*kernel, move_back, options)) {
        if (arguments.run.reports_failures()) {
          for (const StreamFailure& failure : result.failures) {
            std::printf("%s\n", format_stream_failure(failure).c_str());
          }
        }
        tally.cases += result.cases;
        tally.failed += result.failed_cases;
        results.push_back(std::move(result));
      }
      progress.finish();
    }
  }
  tally.interrupted = interrupted;
  tally.require(arguments.run.required);
  if (arguments.run.json) {
    nlohmann::json out = tally.json_summary();
    out["sweeps"] = nlohmann::json::array();
    for (const StreamSweepResult& result : results)
      out["sweeps"].push_back(stream_sweep_json(result));
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    // "KERNEL:split:h14:over-header"
    const int width = kernel_column_width() + 26;
    std::printf("%-*s %12s %9s %9s %12s\n", width, "sweep", "cases", "failures", "seconds",
                "cases/s");
    for (const StreamSweepResult& result : results) {
      std::printf("%-*s %12llu %9llu %9.2f %12.0f%s\n", width, result.name.c_str(),
                  static_cast<unsigned long long>(result.cases),
                  static_cast<unsigned long long>(result.failed_cases), result.seconds,
                  cases_per_second(result.cases, result.seconds),
                  result.stopped_early ? "  (stopped early)" : "");
    }
    tally.print_closing_lines();
  }
  return tally.exit_code();
}

}  // namespace

int split_command(const StreamArguments& arguments) {
  StreamSelection selection;
  if (auto error = select(arguments, selection); !error.empty()) return bad_input(error);
  std::vector<unsigned> header_sizes = arguments.header_sizes;
  if (header_sizes.empty()) header_sizes = {6, 8, 14};
  for (unsigned size : header_sizes) {
    if (size != 6 && size != 8 && size != 14) return bad_input("--header must be 6, 8 or 14");
  }
  return run_and_report(arguments, selection,
                        [&](const Kernel& kernel, MoveBack move_back, const SweepOptions& options) {
                          std::vector<StreamSweepResult> results;
                          for (unsigned size : header_sizes) {
                            results.push_back(run_split_sweep(
                                kernel, parser_maker<FrameParser>(),
                                {size, move_back, arguments.exhaustive_up_to}, options));
                            if (results.back().stopped_early) break;
                          }
                          return results;
                        });
}

int stream_command(const StreamArguments& arguments) {
  if (arguments.list) {
    const std::vector<NamedStream>& catalogue = stream_catalogue();
    int width = 0;
    for (const NamedStream& stream : catalogue)
      width = std::max(width, static_cast<int>(stream.name.size()));
    for (const NamedStream& stream : catalogue) {
      const std::size_t reads = stream.cuts.size() + 1;
      std::printf("%-*s %9zu bytes in %zu %s\n", width, stream.name.c_str(), stream.bytes.size(),
                  reads, reads == 1 ? "read" : "reads");
    }
    return kExitPass;
  }
  StreamSelection selection;
  if (auto error = select(arguments, selection); !error.empty()) return bad_input(error);
  return run_and_report(arguments, selection,
                        [](const Kernel& kernel, MoveBack move_back, const SweepOptions& options) {
                          return std::vector{run_stream_catalogue(
                              kernel, parser_maker<FrameParser>(), move_back, options)};
                        });
}

}  // namespace maskcheck::cli
