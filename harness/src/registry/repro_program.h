// The program a repro line names: "maskcheck" (on PATH once installed), or in a sanitized build
// that build's own maskcheck binary.
#pragma once

#include <string>

namespace maskcheck {

const std::string& repro_program();

}  // namespace maskcheck
