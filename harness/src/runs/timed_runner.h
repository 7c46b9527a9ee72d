// Runs an endless sequence of cases, each made from its number alone (a fuzzer's: "seed s, case
// i"), over threads until a time is up, with case_runner.h's guarantees where time allows them:
// the cases that ran are exactly numbers 0, 1, 2, ... up to the last one any thread took, and the
// failures come in number order, cut at max_failures with the cases counted up to the cut. Threads
// take one number at a time, so a slow case holds up only the thread running it.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "runs/case_runner.h"

namespace maskcheck {

// Runs make_case(number) for the numbers of options.shard (number % count == index) on
// options.jobs threads, each with its own checker from make_checker(), a callable
// `std::optional<Failure>(const Case&)`, until `deadline`, a stop is asked for, or max_failures
// cases fail. Progress counts time: its cost is milliseconds, done of the whole run's.
template <typename Failure, typename MakeCase, typename MakeChecker>
RunOutcome<Failure> run_cases_until(std::chrono::steady_clock::time_point deadline,
                                    const MakeCase& make_case, const MakeChecker& make_checker,
                                    const SweepOptions& options) {
  using Clock = std::chrono::steady_clock;
  using Numbered = std::pair<std::uint64_t, Failure>;  // the position in the shard, the failure
  const auto start = Clock::now();
  const auto milliseconds = [](Clock::duration span) {
    return static_cast<std::uint64_t>(std::max<std::int64_t>(
        0, std::chrono::duration_cast<std::chrono::milliseconds>(span).count()));
  };
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<std::uint64_t> failures{0};
  std::atomic<bool> interrupted{false};
  std::atomic<bool> broken{false};  // a thread threw: the others stop too
  const unsigned jobs = std::max(1u, options.jobs);
  std::vector<std::vector<Numbered>> found(jobs);
  std::vector<std::exception_ptr> errors(jobs);
  auto report = [&] {
    if (options.on_progress)
      options.on_progress(
          {done.load(), 0, milliseconds(Clock::now() - start), milliseconds(deadline - start)});
  };
  auto claim = [&]() -> std::optional<std::uint64_t> {
    if (options.stop_requested && options.stop_requested->load(std::memory_order_relaxed)) {
      interrupted.store(true);
      return std::nullopt;
    }
    if (broken.load() || failures.load() >= options.max_failures || Clock::now() >= deadline)
      return std::nullopt;
    return next.fetch_add(1);
  };
  auto work = [&](unsigned job) {
    try {
      auto checker = make_checker();
      while (const std::optional<std::uint64_t> position = claim()) {
        std::optional<Failure> failure =
            checker(make_case(*position * options.shard.count + options.shard.index));
        if (failure) {
          found[job].emplace_back(*position, std::move(*failure));
          ++failures;
        }
        ++done;
        if (job == 0) report();
      }
    } catch (...) {
      errors[job] = std::current_exception();
      broken.store(true);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned job = 1; job < jobs; ++job) threads.emplace_back(work, job);
  work(0);
  for (std::thread& thread : threads) thread.join();
  report();
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  std::vector<Numbered> all;
  for (std::vector<Numbered>& mine : found)
    std::move(mine.begin(), mine.end(), std::back_inserter(all));
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  RunOutcome<Failure> outcome;
  outcome.cases = done;  // every number taken ran: the first `done` of the shard
  outcome.stopped_early = interrupted;
  for (auto& [position, failure] : all) {
    outcome.failures.push_back(std::move(failure));
    if (++outcome.failed_cases == options.max_failures) {
      outcome.cases = position + 1;
      outcome.stopped_early = true;
      break;
    }
  }
  outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return outcome;
}

}  // namespace maskcheck
