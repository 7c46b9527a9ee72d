// What an echo server must send back for a stream of client frames, from the reference decoder's
// reading of it under the server's declared policy (echo_comparison.h compares it with what the
// server did send).
#pragma once

#include <cstdint>
#include <span>

#include "maskcheck/reference_frame_decoder.h"
#include "wire/exchange/echo_comparison.h"
#include "wire/servers/server_policy.h"

namespace maskcheck::wire {

// `stream` is what was decoded: an error in a frame the stream does not hold whole may wait.
WireExpectation expect_from(const reference::DecodeResult& decoded, const ServerPolicy& policy,
                            std::span<const std::uint8_t> stream);

}  // namespace maskcheck::wire
