// Fuzzed message sequences for an echo client: the `index`-th sequence of a seed is one to six
// text and binary messages (lengths up to 300, up to 5000, or at a length field's boundary), each
// in one to four fragments, with pings at frame boundaries (between a message's fragments too) and
// up to eight cuts, made the same way every time, so "wire:client:fuzz:s1:i42" is a whole repro.
// The client must echo every message in order and answer every ping; where its pongs come among
// the echoes is its own choice.
#pragma once

#include <cstdint>

#include "wire/clients/client_cases.h"

namespace maskcheck::wire {

ClientExchange fuzzed_sequence(std::uint64_t seed, std::uint64_t index);

}  // namespace maskcheck::wire
