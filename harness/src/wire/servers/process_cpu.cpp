#include "wire/servers/process_cpu.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace maskcheck::wire {

namespace {

// The process group of /proc/PID/stat: its fifth field, after the command in parentheses.
std::optional<pid_t> group_of(const std::filesystem::path& process) {
  std::ifstream stat(process / "stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 1));
  std::string state;
  pid_t parent = 0;
  pid_t group = 0;
  if (!(fields >> state >> parent >> group)) return std::nullopt;
  return group;
}

std::uint64_t process_cpu(const std::filesystem::path& process) {
  std::uint64_t total = 0;
  std::error_code error;
  for (const auto& task : std::filesystem::directory_iterator(process / "task", error)) {
    std::ifstream schedstat(task.path() / "schedstat");
    std::uint64_t nanoseconds = 0;
    if (schedstat >> nanoseconds) total += nanoseconds;
  }
  return total;
}

}  // namespace

std::optional<std::uint64_t> group_cpu_nanoseconds(pid_t group) {
  std::error_code error;
  std::uint64_t total = 0;
  bool any = false;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (group_of(entry.path()) != group) continue;
    total += process_cpu(entry.path());
    any = true;
  }
  if (error || !any) return std::nullopt;
  return total;
}

}  // namespace maskcheck::wire
