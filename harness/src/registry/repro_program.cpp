#include "registry/repro_program.h"

#include <filesystem>
#include <system_error>

namespace maskcheck {

namespace {

std::string find_repro_program() {
#ifdef MASKCHECK_SANITIZED
  // The finding may show only under the sanitizers: name this build's maskcheck, which sits next
  // to every program of the build (bin/).
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path sibling = self.parent_path() / "maskcheck";
    if (std::filesystem::exists(sibling, error)) return sibling.string();
  }
#endif
  return "maskcheck";
}

}  // namespace

const std::string& repro_program() {
  static const std::string program = find_repro_program();
  return program;
}

std::string repro_line(std::string_view case_id, std::string_view options) {
  std::string line = repro_program() + " repro " + std::string(case_id);
  if (!options.empty()) line += " " + std::string(options);
  return line;
}

}  // namespace maskcheck
