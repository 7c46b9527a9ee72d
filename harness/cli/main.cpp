// maskcheck: list kernels and parsers, check them against the references, replay one case.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/case_kinds.h"
#include "cli/commands.h"
#include "cli/run_options.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "runs/hang_watchdog.h"

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
  command.add_option("--junit", arguments.junit,
                     "also write the results to this file as JUnit XML");
  command.add_flag("--quiet", arguments.quiet, "no progress line");
  command.add_flag("--summary-only", arguments.summary_only,
                   "count failures in the table without reporting each one");
}

#ifdef MASKCHECK_WIRE
// The options that name a live peer and how to talk to it: wire's, and repro's for a wire id.
void add_peer_options(CLI::App& command, maskcheck::cli::WireArguments& arguments) {
  command.add_option("--server", arguments.server,
                     "a command that starts the server and prints 'listening PORT' (instead of a "
                     "URL); maskcheck stops it when the run ends");
  command.add_option("--client", arguments.client,
                     "check an echo client instead: a command that connects to $MASKCHECK_URL and "
                     "sends back every message; maskcheck is its server, and stops it when done");
  command.add_option("--policy", arguments.policy,
                     "the server's policy file (JSON; default: the RFC's defaults, 16 MiB limit)");
  command
      .add_option("--case-seconds", arguments.case_seconds,
                  "a case fails when the server has not answered in this many seconds "
                  "(default 10, plus one per 20 MB)")
      ->check(CLI::PositiveNumber);
  command
      .add_option("--start-seconds", arguments.start_seconds,
                  "how long --server may take to print its port, or --client to connect "
                  "(default 30)")
      ->check(CLI::PositiveNumber);
  command.add_flag("--deflate", arguments.deflate,
                   "permessage-deflate: offer it (the server must accept it) and run the "
                   "compressed cases after the splits, instead of the named streams; --client: "
                   "the client must offer it, and its compressed cases run after the splits");
  command.add_option("--deflate-offer", arguments.deflate_offer,
                     "--deflate with this offer, e.g. 'permessage-deflate; "
                     "client_no_context_takeover; server_max_window_bits=10'");
  command.add_flag("--no-barrier", arguments.no_barrier,
                   "write pieces without waiting for the server to read each (shows what the "
                   "barrier prevents: pieces merge)");
}
#endif

}  // namespace

