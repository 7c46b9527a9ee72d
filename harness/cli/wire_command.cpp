// maskcheck wire: a live server, or a live client, checked over real sockets (harness/src/wire).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/failing_cases.h"
#include "cli/html_report.h"
#include "cli/interrupt.h"
#include "cli/json_report.h"
#include "cli/progress_line.h"
#include "cli/repro_script.h"
#include "cli/run_options.h"
#include "cli/run_tally.h"
#include "cli/wire_requirements.h"
#include "registry/repro_program.h"
#include "wire/clients/client_run.h"
#include "wire/servers/server_run.h"
#include "wire/transport/child_process.h"

namespace maskcheck::cli {

namespace {

// Single quotes for a shell, so a repro line can be pasted as it is.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The peer a wire failure ran against, as repro's options (registry/repro_program.h).
std::string repro_line(const WireArguments& arguments, const StreamFailure& failure) {
  std::string options;
  if (!arguments.client.empty()) {
    options = "--client " + quoted(arguments.client);
  } else {
    options = arguments.server.empty() ? "--url " + arguments.url
                                       : "--server " + quoted(arguments.server);
  }
  if (!arguments.policy.empty()) options += " --policy " + quoted(arguments.policy);
  if (!arguments.deflate_offer.empty()) {
    options += " --deflate-offer " + quoted(arguments.deflate_offer);
  } else if (arguments.deflate) {
    options += " --deflate";
  }
  if (arguments.no_barrier) options += " --no-barrier";
  if (!failure.after.empty()) options += " --after " + failure.after;  // it fails only after that
  return maskcheck::repro_line(failure.case_id, options);
}

nlohmann::json wire_failure_json(const WireArguments& arguments, const StreamFailure& failure) {
  return {{"case", failure.case_id},
          {"headline", failure.headline},
          {"requirement", broken_requirement(failure)},
          {"detail", failure.detail},
          {"repro", repro_line(arguments, failure)}};
}

void print_failure(const WireArguments& arguments, const StreamFailure& failure) {
  std::printf("FAIL %s\n  %s\n  breaks %s\n%s  repro: %s\n\n", failure.case_id.c_str(),
              failure.headline.c_str(), broken_requirement(failure).c_str(), failure.detail.c_str(),
              repro_line(arguments, failure).c_str());
}

bool any_starts_with(const std::vector<std::string>& ids, std::string_view prefix) {
  return std::ranges::any_of(ids, [&](const std::string& id) { return id.starts_with(prefix); });
}

// Which options go together, for a server and for a client, in one place: the first conflict.
std::string conflicting_options(const WireArguments& arguments) {
  const bool compressed = arguments.deflate || !arguments.deflate_offer.empty();
  if (!arguments.section.empty() && !arguments.case_ids.empty())
    return "--case names its cases; --section picks cases by section: one or the other";
  if (!arguments.client.empty()) {
    if (!arguments.url.empty() || !arguments.server.empty())
      return "wire checks a server or a client: --client with a URL or --server is both";
    if (!arguments.policy.empty())
      return "--policy declares a server's behaviour; --client takes none";
    if (!arguments.repro_dir.empty())
      return "--repro-dir replays server cases; a client's case needs maskcheck as its server";
    if (arguments.fuzz_seconds > 0) return "--fuzz checks servers; --client runs the client cases";
    if (!arguments.deflate_offer.empty())
      return "--deflate-offer is what maskcheck offers a server; a client makes its own offer "
             "(--deflate)";
    if (!compressed && any_starts_with(arguments.case_ids, "wire:client:deflate:"))
      return "a wire:client:deflate case runs on a permessage-deflate connection: add --deflate";
    return {};
  }
  if (arguments.url.empty() == arguments.server.empty())
    return "wire needs a server (a ws:// URL or --server COMMAND, not both) or a client "
           "(--client COMMAND)";
  if (compressed && arguments.fuzz_seconds > 0)
    return "--fuzz sends uncompressed streams; with --deflate run the compressed cases";
  if (!arguments.section.empty() && arguments.fuzz_seconds > 0)
    return "--fuzz runs fuzzed cases, which check all of section 5; --section runs named cases";
  if (!compressed && std::ranges::any_of(arguments.case_ids, wire::is_compressed_case_id))
    return "a wire:deflate case runs on a permessage-deflate connection: add --deflate";
  return {};
}

std::string select_target(const WireArguments& arguments, wire::ServerTarget& target) {
  if (!arguments.policy.empty()) {
    auto loaded = wire::load_policy(arguments.policy);
    if (auto* reason = std::get_if<std::string>(&loaded)) return *reason;
    target.policy = std::get<wire::ServerPolicy>(loaded);
  }
  target.barrier = !arguments.no_barrier;
  target.case_time = std::chrono::seconds(arguments.case_seconds);
  if (arguments.deflate || !arguments.deflate_offer.empty()) {
    auto offer = wire::parse_offer(arguments.deflate_offer.empty()
                                       ? "permessage-deflate; client_max_window_bits"
                                       : arguments.deflate_offer);
    if (auto* reason = std::get_if<std::string>(&offer)) return *reason;
    target.deflate = std::get<wire::DeflateOffer>(offer);
  }
  if (arguments.url.empty()) return {};
  auto url = wire::parse_loopback_url(arguments.url);
  if (auto* reason = std::get_if<std::string>(&url)) return *reason;
  target.url = std::get<wire::LoopbackUrl>(url);
  return {};
}

std::string select_plan(const WireArguments& arguments, wire::ServerPlan& plan) {
  if (!arguments.header_sizes.empty()) plan.header_sizes = arguments.header_sizes;
  for (unsigned size : plan.header_sizes) {
    if (size != 6 && size != 8 && size != 14) return "--header must be 6, 8 or 14";
  }
  if (arguments.no_splits) plan.header_sizes.clear();
  plan.streams = !arguments.no_streams;
  plan.longest_stream = arguments.longest_stream;
  plan.section = arguments.section;
  return {};
}

// The cases --case names, parsed by PARSE, or the first one's reason it names none.
template <typename Case, typename Parse>
std::variant<std::vector<Case>, std::string> named_cases(const WireArguments& arguments,
                                                         Parse parse) {
  std::vector<Case> cases;
  for (const std::string& id : arguments.case_ids) {
    auto parsed = parse(id);
    if (auto* reason = std::get_if<std::string>(&parsed)) return *reason;
    cases.push_back(std::get<Case>(parsed));
  }
  return cases;
}

// The outcomes of the cases --case names, as it prints them: PASS or the failure, each.
int named_outcomes(const WireArguments& arguments, const std::string& unreachable,
                   const std::vector<std::optional<StreamFailure>>& outcomes) {
  if (!unreachable.empty()) return bad_input(unreachable);
  const bool failed = std::ranges::any_of(outcomes, [](const auto& outcome) { return !!outcome; });
  if (arguments.run.json || !arguments.run.junit.empty()) {
    nlohmann::json out{{"result", failed ? "fail" : "pass"}, {"cases", nlohmann::json::array()}};
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      // A failed agreement stands for every case: it names itself.
      nlohmann::json named{{"case_id", outcomes[i] ? outcomes[i]->case_id : arguments.case_ids[i]},
                           {"result", outcomes[i] ? "fail" : "pass"}};
      if (outcomes[i]) named["failure"] = wire_failure_json(arguments, *outcomes[i]);
      out["cases"].push_back(std::move(named));
    }
    emit_summary(arguments.run, "wire", out);
  }
  if (!arguments.run.json) {
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      if (outcomes[i]) {
        print_failure(arguments, *outcomes[i]);
      } else {
        std::printf("PASS %s\n", arguments.case_ids[i].c_str());
      }
    }
  }
  return failed ? kExitFailures : kExitPass;
}

