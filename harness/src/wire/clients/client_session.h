// One client under test at a time, with maskcheck as its server: starts the client's command with
// MASKCHECK_URL naming a loopback port of its own, accepts its connection, answers its handshake,
// and runs cases: writes a case's frames in pieces, each its own read on the client (the read
// barrier asks the kernel about the client's socket just as it does a server's), then a fence, a
// short binary message whose echo marks the end of the case's replies. The client's frames must
// be masked; each is unmasked by the reference with its own key, and a key used for two frames in
// a row is a finding. After a failure the client is stopped, and the next case starts it again.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

#include "streams/stream_differ.h"
#include "wire/clients/client_cases.h"
#include "wire/protocol/deflate_negotiation.h"
#include "wire/protocol/frame_reader.h"
#include "wire/protocol/message_deflate.h"
#include "wire/protocol/opening_handshake.h"
#include "wire/transport/child_process.h"
#include "wire/transport/loopback_listener.h"
#include "wire/transport/read_barrier.h"
#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

struct ClientTarget {
  std::string command;  // a bash line, run with MASKCHECK_URL=ws://127.0.0.1:PORT/ set
  bool barrier = true;  // each piece its own read; off only to show what the barrier prevents
  std::chrono::milliseconds case_time{10000};   // per case, plus a second per 20 MB sent
  std::chrono::milliseconds start_time{30000};  // for the client to connect and shake hands
  bool deflate = false;  // the client must offer permessage-deflate, and it is taken
};

// The client's mask keys over a run: how many frames, how many distinct keys, how many zero.
struct KeySpread {
  std::uint64_t frames = 0;
  std::uint64_t zero = 0;
  std::unordered_set<std::uint32_t> distinct;

  void count(const Key& key);
  void merge(const KeySpread& other);
};

// The fence after a case's bytes: a binary message whose echo says every reply to them has come,
// four bytes (0xfe and the fence's number), with the shortest header, as any client reads it.
std::vector<std::uint8_t> client_fence_payload(std::uint64_t number);
std::vector<std::uint8_t> client_fence_frame(std::span<const std::uint8_t> payload);

class ClientSession {
 public:
  explicit ClientSession(const ClientTarget& target);
  ClientSession(ClientSession&&) = default;

  // Starts the client and runs its handshake: empty, or what went wrong.
  std::string connect();
  std::optional<StreamFailure> run(const ClientCase& c);
  // Closes the connection with a close frame (code 1000) and waits a moment for the client to
  // answer it and exit by itself, then stops it.
  void finish_client();
  // Ends the connection and stops the client at once.
  void drop_client();

  std::uint64_t connections() const { return connections_; }
  std::uint64_t writes() const { return writes_; }
  const KeySpread& keys() const { return keys_; }
  const MessageCounts& messages() const { return reader_.counts(); }
  // What the last handshake agreed, with deflate.
  const std::optional<DeflateAgreement>& agreement() const { return agreement_; }

 private:
  std::optional<StreamFailure> run_on_connection(const ClientCase& c, const std::string& id);
  // The fresh-keys case: whole messages on two clients, one after the other.
  std::optional<StreamFailure> run_fresh_keys(const std::string& id);
  // A failure if the client masked two frames in a row with one key; tallies the keys.
  std::optional<StreamFailure> check_keys(const std::string& id);

  const ClientTarget* target_;
  std::unique_ptr<ReadBarrier> barrier_;
  std::unique_ptr<ChildProcess> client_;
  std::optional<TcpConnection> connection_;
  FrameReader reader_{Sender::client};
  std::optional<DeflateAgreement> agreement_;
  std::optional<MessageInflater> inflater_;  // the client's messages, as agreed
  std::vector<Key> connection_keys_;         // every key on the current connection, in order
  Nonce nonce_{};                            // the current connection's Sec-WebSocket-Key
  KeySpread keys_;
  std::uint64_t fences_ = 0;
  std::uint64_t connections_ = 0;
  std::uint64_t writes_ = 0;
};

}  // namespace maskcheck::wire
