// Runs the client cases over several clients at once (one thread each, each client with a port of
// its own), with the runner's guarantees: failures in case order, the same whatever the number of
// clients, Ctrl-C ending the run after the cases in flight.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runs/case_runner.h"
#include "streams/stream_differ.h"
#include "wire/clients/client_cases.h"
#include "wire/clients/client_session.h"

namespace maskcheck::wire {

struct ClientRunResult {
  // Why the client cannot be checked at all (it did not connect or shake hands before any case).
  std::string unreachable;
  RunOutcome<StreamFailure> outcome;
  std::uint64_t connections = 0;  // clients started over the run, the first check's included
  std::uint64_t writes = 0;       // handshake answers, pieces and fences
  KeySpread keys;
  MessageCounts messages;                     // what the clients sent, the fences' echoes included
  std::optional<DeflateAgreement> agreement;  // what the first handshake agreed, with deflate
  std::vector<std::uint64_t> cases_by_requirement;  // per row of all_requirements()
};

ClientRunResult run_client(const ClientTarget& target, const ClientPlan& plan,
                           const SweepOptions& options);

// Cases one after another, on a client started for them (again after a failure), each one's
// outcome; `unreachable` set as run_client sets it.
std::vector<std::optional<StreamFailure>> check_client_cases(const ClientTarget& target,
                                                             std::span<const ClientCase> cases,
                                                             std::string& unreachable);

}  // namespace maskcheck::wire
