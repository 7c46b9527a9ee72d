// RFC 6455 section 7: closing the connection and the status codes.
#include "wire/requirements/sections.h"

namespace maskcheck::wire {

namespace {

constexpr Requirement kClosingRows[] = {
    {"stream:close-code-*", "6455", "7.4", Level::must,
     "answer a close with a close (5.5.1), with the code the server's policy names (the RFC: "
     "typically the code received); a code the RFC leaves unassigned or keeps out of frames (below "
     "1000, 1004 to 1006, 1015, 1016 to 2999, 5000 and above) is a protocol error, under the "
     "reference's strict reading of 7.4.1 and 7.4.2",
     "a close frame with the code in its name"},
    {"stream:error-invalid-close-code-*", "6455", "7.4", Level::must,
     "fail the connection on a close with a status code the RFC does not allow in a frame",
     "a close frame with code 1005"},
    {"stream:close-reason-123-bytes", "6455", "5.5.1", Level::must,
     "answer a close whose reason fills a control frame: a code and 123 bytes of reason, 125 in "
     "all",
     "a close 1000 with a reason of 123 bytes between two text messages"},
    {"stream:error-close-frame-too-long-*", "6455", "5.5", Level::must,
     "fail the connection on a close frame of more than 125 payload bytes",
     "a close 1000 with a reason of 124 bytes"},
    {"stream:error-close-reason-not-utf8-*", "6455", "5.5.1", Level::must,
     "fail the connection (1007, 8.1) on a close whose reason is not UTF-8",
     "a close 1000 whose reason holds a surrogate (ED A0 80)"},
};

}  // namespace

std::span<const Requirement> closing_requirements() {
  return kClosingRows;
}

}  // namespace maskcheck::wire
