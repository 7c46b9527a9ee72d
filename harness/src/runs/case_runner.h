// Spreads a sequence of cases over threads (and over machines, as shards) and still gives the
// result of running them one by one in order: the first `max_failures` failures in case order,
// with the cases and work counted up to the last of them. Each thread has its own checker (its
// own arena, fault trap and caches), so nothing is shared per case.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

namespace maskcheck {

// The `index`-th (0-based) of `count` deterministic slices of a case space; their union is the
// whole space whatever the number of threads.
struct Shard {
  unsigned index = 0;
  unsigned count = 1;
};

// How far a run is: its cases, and their cost (the unit chunks are cut in, which tracks time).
struct Progress {
  std::uint64_t cases_done = 0;
  std::uint64_t cases = 0;
  std::uint64_t cost_done = 0;
  std::uint64_t cost = 0;
};

struct SweepOptions {
  std::size_t max_failures = 10;
  unsigned jobs = 1;  // threads
  Shard shard;
  // Called from the calling thread every few thousand cases, and once at the end.
  std::function<void(const Progress&)> on_progress;
  // Set (from a signal handler, say) to end the run after the current cases.
  const std::atomic<bool>* stop_requested = nullptr;
};

template <typename Failure>
struct RunOutcome {
  std::uint64_t cases = 0;
  std::uint64_t failed_cases = 0;
  std::uint64_t work = 0;         // what the checkers count besides cases, if they count anything
  bool stopped_early = false;     // stopped at max_failures, or asked to stop
  std::vector<Failure> failures;  // the first max_failures of them, in case order
  double seconds = 0;
};

namespace detail {

// Cuts the sequence into chunks: runs of consecutive cases whose costs add up to `chunk_cost`.
// Chunks, not cases, are what threads take turns on and shards divide; every thread cuts the
// sequence the same way, whatever the number of threads.
class ChunkCutter {
 public:
  explicit ChunkCutter(std::uint64_t chunk_cost) : chunk_cost_(chunk_cost) {}
  // The chunk of the next case, which costs `cost`.
  std::uint64_t next(std::uint64_t cost) {
    if (filled_ >= chunk_cost_) {
      ++chunk_;
      filled_ = 0;
    }
    filled_ += cost;
    return chunk_;
  }

 private:
  std::uint64_t chunk_cost_;
  std::uint64_t chunk_ = 0;
  std::uint64_t filled_ = 0;
};

template <typename Failure>
struct Found {
  std::uint64_t chunk;
  std::uint64_t position;  // in its chunk
  std::uint64_t work;      // the chunk's work up to and including this case
  Failure failure;
};

// What one chunk ran; each is written by the one thread that ran it, read after the join.
struct ChunkTally {
  std::uint64_t cases = 0;
  std::uint64_t work = 0;
};

// The sequence's shape, from one walk before the run: sized up front, nothing grows with the
// number of cases while they run.
struct SequenceShape {
  std::uint64_t chunks = 0;
  std::uint64_t cases_in_shard = 0;
  std::uint64_t cost_in_shard = 0;
};

template <typename Enumerate, typename Cost>
SequenceShape measure(const Enumerate& enumerate, const Cost& cost, std::uint64_t chunk_cost,
                      const Shard& shard) {
  SequenceShape shape;
  ChunkCutter cutter(chunk_cost);
  enumerate([&](const auto& test_case) {
    const std::uint64_t case_cost = cost(test_case);
    const std::uint64_t chunk = cutter.next(case_cost);
    shape.chunks = chunk + 1;
    if (chunk % shard.count == shard.index) {
      ++shape.cases_in_shard;
      shape.cost_in_shard += case_cost;
    }
    return true;
  });
  return shape;
}

inline constexpr std::uint64_t kNoChunk = UINT64_MAX;

// What a checker counts besides cases (the differ's candidate calls); 0 if it counts nothing.
template <typename Checker>
std::uint64_t work_of(const Checker& checker) {
  if constexpr (requires { checker.work(); }) {
    return checker.work();
  } else {
    return 0;
  }
}

struct RunState {
  explicit RunState(std::uint64_t chunks) : tallies(chunks) {}
  std::vector<ChunkTally> tallies;
  std::atomic<std::uint64_t> next_claim{0};

