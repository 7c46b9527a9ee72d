// The maskcheck subcommands; each returns the process exit code (0 pass, 1 failures, 2 bad input,
// 130 interrupted).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#ifdef MASKCHECK_WIRE
#include "throughput/throughput.h"
#endif

namespace maskcheck::cli {

inline constexpr int kExitPass = 0;
inline constexpr int kExitFailures = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInterrupted = 130;  // what shells report for Ctrl-C

// What sweep, split and stream share: which kernels, how the run is spread, what it prints.
struct RunArguments {
  std::vector<std::string> kernels;   // empty: every kernel, plug-ins too
  std::vector<std::string> required;  // kernels that must run: a CPU skip becomes a failure
  std::size_t max_failures = 10;
  unsigned jobs = 0;  // threads; 0: one per core this process may use
  std::string shard;  // "K/N": the K-th of N slices of the case space; empty: all of it
  bool json = false;
  std::string junit;  // a file for the JUnit XML report (cli/junit_report.h); empty: none
  bool quiet = false;
  bool summary_only = false;  // failures counted in the table, none reported one by one

  bool reports_failures() const { return !json && !summary_only; }
};

struct SweepArguments {
  RunArguments run;
  std::vector<std::string> entries;  // empty: all four
  std::string lengths;               // empty: the full case space
  std::string alignments;
  std::string shifts;
  std::string spans = "with";  // the span tier (1 MiB .. 64 MiB): with, without or only it
  bool exhaustive = false;
};

struct StreamArguments {
  RunArguments run;
  std::vector<std::string> parsers;    // empty: the plug-in parsers, else maskcheck's own
  std::vector<std::string> variants;   // the parsers' variants by name; empty: all
  std::vector<unsigned> header_sizes;  // split only; empty: 6, 8 and 14
  std::size_t exhaustive_up_to = 300;  // split only
  bool list = false;                   // stream only: print the catalogue's names
};

struct WireArguments {
  RunArguments run;                    // its kernels and required kernels are not used
  std::string url;                     // a running server's ws:// URL, or:
  std::string server;                  // a command that starts one (wire/transport/child_process.h)
  std::string client;                  // or an echo client's command (wire/clients/)
  std::string policy;                  // a policy file; empty: the RFC's defaults
  std::vector<std::string> case_ids;   // these cases only, in order, on one connection
  std::vector<unsigned> header_sizes;  // empty: 6, 8 and 14
  bool no_splits = false;
  bool no_streams = false;
  bool no_fresh_keys = false;
  std::uint64_t sequences = 256;  // a client's fuzzed message sequences
  std::uint64_t longest_stream = std::uint64_t{1} << 30;
  unsigned case_seconds = 10;
  unsigned start_seconds = 30;
  bool no_barrier = false;
  bool deflate = false;       // permessage-deflate
  std::string deflate_offer;  // a server's: what maskcheck offers; empty: the default offer
  double fuzz_seconds = 0;    // fuzz for this long instead of running the cases
  std::uint64_t seed = 1;
  std::string findings = "wire-findings";  // where a fuzzed failure's stream is saved
  std::string repro_dir;  // where each failing server case's standalone replay is written
  std::string html;       // where the run's page is written (cli/html_report.h)
  bool list = false;      // print the requirements the cases check, and run nothing
  std::string section;    // only this section's cases (wire/requirements/requirement.h)
};

// What repro was given: an id of any kind (cli/case_kinds.h) and, for a wire id, its peer.
struct ReproArguments {
  std::string id;
  bool json = false;
  WireArguments peer;  // its url, server or client command, policy and compression
  std::string after;   // a wire id to run first on the same connection
};

#ifdef MASKCHECK_WIRE
struct ThroughputArguments {
  std::vector<std::string> servers;  // NAME=COMMAND, each started in counting mode
  std::string payloads;              // a number list; empty: the plan's
  wire::ThroughputPlan plan;
  bool pin = true;
  std::string perf;  // a symbol pattern: sample each server with perf and sum what matches
  std::size_t perf_payload = 16384;
  std::string json;  // a file for every round's figures
};
int throughput_command(ThroughputArguments arguments);
#endif

int list_command(bool json);
int wire_command(const WireArguments& arguments);
// A wire case by its id, against the peer the arguments name; `after` (if any) runs first on the
// same connection.
int wire_repro_command(const ReproArguments& arguments);
int split_command(const StreamArguments& arguments);
int stream_command(const StreamArguments& arguments);
int sweep_command(const SweepArguments& arguments);
// A kernel case, a split and a named stream by their ids.
int unmask_repro_command(const ReproArguments& arguments);
int split_repro_command(const ReproArguments& arguments);
int stream_repro_command(const ReproArguments& arguments);
// Any id: the replay its kind names (cli/case_kinds.h).
int repro_command(const ReproArguments& arguments);

// One line on stderr, the way every bad-input error is reported.
int bad_input(const std::string& message);

}  // namespace maskcheck::cli
