// The timed runner must give what running its numbers one by one gives, whatever the number of
// threads: the numbers 0 to N-1 each run once, the failures in number order, cut at max_failures
// with the cases counted up to the cut; and it must stop at its deadline and when asked to.
#include "runs/timed_runner.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <vector>

namespace maskcheck {
namespace {

using Clock = std::chrono::steady_clock;

// Far enough away that only max_failures or a stop can end a run.
const Clock::time_point kNever = Clock::now() + std::chrono::hours(24);

struct Recorded {
  RunOutcome<std::uint64_t> outcome;
  std::multiset<std::uint64_t> checked;
};

// Cases are their numbers; a number fails when fails(number) says so.
template <typename Fails>
Recorded run(const SweepOptions& options, Fails fails, Clock::time_point deadline = kNever) {
  Recorded result;
  std::mutex lock;
  result.outcome = run_cases_until<std::uint64_t>(
      deadline, [](std::uint64_t number) { return number; },
      [&] {
        return [&](const std::uint64_t& number) -> std::optional<std::uint64_t> {
          {
            const std::lock_guard guard(lock);
            result.checked.insert(number);
          }
          if (fails(number)) return number;
          return std::nullopt;
        };
      },
      options);
  return result;
}

bool every_seventh(std::uint64_t number) {
  return number % 7 == 6;
}

TEST(TimedRunner, StopsAtTheMaxFailuresInNumberOrderOnAnyNumberOfThreads) {
  for (unsigned jobs : {1u, 2u, 5u}) {
    for (std::size_t max_failures : {1u, 4u, 50u}) {
      SCOPED_TRACE("jobs " + std::to_string(jobs) + ", max " + std::to_string(max_failures));
      SweepOptions options;
      options.jobs = jobs;
      options.max_failures = max_failures;
      const Recorded result = run(options, every_seventh);
      std::vector<std::uint64_t> want;
      for (std::uint64_t n = 1; n <= max_failures; ++n) want.push_back(7 * n - 1);
      EXPECT_EQ(result.outcome.failures, want);
      EXPECT_EQ(result.outcome.failed_cases, max_failures);
      EXPECT_EQ(result.outcome.cases, 7 * max_failures);
      EXPECT_TRUE(result.outcome.stopped_early);
      // Every number up to the last one taken ran, each once.
      const std::set<std::uint64_t> distinct(result.checked.begin(), result.checked.end());
      EXPECT_EQ(distinct.size(), result.checked.size());
      EXPECT_EQ(*distinct.rbegin() + 1, distinct.size());
    }
  }
}

TEST(TimedRunner, RunsNothingPastItsDeadline) {
  SweepOptions options;
  options.jobs = 2;
  const Recorded result = run(options, every_seventh, Clock::now());
  EXPECT_EQ(result.outcome.cases, 0u);
  EXPECT_TRUE(result.checked.empty());
  EXPECT_FALSE(result.outcome.stopped_early);
}

TEST(TimedRunner, StopsWhenAskedWithEveryCaseTakenFinished) {
  std::atomic<bool> stop{false};
  SweepOptions options;
  options.jobs = 3;
  options.max_failures = 1000000;
  options.stop_requested = &stop;
  const Recorded result = run(options, [&](std::uint64_t number) {
    if (number == 300) stop.store(true);
    return every_seventh(number);
  });
  EXPECT_TRUE(result.outcome.stopped_early);
  EXPECT_GT(result.outcome.cases, 300u);
  EXPECT_EQ(result.outcome.cases, result.checked.size());
  EXPECT_EQ(result.outcome.failed_cases, result.outcome.cases / 7);
  for (std::size_t i = 0; i < result.outcome.failures.size(); ++i)
    EXPECT_EQ(result.outcome.failures[i], 7 * i + 6);
}

TEST(TimedRunner, ShardsTakeDisjointNumbers) {
  std::set<std::uint64_t> seen;
  for (unsigned index = 0; index < 3; ++index) {
    SweepOptions options;
    options.jobs = 2;
    options.max_failures = 5;
    options.shard = {index, 3};
    const Recorded shard = run(options, every_seventh);
    for (std::uint64_t number : shard.checked) {
      EXPECT_EQ(number % 3, index);
      EXPECT_TRUE(seen.insert(number).second) << number << " ran in two shards";
    }
    EXPECT_EQ(shard.outcome.failures.size(), 5u);
  }
}

TEST(TimedRunner, PassesOnWhatACheckerThrows) {
  SweepOptions options;
  options.jobs = 2;
  EXPECT_THROW(run(options,
                   [](std::uint64_t number) -> bool {
                     if (number == 40) throw std::runtime_error("checker broke");
                     return false;
                   }),
               std::runtime_error);
}

}  // namespace
}  // namespace maskcheck
