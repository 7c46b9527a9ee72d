// The line every failure ends with, in one form for every kind of id: "maskcheck repro ID", then
// what the id needs to run (plug-ins, a peer). The program is "maskcheck" (on PATH once
// installed), or in a sanitized build that build's own maskcheck binary.
#pragma once

#include <string>
#include <string_view>

namespace maskcheck {

const std::string& repro_program();

// `options` (may be empty) are repro's options, written for a shell.
std::string repro_line(std::string_view case_id, std::string_view options);

}  // namespace maskcheck
