// maskcheck throughput: live servers measured end to end (harness/src/throughput/), rounds
// interleaved, every B/A ratio taken round by round so a difference inside the noise says so.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <random>
#include <regex>
#include <thread>

#include "cli/commands.h"
#include "cli/number_list.h"
#include "throughput/perf_share.h"
#include "throughput/ratio_verdict.h"
#include "throughput/throughput.h"

namespace maskcheck::cli {

namespace {

using wire::Spread;
using wire::spread_of;

std::string scaled(double value) {
  char text[32];
  if (value >= 1e6) {
    std::snprintf(text, sizeof text, "%.2fM", value / 1e6);
  } else if (value >= 1e3) {
    std::snprintf(text, sizeof text, "%.1fK", value / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%.0f", value);
  }
  return text;
}

// rounds[server][payload][round]
using Rounds = std::vector<std::vector<std::vector<wire::Round>>>;

template <typename Figure>
std::vector<double> figures(const std::vector<wire::Round>& rounds, Figure figure) {
  std::vector<double> values;
  for (const wire::Round& round : rounds) values.push_back(figure(round));
  return values;
}

struct Ratios {
  std::vector<double> rate;  // messages/s, server S over the first server, round by round
  std::vector<double> cpu;   // CPU per KiB, likewise
};

// Server S against the first server at payload P, round by round.
Ratios ratios(const Rounds& rounds, std::size_t s, std::size_t p) {
  Ratios out;
  for (std::size_t i = 0; i < rounds[s][p].size(); ++i) {
    const wire::Round& a = rounds[0][p][i];
    const wire::Round& b = rounds[s][p][i];
    out.rate.push_back(b.messages_per_second() / a.messages_per_second());
    out.cpu.push_back(b.cpu_nanoseconds_per_kib() / a.cpu_nanoseconds_per_kib());
  }
  return out;
}

// "median (min..max) VERDICT" against the A/A CONTROL's rounds (nullptr: none); the control's own
// ratio is marked as such.
std::string marked(const std::vector<double>& ratio, const std::vector<double>* control,
                   bool is_control) {
  const Spread spread = spread_of(ratio);
  const char* verdict = is_control ? "A/A" : wire::verdict_words(wire::judge_ratio(ratio, control));
  char text[64];
  std::snprintf(text, sizeof text, "%.2f (%.2f..%.2f) %s", spread.median, spread.low, spread.high,
                verdict);
  return text;
}

// CONTROL: a server run with the first server's command again (an A/A pair), if any.
void print_tables(const ThroughputArguments& arguments, const std::vector<std::string>& names,
                  const Rounds& rounds, std::optional<std::size_t> control) {
  const auto& payloads = arguments.plan.payloads;
  std::printf("%9s  %-20s %24s %8s %24s\n", "payload", "server", "messages/s (min..max)", "GB/s",
              "CPU ns/KiB (min..max)");
  for (std::size_t p = 0; p < payloads.size(); ++p) {
    for (std::size_t s = 0; s < names.size(); ++s) {
      const auto& r = rounds[s][p];
      const Spread rate =
          spread_of(figures(r, [](const auto& x) { return x.messages_per_second(); }));
      const Spread speed =
          spread_of(figures(r, [](const auto& x) { return x.gigabytes_per_second(); }));
      const Spread cpu =
          spread_of(figures(r, [](const auto& x) { return x.cpu_nanoseconds_per_kib(); }));
      char rate_text[64];
      char cpu_text[64];
      std::snprintf(rate_text, sizeof rate_text, "%s (%s..%s)", scaled(rate.median).c_str(),
                    scaled(rate.low).c_str(), scaled(rate.high).c_str());
      std::snprintf(cpu_text, sizeof cpu_text, "%.1f (%.1f..%.1f)", cpu.median, cpu.low, cpu.high);
      std::printf("%9s  %-20s %24s %8.2f %24s\n", s == 0 ? std::to_string(payloads[p]).c_str() : "",
                  names[s].c_str(), rate_text, speed.median, cpu_text);
    }
  }
  if (names.size() < 2) return;
  std::printf(
      "\nagainst %s, round by round: median (min..max); a range that holds 1.00 is within "
      "the noise%s\n",
      names[0].c_str(),
      control ? (", and so is a median inside the A/A control's range (" + names[*control] +
                 ": the same command again)")
                    .c_str()
              : "");
  if (arguments.plan.rounds < wire::kVerdictRounds) {
    std::printf(
        "no verdicts: %u rounds, and noise alone keeps a ratio on one side of 1.00 in "
        "every round too often below %u\n",
        arguments.plan.rounds, wire::kVerdictRounds);
  }
  std::printf("%9s  %-28s %26s %26s\n", "payload", "servers", "messages/s ratio",
              "CPU per KiB ratio");
  for (std::size_t p = 0; p < payloads.size(); ++p) {
    std::optional<Ratios> against;
    if (control) against = ratios(rounds, *control, p);
    for (std::size_t s = 1; s < names.size(); ++s) {
      const Ratios each = ratios(rounds, s, p);
      const bool is_control = control && s == *control;
      std::printf("%9s  %-28s %26s %26s\n", s == 1 ? std::to_string(payloads[p]).c_str() : "",
                  (names[s] + "/" + names[0]).substr(0, 28).c_str(),
                  marked(each.rate, against ? &against->rate : nullptr, is_control).c_str(),
                  marked(each.cpu, against ? &against->cpu : nullptr, is_control).c_str());
    }
  }
}

nlohmann::json json_of(const ThroughputArguments& arguments, const std::vector<std::string>& names,
                       const Rounds& rounds) {
  nlohmann::json out{
      {"payloads", arguments.plan.payloads},       {"rounds", arguments.plan.rounds},
      {"connections", arguments.plan.connections}, {"server_cpu", arguments.plan.server_cpu},
      {"client_cpu", arguments.plan.client_cpu},   {"servers", nlohmann::json::array()}};
  for (std::size_t s = 0; s < names.size(); ++s) {
    nlohmann::json server{{"name", names[s]}, {"payloads", nlohmann::json::array()}};
    for (std::size_t p = 0; p < arguments.plan.payloads.size(); ++p) {
      nlohmann::json each = nlohmann::json::array();
      for (const wire::Round& round : rounds[s][p]) {
        each.push_back({{"seconds", round.seconds},
                        {"server_cpu_seconds", round.server_cpu_seconds},
                        {"messages", round.messages},
                        {"payload_bytes", round.payload_bytes}});
      }
      server["payloads"].push_back({{"payload", arguments.plan.payloads[p]}, {"rounds", each}});
    }
    out["servers"].push_back(server);
  }
  return out;
}

}  // namespace

int throughput_command(ThroughputArguments arguments) {
  std::vector<std::string> names;
  std::vector<std::unique_ptr<wire::MeasuredServer>> servers;
  wire::ThroughputPlan& plan = arguments.plan;
  if (arguments.servers.empty()) return bad_input("throughput needs --server NAME=COMMAND");
  if (!arguments.payloads.empty()) {
    auto parsed = parse_number_list(arguments.payloads, std::uint64_t{16} << 20);
    if (auto* reason = std::get_if<std::string>(&parsed))
      return bad_input("--payloads: " + *reason);
    plan.payloads.assign(std::get<std::vector<std::uint64_t>>(parsed).begin(),
                         std::get<std::vector<std::uint64_t>>(parsed).end());
  }
  const unsigned cores = std::thread::hardware_concurrency();
  if (arguments.pin && cores >= 2) {
    plan.client_cpu = 0;
    plan.server_cpu = 1;
    std::printf("pinned: the server on CPU 1, the client on CPU 0%s\n",
                cores == 2 ? " (2 cores: nothing is left for anything else, and the two share "
                             "caches and memory bandwidth)"
                           : "");
  } else {
    std::printf("not pinned: client and server share %u core%s\n", cores, cores == 1 ? "" : "s");
  }
  std::vector<std::string> commands;
  for (const std::string& given : arguments.servers) {
    const std::size_t equals = given.find('=');
    if (equals == std::string::npos || equals == 0)
      return bad_input("--server takes NAME=COMMAND, not '" + given + "'");
    names.push_back(given.substr(0, equals));
    commands.push_back(given.substr(equals + 1));
    auto started = wire::MeasuredServer::start(names.back(), commands.back(), plan);
    if (auto* reason = std::get_if<std::string>(&started)) return bad_input(*reason);
    servers.push_back(std::move(std::get<std::unique_ptr<wire::MeasuredServer>>(started)));
  }
  Rounds rounds(servers.size(), std::vector<std::vector<wire::Round>>(plan.payloads.size()));
  for (std::size_t p = 0; p < plan.payloads.size(); ++p) {
    std::uint64_t messages = 0;
    const auto stream = wire::counting_stream(plan.payloads[p], plan.bytes_per_round, messages);
    std::fprintf(stderr, "throughput: %zu-byte messages, %llu a round\n", plan.payloads[p],
                 static_cast<unsigned long long>(messages));
    std::vector<std::size_t> order(servers.size());
    std::iota(order.begin(), order.end(), 0);
    std::mt19937 shuffler(static_cast<std::uint32_t>(p));  // the same orders in every run
    for (unsigned r = 0; r <= plan.rounds; ++r) {          // round 0 warms up and is not kept
      // A new order each round: no server always takes the machine's state the one before left.
      std::shuffle(order.begin(), order.end(), shuffler);
      for (std::size_t s : order) {
        auto round = servers[s]->round(stream, messages, plan.payloads[p]);
        if (auto* reason = std::get_if<std::string>(&round)) {
          std::printf("FAIL: %s\n", reason->c_str());
          return kExitFailures;
        }
        if (r > 0) rounds[s][p].push_back(std::get<wire::Round>(round));
      }
    }
  }
  std::optional<std::size_t> control;
  for (std::size_t s = 1; s < commands.size() && !control; ++s) {
    if (commands[s] == commands[0]) control = s;
  }
  print_tables(arguments, names, rounds, control);
  if (!arguments.perf.empty()) {
    std::regex pattern;
    try {
      pattern = std::regex(arguments.perf);
    } catch (const std::regex_error&) {
      return bad_input("--perf: not a regular expression: " + arguments.perf);
    }
    std::uint64_t messages = 0;
    const auto stream =
        wire::counting_stream(arguments.perf_payload, plan.bytes_per_round * 4, messages);
    std::printf("\nwhere each server's CPU goes at %zu-byte messages (perf record -e cpu-clock):\n",
                arguments.perf_payload);
    for (auto& server : servers) {
      std::string failed;
      auto share = wire::sample_process(server->pid(), pattern, [&] {
        auto round = server->round(stream, messages, arguments.perf_payload);
        if (auto* reason = std::get_if<std::string>(&round)) failed = *reason;
      });
      if (!failed.empty()) {
        std::printf("FAIL: %s\n", failed.c_str());
        return kExitFailures;
      }
      if (auto* reason = std::get_if<std::string>(&share)) {
        std::printf("  %s: %s\n", server->name().c_str(), reason->c_str());
        continue;
      }
      const auto& found = std::get<wire::PerfShare>(share);
      std::printf("  %s: %.1f%% in symbols matching /%s/; hottest:", server->name().c_str(),
                  found.matching_percent, arguments.perf.c_str());
      for (const auto& [symbol, percent] : found.top)
        std::printf(" %.1f%% %s;", percent, symbol.substr(0, 70).c_str());
      std::printf("\n");
    }
  }
  if (!arguments.json.empty()) {
    std::ofstream file(arguments.json);
    file << json_of(arguments, names, rounds).dump(2) << "\n";
    if (!file) return bad_input("cannot write " + arguments.json);
  }
  return kExitPass;
}

}  // namespace maskcheck::cli
