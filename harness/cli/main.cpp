// maskcheck: list kernels, sweep them against the reference, replay one case.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "commands.h"

int maskcheck::cli::bad_input(const std::string& message) {
  std::fprintf(stderr, "maskcheck: %s\n", message.c_str());
  return kExitBadInput;
}

int main(int argc, char** argv) {
  using namespace maskcheck::cli;
  CLI::App app{"maskcheck: differential verification of WebSocket unmasking kernels"};
  app.require_subcommand(1);

  bool list_json = false;
  CLI::App* list = app.add_subcommand("list", "list the kernels and entry points");
  list->add_flag("--json", list_json, "print JSON");

  SweepArguments sweep_arguments;
  CLI::App* sweep =
      app.add_subcommand("sweep", "compare kernels with the reference over the case space");
  sweep->add_option("--kernel", sweep_arguments.kernels,
                    "kernel to sweep (repeatable; default: all)");
  sweep->add_option("--require", sweep_arguments.required,
                    "kernel that must run: fail if this CPU cannot run it (repeatable)");
  sweep->add_option("--entry", sweep_arguments.entries,
                    "entry point: words, imprecise, inplace, exact (repeatable; default: all)");
  sweep->add_option("--lengths", sweep_arguments.lengths,
                    "payload lengths, e.g. 0..1024,4096 (default: the full case space)");
  sweep->add_option("--alignments", sweep_arguments.alignments, "source alignments, e.g. 0..63");
  sweep->add_option("--shifts", sweep_arguments.shifts, "shifts D, e.g. 0..64");
  sweep->add_flag("--exhaustive", sweep_arguments.exhaustive,
                  "every shift, key and phase in every (length, alignment) cell");
  sweep
      ->add_option("--max-failures", sweep_arguments.max_failures,
                   "stop an entry point after this many failing cases")
      ->check(CLI::PositiveNumber);
  sweep->add_flag("--json", sweep_arguments.json, "print a JSON summary instead of the table");
  sweep->add_flag("--quiet", sweep_arguments.quiet, "no progress line");

  std::string repro_id;
  bool repro_json = false;
  CLI::App* repro = app.add_subcommand("repro", "replay one case by its id");
  repro->add_option("case-id", repro_id, "e.g. block:exact:n5:a3:d4:k37fa213d:p1")->required();
  repro->add_flag("--json", repro_json, "print JSON");

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
  try {
    if (*list) return list_command(list_json);
    if (*sweep) return sweep_command(sweep_arguments);
    return repro_command(repro_id, repro_json);
  } catch (const std::exception& error) {
    // Out of memory for a huge case, or an arena that could not be mapped: say so in one line.
    std::fprintf(stderr, "maskcheck: %s\n", error.what());
    return kExitBadInput;
  }
}
