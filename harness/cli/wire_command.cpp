// maskcheck wire: a live server checked over real sockets (harness/src/wire).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "interrupt.h"
#include "json_report.h"
#include "progress_line.h"
#include "run_options.h"
#include "run_tally.h"
#include "wire/server_process.h"
#include "wire/wire_run.h"

namespace maskcheck::cli {

namespace {

// Single quotes for a shell, so a repro line can be pasted as it is.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string repro_line(const WireArguments& arguments, const std::string& case_id) {
  std::string line = "maskcheck wire ";
  line += arguments.server.empty() ? arguments.url : "--server " + quoted(arguments.server);
  if (!arguments.policy.empty()) line += " --policy " + quoted(arguments.policy);
  if (arguments.no_barrier) line += " --no-barrier";
  return line + " --case " + case_id;
}

void print_failure(const WireArguments& arguments, const StreamFailure& failure) {
  std::printf("FAIL %s\n  %s\n%s  repro: %s\n\n", failure.case_id.c_str(), failure.headline.c_str(),
              failure.detail.c_str(), repro_line(arguments, failure.case_id).c_str());
}

std::string select_target(const WireArguments& arguments, wire::WireTarget& target) {
  if (arguments.url.empty() == arguments.server.empty())
    return "wire needs a server: a ws:// URL, or --server COMMAND (not both)";
  if (!arguments.policy.empty()) {
    auto loaded = wire::load_policy(arguments.policy);
    if (auto* reason = std::get_if<std::string>(&loaded)) return *reason;
    target.policy = std::get<wire::ServerPolicy>(loaded);
  }
  target.barrier = !arguments.no_barrier;
  target.case_time = std::chrono::seconds(arguments.case_seconds);
  if (arguments.url.empty()) return {};
  auto url = wire::parse_loopback_url(arguments.url);
  if (auto* reason = std::get_if<std::string>(&url)) return *reason;
  target.url = std::get<wire::LoopbackUrl>(url);
  return {};
}

std::string select_plan(const WireArguments& arguments, wire::WirePlan& plan) {
  if (!arguments.header_sizes.empty()) plan.header_sizes = arguments.header_sizes;
  for (unsigned size : plan.header_sizes) {
    if (size != 6 && size != 8 && size != 14) return "--header must be 6, 8 or 14";
  }
  if (arguments.no_splits) plan.header_sizes.clear();
  plan.streams = !arguments.no_streams;
  plan.longest_stream = arguments.longest_stream;
  return {};
}

int run_one(const WireArguments& arguments, const wire::WireTarget& target) {
  auto parsed = wire::parse_wire_case_id(arguments.case_id);
  if (auto* reason = std::get_if<std::string>(&parsed)) return bad_input(*reason);
  std::string unreachable;
  const auto failure = wire::check_wire_case(target, std::get<wire::WireCase>(parsed), unreachable);
  if (!unreachable.empty()) return bad_input(unreachable);
  if (failure) {
    print_failure(arguments, *failure);
    return kExitFailures;
  }
  std::printf("PASS %s\n", arguments.case_id.c_str());
  return kExitPass;
}

// A fuzzed failure's stream and cuts as JSON, beside its repro line: wire-findings/ID.json.
std::string save_finding(const WireArguments& arguments, const StreamFailure& failure) {
  auto parsed = wire::parse_wire_case_id(failure.case_id);
  const auto* c = std::get_if<wire::WireCase>(&parsed);
  if (!c || !c->fuzzed) return {};
  std::vector<std::uint8_t> scratch;
  const wire::WireBytes bytes = wire::wire_bytes(*c, scratch);
  std::string hex;
  for (std::uint8_t byte : bytes.stream) {
    static constexpr char kDigits[] = "0123456789abcdef";
    hex += kDigits[byte >> 4];
    hex += kDigits[byte & 15];
  }
  std::string name = failure.case_id;
  std::replace(name.begin(), name.end(), ':', '-');
  std::error_code error;
  std::filesystem::create_directories(arguments.findings, error);
  const std::string path = arguments.findings + "/" + name + ".json";
  std::ofstream file(path);
  file << nlohmann::json{{"case", failure.case_id},
                         {"headline", failure.headline},
                         {"repro", repro_line(arguments, failure.case_id)},
                         {"cuts", bytes.cuts},
                         {"stream", hex}}
              .dump(2)
       << "\n";
  return file ? path : std::string();
}

int run_all(const WireArguments& arguments, const wire::WireTarget& target,
            const wire::WirePlan& plan, SweepOptions options) {
  const std::atomic<bool>& interrupted = stop_on_interrupt();
  options.stop_requested = &interrupted;
  ProgressLine progress("wire " + target.url.host);
  if (!arguments.run.quiet) options.on_progress = [&](const Progress& at) { progress.update(at); };
  const bool fuzzing = arguments.fuzz_seconds > 0;
  const wire::WireRunResult result =
      fuzzing ? wire::fuzz_wire(target, arguments.seed, arguments.fuzz_seconds, options)
              : wire::run_wire(target, plan, options);
  progress.finish();
  if (!result.unreachable.empty()) return bad_input(result.unreachable);
  const RunOutcome<StreamFailure>& outcome = result.outcome;
  if (arguments.run.reports_failures()) {
    for (const StreamFailure& failure : outcome.failures) {
      print_failure(arguments, failure);
      if (const std::string saved = save_finding(arguments, failure); !saved.empty())
        std::printf("  saved: %s\n\n", saved.c_str());
    }
  }
  RunTally tally;
  tally.cases = outcome.cases;
  tally.failed = outcome.failed_cases;
  tally.interrupted = interrupted;
  if (arguments.run.json) {
    nlohmann::json out = tally.json_summary();
    out["server"] = target.policy.server;
    out["seconds"] = outcome.seconds;
    out["connections"] = result.connections;
    out["writes"] = result.writes;
    out["failures"] = nlohmann::json::array();
    for (const StreamFailure& failure : outcome.failures) {
      out["failures"].push_back({{"case", failure.case_id},
                                 {"headline", failure.headline},
                                 {"repro", repro_line(arguments, failure.case_id)}});
    }
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    std::printf("%-40s %10s %9s %9s %10s %12s %10s\n", "server", "cases", "failures", "seconds",
                "cases/s", "connections", "writes");
    std::printf("%-40s %10llu %9llu %9.2f %10.0f %12llu %10llu%s\n",
                target.policy.server.substr(0, 40).c_str(),
                static_cast<unsigned long long>(outcome.cases),
                static_cast<unsigned long long>(outcome.failed_cases), outcome.seconds,
                cases_per_second(outcome.cases, outcome.seconds),
                static_cast<unsigned long long>(result.connections),
                static_cast<unsigned long long>(result.writes),
                outcome.stopped_early ? "  (stopped early)" : "");
    tally.print_closing_lines();
  }
  return tally.exit_code();
}

}  // namespace