int run_named(const WireArguments& arguments, const wire::ServerTarget& target) {
  auto cases = named_cases<wire::ServerCase>(arguments, wire::parse_server_case_id);
  if (auto* reason = std::get_if<std::string>(&cases)) return bad_input(*reason);
  std::string unreachable;
  std::optional<wire::DeflateAgreement> agreement;
  auto outcomes = wire::check_server_cases(target, std::get<std::vector<wire::ServerCase>>(cases),
                                           unreachable, agreement);
  for (std::optional<StreamFailure>& outcome : outcomes) {
    if (outcome)
      keep_failing_cases(arguments.repro_dir, false, target, agreement, std::span(&*outcome, 1));
  }
  return named_outcomes(arguments, unreachable, outcomes);
}

// A fuzzed failure's stream and cuts as JSON, beside its repro line: wire-findings/ID.json.
std::string save_finding(const WireArguments& arguments, const StreamFailure& failure) {
  auto parsed = wire::parse_server_case_id(failure.case_id);
  const auto* c = std::get_if<wire::ServerCase>(&parsed);
  if (!c || !c->fuzzed) return {};
  std::vector<std::uint8_t> scratch;
  const wire::WireBytes bytes = wire::wire_bytes(*c, scratch);
  const std::string hex = hex_of(bytes.stream);
  std::string name = failure.case_id;
  std::replace(name.begin(), name.end(), ':', '-');
  std::error_code error;
  std::filesystem::create_directories(arguments.findings, error);
  const std::string path = arguments.findings + "/" + name + ".json";
  std::ofstream file(path);
  file << nlohmann::json{{"case", failure.case_id},
                         {"headline", failure.headline},
                         {"repro", repro_line(arguments, failure)},
                         {"cuts", bytes.cuts},
                         {"stream", hex}}
              .dump(2)
       << "\n";
  return file ? path : std::string();
}

