// The runner spreads cases over threads and shards and must still give the one-by-one, in-order
// result: the same failures, case counts, work and early stop whatever the number of threads, and
// shards whose union is exactly the whole sequence.
#include "runs/case_runner.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace maskcheck {
namespace {

constexpr std::uint64_t kCases = 20000;
constexpr std::uint64_t kChunkCost = 1000;

// Cases are numbers; costs vary so chunks hold different numbers of cases.
std::uint64_t cost_of(std::uint64_t value) {
  return 1 + (value * 37) % 200;
}

std::uint64_t total_cost() {
  std::uint64_t total = 0;
  for (std::uint64_t value = 0; value < kCases; ++value) total += cost_of(value);
  return total;
}

bool enumerate(const std::function<bool(const std::uint64_t&)>& visit) {
  for (std::uint64_t value = 0; value < kCases; ++value) {
    if (!visit(value)) return false;
  }
  return true;
}

bool fails(std::uint64_t value, std::uint64_t every) {
  return every != 0 && value % every == every - 1;
}

// Fails every `every`-th case, counts two units of work per case, and records what it checked.
class NumberChecker {
 public:
  NumberChecker(std::uint64_t every, std::multiset<std::uint64_t>& checked, std::mutex& lock)
      : every_(every), checked_(checked), lock_(lock) {}
  std::optional<std::uint64_t> operator()(const std::uint64_t& value) {
    work_ += 2;
    {
      const std::lock_guard guard(lock_);
      checked_.insert(value);
    }
    if (fails(value, every_)) return value;
    return std::nullopt;
  }
  std::uint64_t work() const { return work_; }

 private:
  std::uint64_t every_;
  std::multiset<std::uint64_t>& checked_;
  std::mutex& lock_;
  std::uint64_t work_ = 0;
};

struct CheckedRun {
  RunOutcome<std::uint64_t> outcome;
  std::multiset<std::uint64_t> checked;
};

CheckedRun run(std::uint64_t every, const SweepOptions& options) {
  CheckedRun result;
  std::mutex lock;
  result.outcome = run_cases<std::uint64_t>(
      enumerate, cost_of, kChunkCost, [&] { return NumberChecker(every, result.checked, lock); },
      options);
  return result;
}

// What running the cases one by one, in order, stopping at the max_failures-th failure, gives.
RunOutcome<std::uint64_t> one_by_one(std::uint64_t every, std::size_t max_failures) {
  RunOutcome<std::uint64_t> expected;
  for (std::uint64_t value = 0; value < kCases; ++value) {
    ++expected.cases;
    expected.work += 2;
    if (!fails(value, every)) continue;
    expected.failures.push_back(value);
    if (++expected.failed_cases == max_failures) {
      expected.stopped_early = true;
      break;
    }
  }
  return expected;
}

void expect_same(const RunOutcome<std::uint64_t>& got, const RunOutcome<std::uint64_t>& want) {
  EXPECT_EQ(got.cases, want.cases);
  EXPECT_EQ(got.failed_cases, want.failed_cases);
  EXPECT_EQ(got.work, want.work);
  EXPECT_EQ(got.stopped_early, want.stopped_early);
  EXPECT_EQ(got.failures, want.failures);
}

TEST(CaseRunner, GivesTheInOrderResultOnAnyNumberOfThreads) {
  for (std::uint64_t every : {0u, 1u, 997u, 4001u}) {
    for (std::size_t max_failures : {1u, 3u, 10u, 100000u}) {
      for (unsigned jobs : {1u, 2u, 3u, 8u}) {
        SCOPED_TRACE("every " + std::to_string(every) + ", max " + std::to_string(max_failures) +
                     ", jobs " + std::to_string(jobs));
        SweepOptions options;
        options.jobs = jobs;
        options.max_failures = max_failures;
        expect_same(run(every, options).outcome, one_by_one(every, max_failures));
      }
    }
  }
}

TEST(CaseRunner, ChecksEveryCaseExactlyOnceWhenNothingFails) {
  SweepOptions options;
  options.jobs = 3;
  const CheckedRun result = run(0, options);
  EXPECT_EQ(result.checked.size(), kCases);
  EXPECT_EQ(std::set<std::uint64_t>(result.checked.begin(), result.checked.end()).size(), kCases);
}

TEST(CaseRunner, ThreeShardsAreDisjointAndTogetherTheWholeSequence) {
  std::multiset<std::uint64_t> union_of_shards;
  std::vector<std::uint64_t> failures;
  std::uint64_t cases = 0;
  for (unsigned index = 0; index < 3; ++index) {
    SweepOptions options;
    options.jobs = 2;
    options.max_failures = 100000;
    options.shard = {index, 3};
    const CheckedRun shard = run(97, options);
    EXPECT_GT(shard.outcome.cases, kCases / 6) << "shard " << index << " is far too small";
    cases += shard.outcome.cases;
    union_of_shards.insert(shard.checked.begin(), shard.checked.end());
    failures.insert(failures.end(), shard.outcome.failures.begin(), shard.outcome.failures.end());
  }
  EXPECT_EQ(cases, kCases);
  EXPECT_EQ(union_of_shards.size(), kCases);
  EXPECT_EQ(std::set<std::uint64_t>(union_of_shards.begin(), union_of_shards.end()).size(), kCases);
  std::sort(failures.begin(), failures.end());
  EXPECT_EQ(failures, one_by_one(97, 100000).failures);
}

TEST(CaseRunner, ReportsProgressFromTheCallingThread) {
  SweepOptions options;
  options.jobs = 2;
  const std::thread::id caller = std::this_thread::get_id();
  std::uint64_t last_done = 0;
  std::uint64_t calls = 0;
  std::uint64_t last_cost = 0;
  options.on_progress = [&](const Progress& progress) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_EQ(progress.cases, kCases);
    EXPECT_GE(progress.cases_done, last_done);
    EXPECT_GE(progress.cost_done, last_cost);
    last_done = progress.cases_done;
    last_cost = progress.cost_done;
    ++calls;
  };
  run(0, options);
  EXPECT_GT(calls, 0u);
  EXPECT_EQ(last_done, kCases);
  EXPECT_EQ(last_cost, total_cost());
}