int wire_command(const WireArguments& arguments) {
  wire::WireTarget target;
  wire::WirePlan plan;
  SweepOptions options;
  if (auto error = select_target(arguments, target); !error.empty()) return bad_input(error);
  if (auto error = select_plan(arguments, plan); !error.empty()) return bad_input(error);
  RunArguments run = arguments.run;
  if (run.jobs == 0) run.jobs = 4;  // connections: the server's cores matter, not ours
  if (auto error = apply_run_arguments(run, options); !error.empty()) return bad_input(error);

  std::unique_ptr<wire::ServerProcess> server;
  if (!arguments.server.empty()) {
    auto started =
        wire::ServerProcess::start(arguments.server, std::chrono::seconds(arguments.start_seconds));
    if (auto* reason = std::get_if<std::string>(&started)) return bad_input(*reason);
    server = std::move(std::get<std::unique_ptr<wire::ServerProcess>>(started));
    target.url =
        std::get<wire::LoopbackUrl>(wire::parse_loopback_url(wire::loopback_url(server->port())));
  }
  const int status = arguments.case_id.empty() ? run_all(arguments, target, plan, options)
                                               : run_one(arguments, target);
  if (server) {
    if (auto ended = server->ended()) {
      std::printf("FAIL: the server %s during the run\n", ended->c_str());
      return kExitFailures;
    }
  }
  return status;
}

}  // namespace maskcheck::cli
