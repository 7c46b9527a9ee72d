// What maskcheck wire says of the requirements (harness/src/wire/requirements): the one a failure
// breaks, every row for --list, whether --section names one, and each row's tally for the
// summary the JSON, JUnit and HTML reports are made from.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "streams/stream_differ.h"

namespace maskcheck::cli {

// "RFC 6455 7.4, MUST: ...", or empty for an id no row covers.
std::string broken_requirement(const StreamFailure& failure);

// wire --list: every row, in the RFCs' order.
int list_requirements();

// Empty when some row lies in `section` (or none is named), else why not, in one line.
std::string check_section(std::string_view section);

// Each row the run sent cases of: its cases run (`counted`, per row; short or empty reads as
// zero) and how many of the reported failures are its.
nlohmann::json requirements_json(const std::vector<std::uint64_t>& counted,
                                 const std::vector<StreamFailure>& failures);

}  // namespace maskcheck::cli
