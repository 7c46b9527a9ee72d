// Turns a case that never returns (a kernel or parser stuck in a loop) into a failure that names
// it: without it a sweep would hang with no id to replay.
#pragma once

namespace maskcheck {

// Starts a thread that ends the process with `exit_code` once one case has been in flight for
// `seconds` without another starting, after printing the case id and its repro line. 0: off.
void watch_for_hangs(unsigned seconds, int exit_code);

}  // namespace maskcheck
