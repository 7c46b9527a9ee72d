// maskcheck: list kernels and parsers, check them against the references, replay one case.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "commands.h"
#include "maskcheck/hang_watchdog.h"
#include "maskcheck/kernel_registry.h"
#include "maskcheck/parser_registry.h"
#include "run_options.h"

int maskcheck::cli::bad_input(const std::string& message) {
  std::fprintf(stderr, "maskcheck: %s\n", message.c_str());
  return kExitBadInput;
}

namespace {

// The options sweep, split and stream share.
void add_run_options(CLI::App& command, maskcheck::cli::RunArguments& arguments) {
  using maskcheck::cli::kMaxJobs;
  command.add_option("--kernel", arguments.kernels, "kernel to run (repeatable; default: all)");
  command.add_option("--require", arguments.required,
                     "kernel that must run: fail if this CPU cannot run it (repeatable)");
  command
      .add_option("--max-failures", arguments.max_failures,
                  "stop a sweep after this many failing cases")
      ->check(CLI::PositiveNumber);
  command
      .add_option("--jobs", arguments.jobs,
                  "threads, each with its own guarded buffers (default: every core)")
      ->check(CLI::Range(1u, kMaxJobs));
  command.add_option("--shard", arguments.shard,
                     "K/N: run only the K-th of N slices of the cases (1 <= K <= N)");
  command.add_flag("--json", arguments.json, "print a JSON summary instead of the table");
  command.add_flag("--quiet", arguments.quiet, "no progress line");
  command.add_flag("--summary-only", arguments.summary_only,
                   "count failures in the table without reporting each one");
}

}  // namespace

int main(int argc, char** argv) {
  using namespace maskcheck::cli;
  CLI::App app{"maskcheck: differential verification of WebSocket unmasking kernels"};
  app.require_subcommand(1);

  bool list_json = false;
  CLI::App* list =
      app.add_subcommand("list", "list the kernels, their entry points and the parsers");
  list->add_flag("--json", list_json, "print JSON");

  SweepArguments sweep_arguments;
  CLI::App* sweep =
      app.add_subcommand("sweep", "compare kernels with the reference over the case space");
  add_run_options(*sweep, sweep_arguments.run);
  sweep->add_option("--entry", sweep_arguments.entries,
                    "entry point: words, imprecise, inplace, exact (repeatable; default: all)");
  sweep->add_option("--lengths", sweep_arguments.lengths,
                    "payload lengths, e.g. 0..1024,4096 (default: the full case space)");
  sweep->add_option("--alignments", sweep_arguments.alignments, "source alignments, e.g. 0..63");
  sweep->add_option("--shifts", sweep_arguments.shifts, "shifts D, e.g. 0..64");
  sweep
      ->add_option("--spans", sweep_arguments.spans,
                   "the span tier, lengths 1 MiB .. 64 MiB + 127: with, without or only it "
                   "(default: with)")
      ->check(CLI::IsMember({"with", "without", "only"}));
  sweep->add_flag("--exhaustive", sweep_arguments.exhaustive,
                  "every shift, key and phase in every (length, alignment) cell");

  StreamArguments split_arguments;
  CLI::App* split = app.add_subcommand(
      "split",
      "cut a two-frame stream into three reads at every pair of points; compare the parser");
  StreamArguments stream_arguments;
  CLI::App* stream =
      app.add_subcommand("stream", "run the named streams through the parser; compare the parser");
  for (auto [command, arguments] :
       {std::pair{split, &split_arguments}, std::pair{stream, &stream_arguments}}) {
    add_run_options(*command, arguments->run);
    command->add_option("--parser", arguments->parsers,
                        "parser to run (repeatable; default: the --parser-plugin libraries' "
                        "parsers, else maskcheck's own)");
    command->add_option("--variant,--move-back", arguments->variants,
                        "the parser's variant, e.g. over-key or over-header for maskcheck's own "
                        "(repeatable; default: all)");
  }
  split->add_option("--header", split_arguments.header_sizes,
                    "header size 6, 8 or 14 (repeatable; default: all)");
  split->add_option("--up-to", split_arguments.exhaustive_up_to,
                    "every pair of cuts for payloads up to this length (default 300)");
  stream->add_flag("--list", stream_arguments.list, "print the named streams and exit");

  std::string repro_id;
  bool repro_json = false;
  CLI::App* repro = app.add_subcommand("repro", "replay one case by its id");
  repro
      ->add_option(
          "case-id", repro_id,
          "e.g. block:exact:n5:a3:d4:k37fa213d:p1, block:split:h6:n77:k37fa213d:over-header:c3,40 "
          "or block:stream:every-length-one-read:over-key")
      ->required();
  repro->add_flag("--json", repro_json, "print JSON");

  unsigned hang_seconds = 30;
  for (CLI::App* command : {sweep, split, stream, repro}) {
    command->add_option("--hang-seconds", hang_seconds,
                        "fail, naming the case, when one case runs this long (default 30; 0: off)");
  }
  std::vector<std::string> plugins;
  for (CLI::App* command : {list, sweep, split, stream, repro}) {
    command->add_option("--plugin", plugins,
                        "a shared library of kernels to add (maskcheck/plugin.h; repeatable)");
  }
  std::vector<std::string> parser_plugins;
  for (CLI::App* command : {list, split, stream, repro}) {
    command->add_option(
        "--parser-plugin", parser_plugins,
        "a shared library of parsers to add (maskcheck/parser_plugin.h; repeatable)");
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);
    return kExitPass;
  } catch (const CLI::ParseError& error) {
    // A help request on a subcommand arrives as a different error type with exit code 0.
    if (error.get_exit_code() == 0) return app.exit(error);
    return bad_input(error.what());
  }
  for (const std::string& plugin : plugins) {
    if (std::string error = maskcheck::load_plugin(plugin); !error.empty()) return bad_input(error);
  }
  for (const std::string& plugin : parser_plugins) {
    if (std::string error = maskcheck::load_parser_plugin(plugin); !error.empty())
      return bad_input(error);
  }
  try {
    if (*list) return list_command(list_json);
    maskcheck::watch_for_hangs(hang_seconds, kExitFailures);
    if (*sweep) return sweep_command(sweep_arguments);
    if (*split) return split_command(split_arguments);
    if (*stream) return stream_command(stream_arguments);
    return repro_command(repro_id, repro_json);
  } catch (const std::exception& error) {
    // Out of memory for a huge case, or an arena that could not be mapped: say so in one line.
    std::fprintf(stderr, "maskcheck: %s\n", error.what());
    return kExitBadInput;
  }
}
