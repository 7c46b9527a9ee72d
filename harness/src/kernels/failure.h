// What the differ found wrong with one case, ready to print.
#pragma once

#include <string>

#include "bounds/guarded_arena.h"

namespace maskcheck {

enum class FailureKind {
  mismatch,       // a byte inside the write footprint differs from the reference
  outside_write,  // a byte outside the write footprint changed
  wrong_phase,    // an entry that carries the phase returned a different next phase
  wrong_key,      // an entry that carries a rotated key left it rotated wrongly
  fault,          // the call touched a guard page
};

struct Failure {
  std::string case_id;
  FailureKind kind = FailureKind::mismatch;
  Placement placement = Placement::aligned;
  std::string headline;  // one line: what went wrong and where
  std::string detail;    // the hex window, may be several lines
};

std::string_view failure_kind_name(FailureKind kind);
std::string_view placement_name(Placement placement);

// The whole report: headline, placement, detail, and the repro command.
std::string format_failure(const Failure& failure);

}  // namespace maskcheck
