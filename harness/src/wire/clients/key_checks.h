// What makes a client's mask keys predictable (RFC 6455 section 5.3: a client picks each frame's
// key anew, from a strong source of entropy, so that no one can predict it): on one connection, a
// key that comes again (and the period the keys come round with) or one that is a word of the
// handshake's nonce, which crosses the wire in the clear; across two client processes, keys the
// second repeats from the first. The fresh-keys case (client_session.h) asks these questions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/case_id.h"  // key_hex, for the keys these checks name
#include "maskcheck/unmask_functions.h"
#include "streams/stream_differ.h"
#include "wire/protocol/opening_handshake.h"

namespace maskcheck::wire {

// A key as a number, its first byte highest.
std::uint32_t key_word(const Key& key);

// The smallest p with keys[i] == keys[i - p] for every i >= p, seen over two rounds at least; 0 if
// the keys have no such period.
std::size_t key_period(const std::vector<Key>& keys);

// The frames (numbered from 1) masked with one of the four words of the nonce.
std::vector<std::size_t> frames_keyed_by_nonce(const std::vector<Key>& keys, const Nonce& nonce);

// Case `id`'s failure if one connection's keys can be predicted: the first problem in the
// headline, the others in the detail.
std::optional<StreamFailure> predictable_keys(const std::string& id, const std::vector<Key>& keys,
                                              const Nonce& nonce);

// Case `id`'s failure if a second client process sends keys the first one sent.
std::optional<StreamFailure> keys_again(const std::string& id, const std::vector<Key>& first,
                                        const std::vector<Key>& second);

}  // namespace maskcheck::wire
