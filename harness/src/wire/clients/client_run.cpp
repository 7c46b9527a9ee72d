#include "wire/clients/client_run.h"

#include <memory>
#include <mutex>

#include "wire/requirements/requirement.h"

namespace maskcheck::wire {

namespace {

// A case costs its bytes and a few round trips, which on loopback weigh about 20 KB.
constexpr std::uint64_t kClientCaseOverhead = 20'000;
constexpr std::uint64_t kClientChunkCost = 200'000;

// One thread's client; what it counted joins the run's when the thread is done with it.
struct ClientChecker {
  std::unique_ptr<ClientSession> session;
  ClientRunResult* run;
  std::mutex* lock;
  RowTally* requirements;

  ClientChecker(std::unique_ptr<ClientSession> made, ClientRunResult& result, std::mutex& guard,
                RowTally& tally)
      : session(std::move(made)), run(&result), lock(&guard), requirements(&tally) {}
  ClientChecker(ClientChecker&&) = default;
  ~ClientChecker() {
    if (!session) return;
    session->finish_client();
    const std::lock_guard guard(*lock);
    run->connections += session->connections();
    run->writes += session->writes();
    run->keys.merge(session->keys());
    run->messages.merge(session->messages());
  }

  std::optional<StreamFailure> operator()(const ClientCase& c) {
    requirements->count(client_case_id(c));
    return session->run(c);
  }
};

}  // namespace

ClientRunResult run_client(const ClientTarget& target, const ClientPlan& plan,
                           const SweepOptions& options) {
  ClientRunResult result;
  std::mutex lock;
  ClientPlan agreed_plan = plan;
  {
    // First a client and a handshake alone, so a client that cannot connect is one clear error.
    ClientSession first(target);
    result.unreachable = first.connect();
    result.agreement = first.agreement();  // before the goodbye forgets it
    first.finish_client();
    result.connections = first.connections();
    result.writes = first.writes();
    if (!result.unreachable.empty()) return result;
    if (result.agreement) agreed_plan.compressing = result.agreement->server;
  }
  RowTally requirements;
  result.outcome = run_cases<StreamFailure>(
      [&](const auto& visit) { return for_each_client_case(agreed_plan, visit); },
      [](const ClientCase& c) { return client_case_bytes(c) + kClientCaseOverhead; },
      kClientChunkCost,
      [&] {
        return ClientChecker(std::make_unique<ClientSession>(target), result, lock, requirements);
      },
      options);
  result.cases_by_requirement = requirements.counts();
  return result;
}

std::vector<std::optional<StreamFailure>> check_client_cases(const ClientTarget& target,
                                                             std::span<const ClientCase> cases,
                                                             std::string& unreachable) {
  ClientSession session(target);
  unreachable = session.connect();
  std::vector<std::optional<StreamFailure>> outcomes;
  if (!unreachable.empty()) return outcomes;
  for (const ClientCase& c : cases) outcomes.push_back(session.run(c));
  session.finish_client();
  return outcomes;
}

}  // namespace maskcheck::wire