int main(int argc, char** argv) {
  using namespace maskcheck::cli;
  CLI::App app{"maskcheck: differential verification of WebSocket unmasking kernels", "maskcheck"};
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

  ReproArguments repro_arguments;
  const std::string repro_id_help =
      "an id like " + case_kind_examples() + " (a wire id with the peer it runs against)";
  CLI::App* repro = app.add_subcommand("repro", "replay one case by its id");
  repro->add_option("case-id", repro_arguments.id, repro_id_help)->required();
  repro->add_flag("--json", repro_arguments.json, "print JSON");
#ifdef MASKCHECK_WIRE
  repro->add_option("--url", repro_arguments.peer.url,
                    "a wire id's server, running at this ws:// URL on a loopback address");
  add_peer_options(*repro, repro_arguments.peer);
  repro->add_option("--after", repro_arguments.after,
                    "a wire id that fails only after another case: run that one first, on the "
                    "same connection");
#endif

#ifdef MASKCHECK_WIRE
  WireArguments wire_arguments;
  CLI::App* wire = app.add_subcommand(
      "wire",
      "check a live echo server, or an echo client, over real sockets, each piece of a split its "
      "own read");
  wire->add_option("url", wire_arguments.url, "the server's ws:// URL, on a loopback address");
  add_peer_options(*wire, wire_arguments);
  wire->add_option("--case", wire_arguments.case_ids,
                   "run this case only, e.g. wire:split:h8:n127:k37fa213d:server:c3,40 or "
                   "wire:client:split:h4:n127:c3,40 (repeatable: in order, on one connection)");
  wire->add_option("--connections", wire_arguments.run.jobs,
                   "connections at once, each on its own thread (default 4)")
      ->check(CLI::Range(1u, kMaxJobs));
  wire->add_option("--max-failures", wire_arguments.run.max_failures,
                   "stop after this many failing cases")
      ->check(CLI::PositiveNumber);
  wire->add_option("--shard", wire_arguments.run.shard,
                   "K/N: run only the K-th of N slices of the cases (1 <= K <= N)");
  wire->add_flag("--json", wire_arguments.run.json, "print a JSON summary instead of the table");
  wire->add_option("--junit", wire_arguments.run.junit,
                   "also write the results to this file as JUnit XML");
  wire->add_flag("--quiet", wire_arguments.run.quiet, "no progress line");
  wire->add_flag("--summary-only", wire_arguments.run.summary_only,
                 "count failures in the table without reporting each one");
  wire->add_option("--header", wire_arguments.header_sizes,
                   "split header size 6, 8 or 14, or for --client 2, 4 or 10 (repeatable; "
                   "default: all)");
  wire->add_flag("--no-splits", wire_arguments.no_splits, "leave out the split cases");
  wire->add_flag("--no-streams", wire_arguments.no_streams, "leave out the named streams");
  wire->add_flag("--no-fresh-keys", wire_arguments.no_fresh_keys,
                 "--client: leave out the case that starts the client twice to compare its keys");
  wire->add_option("--sequences", wire_arguments.sequences,
                   "--client: how many fuzzed message sequences to send (default 256; "
                   "wire:client:fuzz:sSEED:iINDEX names each)");
  wire->add_option("--longest-stream", wire_arguments.longest_stream,
                   "leave out named streams, and compressed messages, longer than this many "
                   "bytes");
  wire->add_option("--fuzz", wire_arguments.fuzz_seconds,
                   "fuzz for this many seconds: mutated streams cut at random, each case on a new "
                   "connection")
      ->check(CLI::PositiveNumber);
  wire->add_option("--seed", wire_arguments.seed,
                   "the fuzzed cases' seed, a server's or a client's (default 1)");
  wire->add_option("--html", wire_arguments.html,
                   "also write the run as a page, DIR/index.html: every section's cases, and each "
                   "failure's requirement, bytes sent, replies and repro line");
  wire->add_option("--repro-dir", wire_arguments.repro_dir,
                   "write each failing server case as a Python script that replays it without "
                   "maskcheck (standard library only) into this folder");
  wire->add_flag("--list", wire_arguments.list,
                 "print what the cases check, by RFC section: the requirement, its level (MUST, "
                 "SHOULD, or the server's policy) and what the cases send; then exit");
  wire->add_option("--section", wire_arguments.section,
                   "run only the cases of one section: 5.5 (RFC 6455, with 5.5.1), 7692 or "
                   "7692:7.2 (see --list)");
  wire->add_option("--findings", wire_arguments.findings,
                   "where a fuzzed failure's stream and cuts are saved (default wire-findings/)");

  ThroughputArguments throughput_arguments;
  std::uint64_t megabytes = 128;
  bool no_pin = false;
  CLI::App* throughput = app.add_subcommand(
      "throughput", "measure live servers end to end in counting mode, rounds interleaved");
  throughput
      ->add_option("--server", throughput_arguments.servers,
                   "NAME=COMMAND: a server to measure (repeatable; the first is the one "
                   "the others are compared with)")
      ->required();
  throughput->add_option("--payloads", throughput_arguments.payloads,
                         "payload sizes, e.g. 32,256,1024 (default 32,256,1024,16384,65536,"
                         "1048576)");
  throughput
      ->add_option("--rounds", throughput_arguments.plan.rounds,
                   "rounds per payload, after one that warms up (default 6; fewer give no verdict)")
      ->check(CLI::PositiveNumber);
  throughput
      ->add_option("--megabytes", megabytes, "MiB of frames per connection per round (default 128)")
      ->check(CLI::PositiveNumber);
  throughput
      ->add_option("--connections", throughput_arguments.plan.connections,
                   "connections per server, each on its own client thread (default 1)")
      ->check(CLI::Range(1u, 64u));
  throughput->add_flag("--no-pin", no_pin,
                       "leave the server and the client unpinned (default: server on CPU 1, "
                       "client on CPU 0)");
  throughput->add_option("--perf", throughput_arguments.perf,
                         "a symbol pattern, e.g. 'unmask|mask': sample each server with perf at "
                         "--perf-payload and report the share of its CPU in what matches");
  throughput
      ->add_option("--perf-payload", throughput_arguments.perf_payload,
                   "the payload size of the perf round (default 16384)")
      ->check(CLI::PositiveNumber);
  throughput->add_option("--json", throughput_arguments.json, "write every round's figures here");
#endif

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
#ifdef MASKCHECK_WIRE
    if (*wire) return wire_command(wire_arguments);
    if (*throughput) {
      throughput_arguments.plan.bytes_per_round = megabytes << 20;
      throughput_arguments.pin = !no_pin;
      return throughput_command(throughput_arguments);
    }
#endif
    return repro_command(repro_arguments);
  } catch (const std::exception& error) {
    // Out of memory for a huge case, or an arena that could not be mapped: say so in one line.
    std::fprintf(stderr, "maskcheck: %s\n", error.what());
    return kExitBadInput;
  }
}