// What a run did, server or client, for the table or the JSON summary.
struct RunSummary {
  std::string subject;  // "server" or "client"
  std::string name;
  const RunOutcome<StreamFailure>* outcome = nullptr;
  std::uint64_t connections = 0;
  std::uint64_t writes = 0;
  const wire::KeySpread* keys = nullptr;          // a client's
  const wire::MessageCounts* messages = nullptr;  // a client's
  std::string deflate;                            // a compressed run's agreement, described
  const std::vector<std::uint64_t>* cases_by_requirement = nullptr;
  const std::map<std::string, nlohmann::json>* sent = nullptr;  // --html: bytes sent, by case
};

int report(const WireArguments& arguments, const RunSummary& run, bool interrupted) {
  const RunOutcome<StreamFailure>& outcome = *run.outcome;
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
  if (arguments.run.json || !arguments.run.junit.empty() || !arguments.html.empty()) {
    nlohmann::json out = tally.json_summary();
    out[run.subject] = run.name;
    out["requirements"] = run.cases_by_requirement
                              ? requirements_json(*run.cases_by_requirement, outcome.failures)
                              : nlohmann::json::array();
    out["seconds"] = outcome.seconds;
    out["connections"] = run.connections;
    out["writes"] = run.writes;
    if (!run.deflate.empty()) out["deflate"] = run.deflate;
    if (run.keys) {
      out["keys"] = {{"frames", run.keys->frames},
                     {"distinct", run.keys->distinct.size()},
                     {"zero", run.keys->zero}};
    }
    if (run.messages) {
      out["messages"] = {{"whole", run.messages->messages},
                         {"compressed", run.messages->compressed},
                         {"controls_inside", run.messages->controls_inside}};
    }
    out["failures"] = nlohmann::json::array();
    for (const StreamFailure& failure : outcome.failures) {
      nlohmann::json reported = wire_failure_json(arguments, failure);
      if (run.sent && run.sent->contains(failure.case_id))
        reported["sent"] = run.sent->at(failure.case_id);
      out["failures"].push_back(std::move(reported));
    }
    emit_summary(arguments.run, "wire", out);
    if (!arguments.html.empty()) {
      if (const std::string problem = write_html_report(arguments.html, out); !problem.empty())
        std::fprintf(stderr, "maskcheck: %s\n", problem.c_str());
    }
    if (arguments.run.json) return tally.exit_code();
  }
  std::printf("%-40s %10s %9s %9s %10s %12s %10s\n", run.subject.c_str(), "cases", "failures",
              "seconds", "cases/s", "connections", "writes");
  std::printf("%-40s %10llu %9llu %9.2f %10.0f %12llu %10llu%s\n", run.name.substr(0, 40).c_str(),
              static_cast<unsigned long long>(outcome.cases),
              static_cast<unsigned long long>(outcome.failed_cases), outcome.seconds,
              cases_per_second(outcome.cases, outcome.seconds),
              static_cast<unsigned long long>(run.connections),
              static_cast<unsigned long long>(run.writes),
              outcome.stopped_early ? "  (stopped early)" : "");
  if (!run.deflate.empty()) std::printf("permessage-deflate: %s\n", run.deflate.c_str());
  if (run.keys) {
    std::printf("mask keys: %llu frames, %zu distinct keys, %llu zero\n",
                static_cast<unsigned long long>(run.keys->frames), run.keys->distinct.size(),
                static_cast<unsigned long long>(run.keys->zero));
  }
  if (run.messages) {
    std::printf(
        "messages: %llu, %llu of them compressed; %llu control frames between a message's "
        "fragments\n",
        static_cast<unsigned long long>(run.messages->messages),
        static_cast<unsigned long long>(run.messages->compressed),
        static_cast<unsigned long long>(run.messages->controls_inside));
  }
  tally.print_closing_lines();
  return tally.exit_code();
}

int run_all(const WireArguments& arguments, const wire::ServerTarget& target,
            const wire::ServerPlan& plan, SweepOptions options) {
  const std::atomic<bool>& interrupted = stop_on_interrupt();
  options.stop_requested = &interrupted;
  ProgressLine progress("wire " + target.url.host);
  if (!arguments.run.quiet) options.on_progress = [&](const Progress& at) { progress.update(at); };
  const bool fuzzing = arguments.fuzz_seconds > 0;
  wire::ServerRunResult result =
      fuzzing ? wire::fuzz_server(target, arguments.seed, arguments.fuzz_seconds, options)
              : wire::run_server(target, plan, options);
  progress.finish();
  if (!result.unreachable.empty()) return bad_input(result.unreachable);
  const auto sent = keep_failing_cases(arguments.repro_dir, !arguments.html.empty(), target,
                                       result.agreement, result.outcome.failures);
  return report(
      arguments,
      {"server", target.policy.server, &result.outcome, result.connections, result.writes, nullptr,
       nullptr, result.agreement ? wire::describe(*result.agreement) : std::string(),
       &result.cases_by_requirement, &sent},
      interrupted);
}

