// A process group's CPU time, every thread of every process in it together, in nanoseconds: the
// sum of the first field of /proc/PID/task/*/schedstat (the scheduler's own clock), finer than
// /proc/PID/stat's 10 ms ticks, which would blur a round of a fifth of a second by 5 %. The group,
// not the process: a server command may be a wrapper around the server.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>

namespace maskcheck::wire {

std::optional<std::uint64_t> group_cpu_nanoseconds(pid_t group);

}  // namespace maskcheck::wire
