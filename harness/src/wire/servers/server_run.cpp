#include "wire/servers/server_run.h"

#include <atomic>
#include <chrono>
#include <utility>

#include "runs/timed_runner.h"
#include "wire/requirements/requirement.h"

namespace maskcheck::wire {

namespace {

// A case costs its bytes and a round trip or two, which on loopback weigh about 20 KB.
constexpr std::uint64_t kCaseOverhead = 20'000;
constexpr std::uint64_t kChunkCost = 200'000;

struct SessionChecker {
  ServerSession session;
  std::atomic<std::uint64_t>& connections;
  std::atomic<std::uint64_t>& writes;
  RowTally& requirements;
  std::uint64_t counted_connections = 0;
  std::uint64_t counted_writes = 0;

  std::optional<StreamFailure> operator()(const ServerCase& c) {
    requirements.count(server_case_id(c));
    std::optional<StreamFailure> failure = session.run(c);
    connections +=
        session.connections() - std::exchange(counted_connections, session.connections());
    writes += session.writes() - std::exchange(counted_writes, session.writes());
    return failure;
  }
};

}  // namespace

ServerRunResult run_server(const ServerTarget& target, const ServerPlan& plan,
                           const SweepOptions& options) {
  DecodedStreams streams(target.policy);
  ServerRunResult result;
  ServerPlan agreed_plan = plan;
  {
    // First a connection and a handshake alone, so an unreachable server is one clear error.
    ServerSession first(target, streams);
    result.unreachable = first.connect(Clock::now() + target.case_time);
    result.connections = first.connections();
    result.writes = first.writes();
    if (auto failure = first.agreement_failure()) {  // no compressed case can run: the only one
      result.unreachable.clear();
      RowTally agreement_case;
      agreement_case.count(failure->case_id);
      result.cases_by_requirement = agreement_case.counts();
      result.outcome.cases = result.outcome.failed_cases = 1;
      result.outcome.failures.push_back(std::move(*failure));
      return result;
    }
    if (!result.unreachable.empty()) return result;
    result.agreement = first.agreement();
    if (result.agreement) agreed_plan.compressing = result.agreement->client;
  }
  std::atomic<std::uint64_t> connections{result.connections};
  std::atomic<std::uint64_t> writes{result.writes};
  RowTally requirements;
  result.outcome = run_cases<StreamFailure>(
      [&](const auto& visit) { return for_each_server_case(agreed_plan, visit); },
      [](const ServerCase& c) { return server_case_bytes(c) + kCaseOverhead; }, kChunkCost,
      [&] {
        return SessionChecker{ServerSession(target, streams), connections, writes, requirements};
      },
      options);
  result.connections = connections;
  result.writes = writes;
  result.cases_by_requirement = requirements.counts();
  return result;
}

ServerRunResult fuzz_server(const ServerTarget& target, std::uint64_t seed, double seconds,
                            const SweepOptions& options) {
  DecodedStreams streams(target.policy);
  ServerRunResult result;
  ServerSession first(target, streams);
  result.unreachable = first.connect(Clock::now() + target.case_time);
  if (!result.unreachable.empty()) return result;
  std::atomic<std::uint64_t> connections{first.connections()};
  std::atomic<std::uint64_t> writes{first.writes()};
  RowTally requirements;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(seconds));
  result.outcome = run_cases_until<StreamFailure>(
      deadline,
      [seed](std::uint64_t index) {
        ServerCase c;
        c.fuzzed = FuzzedCase{seed, index};
        return c;
      },
      [&] {
        // A fuzzed stream may leave the connection in any state: each case opens its own.
        return [checker = SessionChecker{ServerSession(target, streams), connections, writes,
                                         requirements}](const ServerCase& c) mutable {
          std::optional<StreamFailure> failure = checker(c);
          checker.session.drop_connection();
          return failure;
        };
      },
      options);
  result.connections = connections;
  result.writes = writes;
  result.cases_by_requirement = requirements.counts();
  return result;
}

std::vector<std::optional<StreamFailure>> check_server_cases(
    const ServerTarget& target, std::span<const ServerCase> cases, std::string& unreachable,
    std::optional<DeflateAgreement>& agreement) {
  DecodedStreams streams(target.policy);
  ServerSession session(target, streams);
  unreachable = session.connect(Clock::now() + target.case_time);
  agreement = session.agreement();
  if (auto failure = session.agreement_failure()) {  // what every case of the run would show
    unreachable.clear();
    return {std::move(failure)};
  }
  std::vector<std::optional<StreamFailure>> outcomes;
  if (!unreachable.empty()) return outcomes;
  for (const ServerCase& c : cases) outcomes.push_back(session.run(c));
  return outcomes;
}

}  // namespace maskcheck::wire
