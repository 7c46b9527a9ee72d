// Runs the wire cases over several connections at once (one thread each, as the sweeps' threads
// take chunks of cases), with the runner's guarantees: failures in case order, the same whatever
// the number of connections, Ctrl-C ending the run after the cases in flight.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runs/case_runner.h"
#include "streams/stream_differ.h"
#include "wire/servers/server_cases.h"
#include "wire/servers/server_session.h"

namespace maskcheck::wire {

struct ServerRunResult {
  // Why the server cannot be checked at all (no connection or no handshake before any case); then
  // nothing ran.
  std::string unreachable;
  RunOutcome<StreamFailure> outcome;
  std::uint64_t connections = 0;  // opened over the run, the first check's included
  std::uint64_t writes = 0;       // handshakes, pieces and fences, each its own read on the server
  std::optional<DeflateAgreement> agreement;  // what the first handshake agreed, with --deflate
  std::vector<std::uint64_t> cases_by_requirement;  // per row of all_requirements()
};

ServerRunResult run_server(const ServerTarget& target, const ServerPlan& plan,
                           const SweepOptions& options);

// Fuzzed cases of one seed (server_fuzz.h), indexes 0, 1, 2, ... (those of options.shard) spread
// over the connections by runs/timed_runner.h, until `seconds` pass, options.max_failures cases
// fail, or a stop is asked for; the failures in index order.
ServerRunResult fuzz_server(const ServerTarget& target, std::uint64_t seed, double seconds,
                            const SweepOptions& options);

// Cases one after another on one connection (a new one after a failure), each one's outcome;
// `unreachable` set as run_server sets it, and `agreement` to what the first handshake agreed.
std::vector<std::optional<StreamFailure>> check_server_cases(
    const ServerTarget& target, std::span<const ServerCase> cases, std::string& unreachable,
    std::optional<DeflateAgreement>& agreement);

}  // namespace maskcheck::wire
