#include "wire/transport/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
#include <string_view>

namespace maskcheck::wire {

namespace {

std::string how_it_ended(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  return "stopped";
}

// Reads stdout until "listening PORT\n"; 0 if the server ends or the time is up first.
std::uint16_t read_port(int output, std::chrono::milliseconds patience, std::string& seen) {
  const auto deadline = std::chrono::steady_clock::now() + patience;
  for (;;) {
    const std::size_t newline = seen.find('\n');
    if (newline != std::string::npos) {
      constexpr std::string_view kPrefix = "listening ";
      const std::string_view line = std::string_view(seen).substr(0, newline);
      unsigned port = 0;
      if (line.substr(0, kPrefix.size()) != kPrefix) return 0;
      const auto digits = line.substr(kPrefix.size());
      const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
      return error == std::errc{} && end == digits.data() + digits.size() && port > 0 &&
                     port <= 65535
                 ? static_cast<std::uint16_t>(port)
                 : 0;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    pollfd entry{output, POLLIN, 0};
    if (left.count() <= 0 || poll(&entry, 1, static_cast<int>(left.count())) <= 0) return 0;
    char chunk[256];
    const ssize_t n = read(output, chunk, sizeof chunk);
    if (n <= 0) return 0;
    seen.append(chunk, static_cast<std::size_t>(n));
  }
}

}  // namespace

std::variant<std::unique_ptr<ChildProcess>, std::string> ChildProcess::spawn(
    const std::string& command, const ChildStart& how) {
  // Made before the fork: after it, only system calls (another thread may hold malloc's lock).
  // The variables go into the shell's own environment, so the command can expand them
  // ("$MASKCHECK_URL") and may be any shell line (cd dir && ./server).
  std::vector<std::string> variables;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    const bool replaced =
        std::any_of(how.environment.begin(), how.environment.end(),
                    [&](const auto& set) { return text.starts_with(set.first + "="); });
    if (!replaced) variables.emplace_back(text);
  }
  for (const auto& [name, value] : how.environment) variables.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (std::string& variable : variables) envp.push_back(variable.data());
  envp.push_back(nullptr);
  const char* argv[] = {"bash", "-c", command.c_str(), nullptr};
  int pipe_ends[2];
  if (pipe2(pipe_ends, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) return std::string("fork: ") + std::strerror(errno);
  if (pid == 0) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // maskcheck died before the line above
    dup2(pipe_ends[1], STDOUT_FILENO);
    if (how.cpu >= 0) {
      cpu_set_t cpus;
      CPU_ZERO(&cpus);
      CPU_SET(how.cpu, &cpus);
      sched_setaffinity(0, sizeof cpus, &cpus);  // inherited by what it execs, threads too
    }
    // bash execs a line's last simple command, so a plain command's PID is the server's own.
    execve("/bin/bash", const_cast<char* const*>(argv), envp.data());
    _exit(127);
  }
  setpgid(pid, pid);
  close(pipe_ends[1]);
  return std::unique_ptr<ChildProcess>(new ChildProcess(pid, pipe_ends[0]));
}

void ChildProcess::drain_output() {
  drain_ = std::thread([output = output_] {
    char chunk[4096];
    while (read(output, chunk, sizeof chunk) > 0) {
    }
  });
}

std::variant<std::unique_ptr<ChildProcess>, std::string> ChildProcess::start(
    const std::string& command, std::chrono::milliseconds patience, const ChildStart& how) {
  auto spawned = spawn(command, how);
  if (std::holds_alternative<std::string>(spawned)) return spawned;
  std::unique_ptr<ChildProcess> server =
      std::move(std::get<std::unique_ptr<ChildProcess>>(spawned));
  std::string seen;
  server->port_ = read_port(server->output_, patience, seen);
  if (server->port_ == 0) {
    if (!seen.empty()) {
      return "the server command's first line is '" + seen.substr(0, seen.find('\n')) +
             "', not 'listening PORT': " + command;
    }
    // Its output ended: give it a moment to be seen exiting.
    for (int waited = 0; waited < 20 && !server->ended(); ++waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (auto ended = server->ended())
      return "the server command " + *ended + " before it printed 'listening PORT': " + command;
    return "the server command printed no 'listening PORT' line within " +
           std::to_string(patience.count() / 1000) + " s: " + command;
  }
  server->drain_output();
  return server;
}

std::variant<std::unique_ptr<ChildProcess>, std::string> ChildProcess::launch(
    const std::string& command, const ChildStart& how) {
  auto spawned = spawn(command, how);
  if (auto* child = std::get_if<std::unique_ptr<ChildProcess>>(&spawned)) (*child)->drain_output();
  return spawned;
}

ChildProcess::ChildProcess(pid_t pid, int output) : pid_(pid), output_(output) {}

ChildProcess::~ChildProcess() {
  stop();
  if (drain_.joinable()) drain_.join();
  close(output_);
}

std::optional<std::string> ChildProcess::ended() {
  if (ended_) return ended_;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == pid_) ended_ = how_it_ended(status);
  return ended_;
}

bool ChildProcess::exits_within(std::chrono::milliseconds patience) {
  const auto deadline = std::chrono::steady_clock::now() + patience;
  while (!ended() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return ended().has_value();
}

void ChildProcess::stop() {
  if (ended()) {
    kill(-pid_, SIGKILL);  // whatever it left behind in its group
    return;
  }
  kill(-pid_, SIGTERM);
  exits_within(std::chrono::seconds(2));
  kill(-pid_, SIGKILL);
  if (!ended()) {
    int status = 0;
    waitpid(pid_, &status, 0);
    ended_ = how_it_ended(status);
  }
}

}  // namespace maskcheck::wire
