// `maskcheck split` and `maskcheck stream`: parsers against the reference decoder.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/json_report.h"
#include "cli/progress_line.h"
#include "cli/run_options.h"
#include "cli/run_tally.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "streams/stream_catalogue.h"
#include "streams/stream_sweep.h"

namespace maskcheck::cli {

namespace {

// One parser on one kernel (or on none), in the variants selected.
struct Subject {
  ParserOnKernel on;
  std::vector<unsigned> variants;
};

struct StreamSelection {
  std::vector<Subject> subjects;
  std::vector<std::string> unfit;  // kernels a parser cannot run on, left out
  SweepOptions options;
};

// The parsers named, else every plug-in parser, else maskcheck's own.
std::string select_parsers(const StreamArguments& arguments, std::vector<const Parser*>& parsers) {
  for (const std::string& name : arguments.parsers) {
    const Parser* parser = find_parser(name);
    if (parser == nullptr) return "unknown parser '" + name + "' (see maskcheck list)";
    parsers.push_back(parser);
  }
  if (parsers.empty()) parsers = loaded_parsers();
  if (parsers.empty()) parsers = {&builtin_parser()};
  return {};
}

// Each parser's variants among those named (none named: all of them).
std::string select_variants(const StreamArguments& arguments,
                            const std::vector<const Parser*>& parsers,
                            std::vector<std::vector<unsigned>>& variants) {
  for (const std::string& name : arguments.variants) {
    const bool known = std::ranges::any_of(
        parsers, [&](const Parser* parser) { return find_variant(*parser, name).has_value(); });
    if (!known) {
      return "--variant '" + name + "' is not a variant of the parser (" +
             variant_names(*parsers.front()) + " for " + parsers.front()->name + ")";
    }
  }
  for (const Parser* parser : parsers) {
    std::vector<unsigned>& chosen = variants.emplace_back();
    for (unsigned i = 0; i < parser->variant_count; ++i) {
      if (arguments.variants.empty() ||
          std::ranges::find(arguments.variants, parser->variants[i]) != arguments.variants.end())
        chosen.push_back(i);
    }
    if (chosen.empty()) {
      return std::string("parser '") + parser->name + "' has none of the variants named (it has " +
             variant_names(*parser) + ")";
    }
  }
  return {};
}

std::string select(const StreamArguments& arguments, StreamSelection& selection) {
  std::vector<const Parser*> parsers;
  if (auto error = select_parsers(arguments, parsers); !error.empty()) return error;
  std::vector<std::vector<unsigned>> variants;
  if (auto error = select_variants(arguments, parsers, variants); !error.empty()) return error;
  std::vector<const Kernel*> kernels;
  if (auto error = resolve_kernels(arguments.run.kernels, arguments.run.required, kernels);
      !error.empty())
    return error;
  for (std::size_t p = 0; p < parsers.size(); ++p) {
    const Parser& parser = *parsers[p];
    if (parser.takes_kernel == 0) {
      selection.subjects.push_back({{parser, nullptr}, variants[p]});
      continue;
    }
    for (const Kernel* kernel : kernels) {
      if (parser_fits(parser, *kernel)) {
        selection.subjects.push_back({{parser, kernel}, variants[p]});
      } else if (!arguments.run.kernels.empty()) {
        return "kernel '" + std::string(kernel->name) +
               "' does not fit the frame parser: " + kParserNeeds;
      } else if (std::ranges::find(selection.unfit, kernel->name) == selection.unfit.end()) {
        selection.unfit.emplace_back(kernel->name);
      }
    }
  }
  return apply_run_arguments(arguments.run, selection.options);
}

// One or more sweeps for a subject in one variant (split runs one per header size).
using RunSweeps = std::function<std::vector<StreamSweepResult>(const ParserOnKernel&, unsigned,
                                                               const SweepOptions&, ProgressLine&)>;

// Runs `run` for every selected subject and variant, then prints the table or JSON.
int run_and_report(const std::string& command, const StreamArguments& arguments,
                   const StreamSelection& selection, const RunSweeps& run) {
  const std::atomic<bool>& interrupted = stop_on_interrupt();
  std::vector<StreamSweepResult> results;
  RunTally tally;
  tally.unfit = selection.unfit;
  for (const Subject& subject : selection.subjects) {
    const Kernel* kernel = subject.on.kernel;
    if (kernel != nullptr && !kernel->runs_here()) {
      if (std::ranges::find(tally.skipped, kernel->name) == tally.skipped.end())
        tally.skipped.emplace_back(kernel->name);
      continue;
    }
    for (unsigned variant : subject.variants) {
      if (interrupted) break;
      ProgressLine progress(subject_name(subject.on) + ":" +
                            std::string(variant_name(subject.on.parser, variant)));
      SweepOptions options = selection.options;
      options.stop_requested = &interrupted;
      if (!arguments.run.quiet)
        options.on_progress = [&](const Progress& at) { progress.update(at); };
      for (StreamSweepResult& result : run(subject.on, variant, options, progress)) {
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
  if (arguments.run.json || !arguments.run.junit.empty()) {
    nlohmann::json out = tally.json_summary();
    out["sweeps"] = nlohmann::json::array();
    for (const StreamSweepResult& result : results)
      out["sweeps"].push_back(stream_sweep_json(result));
    emit_summary(arguments.run, command, out);
  }
  if (!arguments.run.json) {
    // "PARSER@KERNEL:split:h14:over-header"
    int width = kernel_column_width() + 26;
    for (const StreamSweepResult& result : results)
      width = std::max(width, static_cast<int>(result.name.size()));
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
  return run_and_report("split", arguments, selection,
                        [&](const ParserOnKernel& subject, unsigned variant,
                            const SweepOptions& options, ProgressLine& progress) {
                          std::vector<StreamSweepResult> results;
                          for (unsigned size : header_sizes) {
                            progress.set_stage("h" + std::to_string(size));
                            results.push_back(run_split_sweep(
                                subject, {size, variant, arguments.exhaustive_up_to}, options));
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
  return run_and_report(
      "stream", arguments, selection,
      [](const ParserOnKernel& subject, unsigned variant, const SweepOptions& options,
         ProgressLine&) { return std::vector{run_stream_catalogue(subject, variant, options)}; });
}

}  // namespace maskcheck::cli