std::string select_client(const WireArguments& arguments, wire::ClientTarget& target,
                          wire::ClientPlan& plan) {
  target.deflate = arguments.deflate;
  target.command = arguments.client;
  target.barrier = !arguments.no_barrier;
  target.case_time = std::chrono::seconds(arguments.case_seconds);
  target.start_time = std::chrono::seconds(arguments.start_seconds);
  if (!arguments.header_sizes.empty()) plan.header_sizes = arguments.header_sizes;
  for (unsigned size : plan.header_sizes) {
    if (size != 2 && size != 4 && size != 10) return "--header must be 2, 4 or 10 with --client";
  }
  if (arguments.no_splits) plan.header_sizes.clear();
  plan.fresh_keys = !arguments.no_fresh_keys;
  plan.fuzzed_sequences = arguments.sequences;
  plan.seed = arguments.seed;
  plan.longest_compressed = arguments.longest_stream;
  plan.section = arguments.section;
  return {};
}

int client_command(const WireArguments& arguments, SweepOptions options) {
  wire::ClientTarget target;
  wire::ClientPlan plan;
  if (auto error = select_client(arguments, target, plan); !error.empty()) return bad_input(error);
  if (!arguments.case_ids.empty()) {
    auto cases = named_cases<wire::ClientCase>(arguments, wire::parse_client_case_id);
    if (auto* reason = std::get_if<std::string>(&cases)) return bad_input(*reason);
    std::string unreachable;
    const auto outcomes = wire::check_client_cases(
        target, std::get<std::vector<wire::ClientCase>>(cases), unreachable);
    return named_outcomes(arguments, unreachable, outcomes);
  }
  const std::atomic<bool>& interrupted = stop_on_interrupt();
  options.stop_requested = &interrupted;
  ProgressLine progress("wire client");
  if (!arguments.run.quiet) options.on_progress = [&](const Progress& at) { progress.update(at); };
  const wire::ClientRunResult result = wire::run_client(target, plan, options);
  progress.finish();
  if (!result.unreachable.empty()) return bad_input(result.unreachable);
  return report(
      arguments,
      {"client", arguments.client, &result.outcome, result.connections, result.writes, &result.keys,
       &result.messages,
       result.agreement ? wire::describe(*result.agreement, wire::Sender::server) : std::string(),
       &result.cases_by_requirement},
      interrupted);
}

}  // namespace

int wire_repro_command(const ReproArguments& arguments) {
  WireArguments peer = arguments.peer;
  if (peer.url.empty() && peer.server.empty() && peer.client.empty()) {
    return bad_input(
        "a wire id runs against a peer: add --server COMMAND, --url URL or "
        "--client COMMAND");
  }
  if (!arguments.after.empty()) peer.case_ids.push_back(arguments.after);
  peer.case_ids.push_back(arguments.id);
  peer.run.json = arguments.json;
  return wire_command(peer);
}

int wire_command(const WireArguments& arguments) {
  wire::ServerTarget target;
  wire::ServerPlan plan;
  SweepOptions options;
  if (arguments.list) return list_requirements();
  RunArguments run = arguments.run;
  if (run.jobs == 0) run.jobs = 4;  // connections: the peer's cores matter, not ours
  if (auto error = apply_run_arguments(run, options); !error.empty()) return bad_input(error);
  if (auto error = conflicting_options(arguments); !error.empty()) return bad_input(error);
  if (auto error = check_section(arguments.section); !error.empty()) return bad_input(error);
  if (!arguments.client.empty()) return client_command(arguments, options);
  if (auto error = select_target(arguments, target); !error.empty()) return bad_input(error);
  if (auto error = select_plan(arguments, plan); !error.empty()) return bad_input(error);

  std::unique_ptr<wire::ChildProcess> server;
  if (!arguments.server.empty()) {
    auto started =
        wire::ChildProcess::start(arguments.server, std::chrono::seconds(arguments.start_seconds));
    if (auto* reason = std::get_if<std::string>(&started)) return bad_input(*reason);
    server = std::move(std::get<std::unique_ptr<wire::ChildProcess>>(started));
    target.url =
        std::get<wire::LoopbackUrl>(wire::parse_loopback_url(wire::loopback_url(server->port())));
  }
  const int status = arguments.case_ids.empty() ? run_all(arguments, target, plan, options)
                                                : run_named(arguments, target);
  if (server) {
    if (auto ended = server->ended()) {
      std::printf("FAIL: the server %s during the run\n", ended->c_str());
      return kExitFailures;
    }
  }
  return status;
}

}  // namespace maskcheck::cli
