#include "throughput/process_cpu.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

namespace maskcheck::wire {

namespace {

// A short /proc file's text, empty if it cannot be read: a process that exits meanwhile makes the
// read fail (ESRCH), which an ifstream's iterator would throw out of the whole run.
std::string proc_text(const std::filesystem::path& path) {
  const int file = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file < 0) return {};
  char buffer[1024];
  const ssize_t got = ::read(file, buffer, sizeof buffer);
  ::close(file);
  return got > 0 ? std::string(buffer, static_cast<std::size_t>(got)) : std::string();
}

// The process group of /proc/PID/stat: its fifth field, after the command in parentheses.
std::optional<pid_t> group_of(const std::filesystem::path& process) {
  const std::string text = proc_text(process / "stat");
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
  for (std::filesystem::directory_iterator task(process / "task", error), end;
       !error && task != end; task.increment(error)) {
    std::istringstream schedstat(proc_text(task->path() / "schedstat"));
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
  for (std::filesystem::directory_iterator entry("/proc", error), end; !error && entry != end;
       entry.increment(error)) {
    const std::string name = entry->path().filename();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (group_of(entry->path()) != group) continue;
    total += process_cpu(entry->path());
    any = true;
  }
  if (error || !any) return std::nullopt;
  return total;
}

}  // namespace maskcheck::wire
