#include "wire/clients/key_checks.h"

#include <algorithm>

#include "core/case_id.h"

namespace maskcheck::wire {

namespace {

// What a fresh-keys failure breaks.
constexpr const char* kUnpredictable =
    "  RFC 6455 section 5.3: a client MUST pick each frame's key anew, from a strong source of "
    "entropy, so that no one can predict it\n";

std::string listed(const std::vector<std::size_t>& frames) {
  constexpr std::size_t kShown = 8;
  std::string text;
  for (std::size_t i = 0; i < frames.size() && i < kShown; ++i)
    text += (i ? ", " : "") + std::to_string(frames[i]);
  return frames.size() > kShown ? text + ", ..." : text;
}

}  // namespace

std::uint32_t key_word(const Key& key) {
  return std::uint32_t{key[0]} << 24 | std::uint32_t{key[1]} << 16 | std::uint32_t{key[2]} << 8 |
         key[3];
}

std::size_t key_period(const std::vector<Key>& keys) {
  for (std::size_t p = 1; 2 * p <= keys.size(); ++p) {
    bool periodic = true;
    for (std::size_t i = p; i < keys.size() && periodic; ++i) periodic = keys[i] == keys[i - p];
    if (periodic) return p;
  }
  return 0;
}

std::vector<std::size_t> frames_keyed_by_nonce(const std::vector<Key>& keys, const Nonce& nonce) {
  std::vector<std::size_t> frames;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    for (std::size_t word = 0; word < nonce.size(); word += 4) {
      if (std::equal(keys[i].begin(), keys[i].end(), nonce.begin() + word)) {
        frames.push_back(i + 1);
        break;
      }
    }
  }
  return frames;
}

std::optional<StreamFailure> predictable_keys(const std::string& id, const std::vector<Key>& keys,
                                              const Nonce& nonce) {
  std::vector<std::string> problems;
  for (std::size_t later = 1; later < keys.size() && problems.empty(); ++later) {
    const auto end = keys.begin() + static_cast<std::ptrdiff_t>(later);
    const auto first = std::find(keys.begin(), end, keys[later]);
    if (first == end) continue;
    std::string problem = "the client's mask keys come again on one connection: frame " +
                          std::to_string(later + 1) + "'s key, " + key_hex(keys[later]) +
                          ", was frame " + std::to_string(first - keys.begin() + 1) + "'s";
    if (const std::size_t period = key_period(keys)) {
      problem += "; all " + std::to_string(keys.size()) + " come round every " +
                 std::to_string(period) + " frames";
    }
    problems.push_back(problem);
  }
  if (const auto frames = frames_keyed_by_nonce(keys, nonce); !frames.empty()) {
    problems.push_back("frames " + listed(frames) + " (" + std::to_string(frames.size()) + " of " +
                       std::to_string(keys.size()) +
                       ") were masked with words of the client's Sec-WebSocket-Key, which its "
                       "handshake sends in the clear");
  }
  if (problems.empty()) return std::nullopt;
  std::string detail = kUnpredictable;
  for (std::size_t i = 1; i < problems.size(); ++i) detail += "  and " + problems[i] + "\n";
  return StreamFailure{id, problems.front(), detail};
}

std::optional<StreamFailure> keys_again(const std::string& id, const std::vector<Key>& first,
                                        const std::vector<Key>& second) {
  std::size_t again = 0;
  const Key* first_again = nullptr;
  for (const Key& key : second) {
    if (std::find(first.begin(), first.end(), key) == first.end()) continue;
    if (again++ == 0) first_again = &key;
  }
  if (again == 0) return std::nullopt;
  return StreamFailure{
      id,
      "the client's mask keys come again on a new connection: " + std::to_string(again) +
          " of the second client's " + std::to_string(second.size()) +
          " keys were the first's (the first of them " + key_hex(*first_again) + ")",
      kUnpredictable};
}

}  // namespace maskcheck::wire
