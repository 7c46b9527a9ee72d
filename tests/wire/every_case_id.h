// What the wire tests that read case ids share: the plans that hold every case of both sides, and
// every id they make.
#pragma once

#include <string>
#include <vector>

#include "wire/clients/client_cases.h"
#include "wire/servers/server_cases.h"

namespace maskcheck::wire {

// The server's full plan, compressed or not (compressed: with a 15-bit window, context kept).
ServerPlan full_server_plan(bool compressed);
// The client's full plan, with its compressed cases and four fuzzed sequences.
ClientPlan full_client_plan();

// Every case id of both sides: the plain and compressed server plans, a fuzzed case, the client's.
std::vector<std::string> every_case_id();

}  // namespace maskcheck::wire
