// How a fuzz target stops on a finding: one fixed first line per cause, so crashes group by
// cause, then the case and the line that replays it.
#pragma once

#include <string_view>

namespace maskcheck::fuzz {

[[noreturn]] void report_and_abort(std::string_view cause, std::string_view report);

}  // namespace maskcheck::fuzz
