#include "wire/every_case_id.h"

#include "wire/servers/server_fuzz.h"

namespace maskcheck::wire {

ServerPlan full_server_plan(bool compressed) {
  ServerPlan plan;
  if (compressed) plan.compressing = DeflateParameters{15, false};
  return plan;
}

ClientPlan full_client_plan() {
  ClientPlan plan;
  plan.compressing = DeflateParameters{15, false};
  plan.fuzzed_sequences = 4;
  return plan;
}

std::vector<std::string> every_case_id() {
  std::vector<std::string> ids;
  for (bool compressed : {false, true}) {
    for_each_server_case(full_server_plan(compressed), [&](const ServerCase& c) {
      ids.push_back(server_case_id(c));
      return true;
    });
  }
  ids.push_back(fuzzed_case_id({1, 1234}));
  for_each_client_case(full_client_plan(), [&](const ClientCase& c) {
    ids.push_back(client_case_id(c));
    return true;
  });
  return ids;
}

}  // namespace maskcheck::wire