TEST(CaseRunner, ReportsTheEndEvenWhenTheCallerClaimedNoChunk) {
  // The caller's checker is made only once the other thread has checked every case, as on a
  // machine busy enough to hold the caller back until the others are done.
  const std::thread::id caller = std::this_thread::get_id();
  std::multiset<std::uint64_t> checked;
  std::mutex lock;
  std::atomic<std::uint64_t> others_done{0};
  struct CountingChecker {
    NumberChecker inner;
    std::atomic<std::uint64_t>& done;
    std::optional<std::uint64_t> operator()(const std::uint64_t& value) {
      auto failure = inner(value);
      done.fetch_add(1);
      return failure;
    }
  };
  auto make_checker = [&] {
    if (std::this_thread::get_id() == caller) {
      while (others_done.load() < kCases) std::this_thread::yield();
    }
    return CountingChecker{NumberChecker(0, checked, lock), others_done};
  };
  SweepOptions options;
  options.jobs = 2;
  std::vector<std::uint64_t> reports;
  options.on_progress = [&](const Progress& progress) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    reports.push_back(progress.cases_done);
  };
  const auto outcome =
      run_cases<std::uint64_t>(enumerate, cost_of, kChunkCost, make_checker, options);
  EXPECT_EQ(outcome.cases, kCases);
  EXPECT_EQ(reports, std::vector<std::uint64_t>{kCases});
}

TEST(CaseRunner, AStopRequestEndsTheRunEarly) {
  std::atomic<bool> stop{true};
  SweepOptions options;
  options.jobs = 2;
  options.stop_requested = &stop;
  const CheckedRun result = run(0, options);
  EXPECT_EQ(result.outcome.cases, 0u);
  EXPECT_TRUE(result.outcome.stopped_early);
}

TEST(CaseRunner, AnExceptionInAThreadReachesTheCaller) {
  struct Throwing {
    std::optional<int> operator()(const std::uint64_t& value) {
      if (value == kCases / 2) throw std::runtime_error("checker gave up");
      return std::nullopt;
    }
    std::uint64_t work() const { return 0; }
  };
  SweepOptions options;
  options.jobs = 2;
  EXPECT_THROW(run_cases<int>(
                   enumerate, cost_of, kChunkCost, [] { return Throwing{}; }, options),
               std::runtime_error);
}

}  // namespace
}  // namespace maskcheck
