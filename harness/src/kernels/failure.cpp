#include "kernels/failure.h"

#include "registry/kernel_registry.h"

namespace maskcheck {

std::string_view failure_kind_name(FailureKind kind) {
  switch (kind) {
    case FailureKind::mismatch: return "mismatch";
    case FailureKind::outside_write: return "outside-write";
    case FailureKind::wrong_phase: return "wrong-phase";
    case FailureKind::wrong_key: return "wrong-key";
    case FailureKind::fault: return "fault";
  }
  return "?";
}

std::string_view placement_name(Placement placement) {
  switch (placement) {
    case Placement::end_at_guard: return "end-at-guard";
    case Placement::start_after_guard: return "start-after-guard";
    case Placement::aligned: return "aligned";
  }
  return "?";
}

std::string format_failure(const Failure& failure) {
  std::string text = "FAIL " + failure.case_id + " [" +
                     std::string(placement_name(failure.placement)) + ", " +
                     std::string(failure_kind_name(failure.kind)) + "]\n";
  text += "  " + failure.headline + "\n";
  text += failure.detail;
  text += "  repro: " + kernel_repro_line(failure.case_id) + "\n";
  return text;
}

}  // namespace maskcheck
