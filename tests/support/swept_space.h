// The case space the tests sweep: the full one without its span tier (that runs as SpanSweep), or,
// where the tests run under an emulator (the cross presets), the one sized for it.
#pragma once

#include "kernels/case_space.h"

namespace maskcheck {

inline CaseSpace swept_case_space() {
#ifdef MASKCHECK_EMULATED
  return emulation_case_space();
#else
  CaseSpace space = full_case_space();
  clear_span_tier(space);
  return space;
#endif
}

}  // namespace maskcheck