  std::atomic<std::uint64_t> failures{0};
  std::atomic<std::uint64_t> cases_done{0};
  std::atomic<std::uint64_t> cost_done{0};
  std::atomic<bool> interrupted{false};
  std::atomic<bool> broken{false};  // a thread threw: the others stop too
};

inline Progress progress_of(const RunState& state, const SequenceShape& shape) {
  return {state.cases_done.load(std::memory_order_relaxed), shape.cases_in_shard,
          state.cost_done.load(std::memory_order_relaxed), shape.cost_in_shard};
}

// Walks the whole sequence, assigning each case to a chunk the same way on every thread, and
// runs the cases of the chunks this thread claims. Claims only ever grow, so once enough failures
// are known every chunk before the last claimed one is finished by whoever holds it.
template <typename Failure, typename Enumerate, typename Cost, typename Checker>
void run_chunks(const Enumerate& enumerate, const Cost& cost, std::uint64_t chunk_cost,
                Checker& checker, const SweepOptions& options, RunState& state,
                std::vector<Found<Failure>>& found, bool reports_progress,
                const SequenceShape& shape) {
  auto stop_asked = [&] {
    if (options.stop_requested && options.stop_requested->load(std::memory_order_relaxed)) {
      state.interrupted.store(true, std::memory_order_relaxed);
      return true;
    }
    return state.broken.load(std::memory_order_relaxed);
  };
  auto claim = [&] {
    if (state.failures.load(std::memory_order_relaxed) >= options.max_failures || stop_asked())
      return kNoChunk;
    const std::uint64_t chunk =
        state.next_claim.fetch_add(1, std::memory_order_relaxed) * options.shard.count +
        options.shard.index;
    return chunk < state.tallies.size() ? chunk : kNoChunk;
  };
  std::uint64_t mine = claim();
  if (mine == kNoChunk) return;
  // Counted here and stored once per chunk: neighbouring tallies share a cache line.
  ChunkTally tally;
  std::uint64_t cost_of_chunk = 0;
  std::uint64_t work_before = work_of(checker);
  std::size_t failures_in_chunk = 0;
  auto finish_chunk = [&] {
    state.tallies[mine] = tally;
    state.cases_done.fetch_add(tally.cases, std::memory_order_relaxed);
    state.cost_done.fetch_add(cost_of_chunk, std::memory_order_relaxed);
    if (reports_progress && options.on_progress) options.on_progress(progress_of(state, shape));
  };
  ChunkCutter cutter(chunk_cost);
  enumerate([&](const auto& test_case) {
    const std::uint64_t case_cost = cost(test_case);
    const std::uint64_t chunk = cutter.next(case_cost);
    if (chunk > mine) {
      finish_chunk();
      mine = claim();
      if (mine == kNoChunk) return false;
      tally = {};
      cost_of_chunk = 0;
      work_before = work_of(checker);
      failures_in_chunk = 0;
    }
    if (chunk < mine) return true;
    if (stop_asked()) return false;
    // A chunk with max_failures of its own ends the run there: its later cases cannot count.
    if (failures_in_chunk >= options.max_failures) return true;
    std::optional<Failure> failure = checker(test_case);
    ++tally.cases;
    cost_of_chunk += case_cost;
    tally.work = work_of(checker) - work_before;
    if (failure) {
      found.push_back({chunk, tally.cases - 1, tally.work, std::move(*failure)});
      ++failures_in_chunk;
      state.failures.fetch_add(1, std::memory_order_relaxed);
    }
    return true;
  });
  if (mine != kNoChunk) finish_chunk();
}

// The failures in case order, cut at the max_failures-th, with the cases and work before it.
template <typename Failure>
RunOutcome<Failure> merge_chunks(const std::vector<ChunkTally>& tallies,
                                 std::vector<Found<Failure>> found, std::size_t max_failures,
                                 bool interrupted) {
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.chunk != b.chunk ? a.chunk < b.chunk : a.position < b.position;
  });
  RunOutcome<Failure> outcome;
  outcome.stopped_early = interrupted;
  std::uint64_t counted = 0;  // chunks whose tallies are in the outcome
  for (Found<Failure>& failure : found) {
    for (; counted < failure.chunk; ++counted) {
      outcome.cases += tallies[counted].cases;
      outcome.work += tallies[counted].work;
    }
    outcome.failures.push_back(std::move(failure.failure));
    if (++outcome.failed_cases == max_failures) {
      outcome.cases += failure.position + 1;
      outcome.work += failure.work;
      outcome.stopped_early = true;
      return outcome;
    }
  }
  for (; counted < tallies.size(); ++counted) {
    outcome.cases += tallies[counted].cases;
    outcome.work += tallies[counted].work;
  }
  return outcome;
}

}  // namespace detail

// Runs every case `enumerate` visits (in the shard) on options.jobs threads. `enumerate(visit)`
// visits the cases in a fixed order until visit returns false; `cost(case)` says roughly how long
// one takes, in the same unit as `chunk_cost`; `make_checker()` runs once on each thread and
// returns a callable, `std::optional<Failure>(const Case&)`, that may count work in `work()`.
template <typename Failure, typename Enumerate, typename Cost, typename MakeChecker>
RunOutcome<Failure> run_cases(const Enumerate& enumerate, const Cost& cost,
                              std::uint64_t chunk_cost, const MakeChecker& make_checker,
                              const SweepOptions& options) {
  using Founds = std::vector<detail::Found<Failure>>;
  const auto start = std::chrono::steady_clock::now();
  const detail::SequenceShape shape = detail::measure(enumerate, cost, chunk_cost, options.shard);
  detail::RunState state(shape.chunks);
  const unsigned jobs = std::max(1u, options.jobs);
  std::vector<Founds> found(jobs);
  std::vector<std::exception_ptr> errors(jobs);
  auto work = [&](unsigned job) {
    try {
      auto checker = make_checker();
      detail::run_chunks<Failure>(enumerate, cost, chunk_cost, checker, options, state, found[job],
                                  job == 0, shape);
    } catch (...) {
      errors[job] = std::current_exception();
      state.broken.store(true);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned job = 1; job < jobs; ++job) threads.emplace_back(work, job);
  work(0);
  for (std::thread& thread : threads) thread.join();
  // The caller may have claimed no chunk at all (the others took them first): the last report
  // comes after every thread is done, so each run ends with one.
  if (options.on_progress) options.on_progress(detail::progress_of(state, shape));
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  Founds all;
  for (Founds& mine : found) std::move(mine.begin(), mine.end(), std::back_inserter(all));
  RunOutcome<Failure> outcome = detail::merge_chunks(
      state.tallies, std::move(all), options.max_failures, state.interrupted.load());
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

}  // namespace maskcheck
