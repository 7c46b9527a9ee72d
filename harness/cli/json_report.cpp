#include "cli/json_report.h"

#include "cli/junit_report.h"
#include "cli/run_tally.h"
#include "registry/kernel_registry.h"

namespace maskcheck::cli {

nlohmann::json failure_json(const Failure& failure) {
  return {{"case_id", failure.case_id},
          {"kind", failure_kind_name(failure.kind)},
          {"placement", placement_name(failure.placement)},
          {"headline", failure.headline},
          {"detail", failure.detail},
          {"repro", kernel_repro_line(failure.case_id)}};
}

nlohmann::json sweep_json(std::string_view kernel, const SweepResult& result) {
  nlohmann::json failures = nlohmann::json::array();
  for (const Failure& failure : result.failures) failures.push_back(failure_json(failure));
  return {{"kernel", kernel},
          {"entry", result.entry},
          {"cases", result.cases},
          {"candidate_calls", result.candidate_calls()},
          {"failed_cases", result.failed_cases},
          {"stopped_early", result.stopped_early},
          {"seconds", result.seconds},
          {"cases_per_second", cases_per_second(result.cases, result.seconds)},
          {"failures", failures}};
}

nlohmann::json stream_failure_json(const StreamFailure& failure) {
  return {{"case_id", failure.case_id},
          {"headline", failure.headline},
          {"detail", failure.detail},
          {"repro", kernel_repro_line(failure.case_id)}};
}

nlohmann::json stream_sweep_json(const StreamSweepResult& result) {
  nlohmann::json failures = nlohmann::json::array();
  for (const StreamFailure& failure : result.failures)
    failures.push_back(stream_failure_json(failure));
  return {{"sweep", result.name},
          {"cases", result.cases},
          {"failed_cases", result.failed_cases},
          {"stopped_early", result.stopped_early},
          {"seconds", result.seconds},
          {"cases_per_second", cases_per_second(result.cases, result.seconds)},
          {"failures", failures}};
}

void emit_summary(const RunArguments& run, const std::string& command,
                  const nlohmann::json& summary) {
  if (!run.junit.empty()) write_junit(run.junit, command, summary);
  if (run.json) std::printf("%s\n", summary.dump(2).c_str());
}

}  // namespace maskcheck::cli
