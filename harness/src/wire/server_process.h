// A server under test that maskcheck starts and always stops: a shell command, exec'd in its own
// process group, that prints "listening PORT" on stdout once it accepts connections. It dies with
// maskcheck (PR_SET_PDEATHSIG) and is stopped with SIGTERM, then SIGKILL, when the run ends.
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
struct ServerStart {
  int cpu = -1;
  std::vector<std::pair<std::string, std::string>> environment;
};

class ServerProcess {
 public:
  // Started and listening, or a one-line reason it is not.
  static std::variant<std::unique_ptr<ServerProcess>, std::string> start(
      const std::string& command, std::chrono::milliseconds patience, const ServerStart& how = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  // Whether it has exited, and how ("exited with status 1", "killed by signal 11").
  std::optional<std::string> ended();

 private:
  ServerProcess(pid_t pid, int output);
  void stop();

  pid_t pid_;
  int output_;  // its stdout: the port line, then drained so it never blocks on a full pipe
  std::uint16_t port_ = 0;
  std::optional<std::string> ended_;
  std::thread drain_;
};

}  // namespace maskcheck::wire
