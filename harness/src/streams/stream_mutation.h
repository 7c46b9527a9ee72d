// Structure-aware changes to a client-to-server stream: it is read as frames and one thing a
// parser cares about changes (FIN, the opcode, an RSV bit, the length and its encoding, the key,
// the mask bit, a frame added or dropped), so most results stay well-formed frames with consistent
// lengths. The stream_diff fuzz target's custom mutator and maskcheck wire --fuzz both use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace maskcheck {

using MutationRandom = std::minstd_rand;

// The generator of a seed's `index`-th fuzzed case, the same every time: a case id is its repro.
MutationRandom case_random(std::uint64_t seed, std::uint64_t index);

// The stream with one change.
std::vector<std::uint8_t> mutate_stream(std::span<const std::uint8_t> stream,
                                        MutationRandom& random);

// Read boundaries with one change: one added, dropped or moved (within [0, size]); at most `most`.
void mutate_cuts(std::vector<std::size_t>& cuts, std::size_t size, std::size_t most,
                 MutationRandom& random);

}  // namespace maskcheck
