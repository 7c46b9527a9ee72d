// The maskcheck subcommands; each returns the process exit code (0 pass, 1 failures, 2 bad input,
// 130 interrupted).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

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

int list_command(bool json);
int split_command(const StreamArguments& arguments);
int stream_command(const StreamArguments& arguments);
int sweep_command(const SweepArguments& arguments);
int repro_command(const std::string& case_id, bool json);

// One line on stderr, the way every bad-input error is reported.
int bad_input(const std::string& message);

}  // namespace maskcheck::cli
