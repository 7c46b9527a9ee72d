// A server or client under test that maskcheck starts and always stops: a bash command line, run in
// its own process group (a server prints "listening PORT" on stdout once it accepts connections).
// It dies with maskcheck (PR_SET_PDEATHSIG) and is stopped with SIGTERM, then SIGKILL, when done.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

namespace maskcheck::wire {

// How to start it beyond its command: the CPU it is pinned to (-1: any), and variables set for it.
struct ChildStart {
  int cpu = -1;
  std::vector<std::pair<std::string, std::string>> environment;
};

class ChildProcess {
 public:
  // A server: started and listening, or a one-line reason it is not.
  static std::variant<std::unique_ptr<ChildProcess>, std::string> start(
      const std::string& command, std::chrono::milliseconds patience, const ChildStart& how = {});
  // A client: started, or a one-line reason it is not; its stdout is drained from the start.
  static std::variant<std::unique_ptr<ChildProcess>, std::string> launch(
      const std::string& command, const ChildStart& how = {});
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  // Whether it has exited, and how ("exited with status 1", "killed by signal 11").
  std::optional<std::string> ended();
  // Waits up to `patience` for it to exit by itself; whether it did.
  bool exits_within(std::chrono::milliseconds patience);

 private:
  ChildProcess(pid_t pid, int output);
  static std::variant<std::unique_ptr<ChildProcess>, std::string> spawn(const std::string& command,
                                                                        const ChildStart& how);
  void drain_output();
  void stop();

  pid_t pid_;
  int output_;  // its stdout: a server's port line, then drained so it never blocks on a full pipe
  std::uint16_t port_ = 0;
  std::optional<std::string> ended_;
  std::thread drain_;
};

}  // namespace maskcheck::wire
