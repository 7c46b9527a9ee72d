#include "wire/clients/client_cases.h"

#include <array>

#include "core/case_id.h"
#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"
#include "wire/clients/fuzzed_sequence.h"
#include "wire/exchange/compressed_stream.h"
#include "wire/exchange/frame_cuts.h"
#include "wire/requirements/requirement.h"

namespace maskcheck::wire {

namespace {

constexpr std::size_t kLongestWhole = 300;
const std::array<std::uint8_t, 2> kTrailerPayload{'o', 'k'};  // a binary message after a split one
constexpr std::size_t kTrailerFrameBytes = 2 + kTrailerPayload.size();
constexpr std::string_view kPing = "maskcheck ping";
const std::array<std::size_t, 12> kFragmentedLengths{0, 1, 2, 3, 4, 5, 7, 8, 17, 64, 125, 300};
// Long enough that a client may still be sending its echo when the ping comes, past the 64 KiB at
// which clients tend to fragment, and past the socket buffers.
const std::array<std::size_t, 3> kEchoingLengths{4097, 70001, (std::size_t{1} << 20) + 1};

// An unmasked frame as a server sends it, with the shortest length field.
void append_server_frame(std::vector<std::uint8_t>& stream, std::uint8_t first_byte,
                         std::span<const std::uint8_t> payload) {
  append_frame(stream, {first_byte, payload, {}, 0, false});
}

}  // namespace

std::vector<std::uint8_t> message_payload(bool text, std::size_t length) {
  std::vector<std::uint8_t> payload;
  payload.reserve(length);
  if (!text) {
    for (std::size_t i = 0; i < length; ++i)
      payload.push_back(static_cast<std::uint8_t>(i * 167 + length * 13 + 1));
    return payload;
  }
  // 'a'.., U+00E9, U+20AC, U+1F600 in turn, starting with the class length % 4 picks; ASCII where
  // a character would not fit.
  static const std::array<std::vector<std::uint8_t>, 4> kCharacters{
      {{'a'}, {0xc3, 0xa9}, {0xe2, 0x82, 0xac}, {0xf0, 0x9f, 0x98, 0x80}}};
  for (std::size_t turn = length % 4; payload.size() < length; ++turn) {
    const auto& character = kCharacters[turn % 4];
    if (payload.size() + character.size() > length) {
      payload.push_back(static_cast<std::uint8_t>('a' + payload.size() % 26));
    } else {
      payload.insert(payload.end(), character.begin(), character.end());
    }
  }
  return payload;
}

bool for_each_client_case(const ClientPlan& plan,
                          const std::function<bool(const ClientCase&)>& visit) {
  if (!plan.section.empty()) {
    ClientPlan every = plan;
    every.section.clear();
    return for_each_client_case(every, [&](const ClientCase& c) {
      return !in_section_of(client_case_id(c), plan.section) || visit(c);
    });
  }
  if (plan.whole) {
    for (const bool text : {false, true}) {
      for (std::size_t n = 0; n <= kLongestWhole; ++n) {
        if (!visit({ClientCaseKind::whole, text, 2, n, 0, 0})) return false;
      }
    }
  }
  for (unsigned header : plan.header_sizes) {
    for (std::size_t n : split_lengths(length_field_of(header))) {
      const std::vector<std::size_t> cuts = cut_points(header, n, kTrailerFrameBytes);
      for (std::size_t i = 0; i < cuts.size(); ++i) {
        for (std::size_t j = i; j < cuts.size(); ++j) {
          if (!visit({ClientCaseKind::split, false, header, n, cuts[i], cuts[j]})) return false;
        }
      }
    }
  }
  if (plan.compressing) {
    const bool all = for_each_compressed_case(
        *plan.compressing, plan.longest_compressed, Sender::server, [&](const CompressedCase& c) {
          return visit({ClientCaseKind::compressed, true, 2, c.length, c.first_cut, c.second_cut,
                        c.fragments});
        });
    if (!all) return false;
  }
  if (plan.fragments) {
    for (std::size_t n : kFragmentedLengths) {
      if (!visit({ClientCaseKind::ping_between_fragments, true, 2, n, 0, 0})) return false;
    }
    for (std::size_t n : kEchoingLengths) {
      if (!visit({ClientCaseKind::ping_inside_echo, false, 2, n, 0, 0})) return false;
    }
  }
  for (std::uint64_t index = 0; index < plan.fuzzed_sequences; ++index) {
    ClientCase fuzzed;
    fuzzed.kind = ClientCaseKind::fuzzed;
    fuzzed.seed = plan.seed;
    fuzzed.index = index;
    if (!visit(fuzzed)) return false;
  }
  return !plan.fresh_keys || visit({ClientCaseKind::fresh_keys, false, 2, 0, 0, 0});
}

std::uint64_t client_case_bytes(const ClientCase& c) {
  constexpr std::uint64_t kFuzzedSequenceBytes = 16'000;  // about what one holds on average
  return c.kind == ClientCaseKind::fuzzed ? kFuzzedSequenceBytes : c.length + 32;
}

std::string client_case_id(const ClientCase& c) {
  IdWriter id("wire");
  id.field("client");
  switch (c.kind) {
    case ClientCaseKind::whole: id.field(c.text ? "text" : "binary").number("n", c.length); break;
    case ClientCaseKind::split:
      id.field("split").number("h", c.header_size).number("n", c.length);
      id.cuts(c.first_cut, c.second_cut);
      break;
    case ClientCaseKind::ping_between_fragments:
      id.field("ping-between-fragments").number("n", c.length);
      break;
    case ClientCaseKind::ping_inside_echo:
      id.field("ping-inside-echo").number("n", c.length);
      break;
    case ClientCaseKind::fuzzed: id.field("fuzz").number("s", c.seed).number("i", c.index); break;
    case ClientCaseKind::fresh_keys: id.field("fresh-keys"); break;
    case ClientCaseKind::compressed:
      id.field("deflate").number("m", c.length).number("f", c.fragments);
      id.cuts(c.first_cut, c.second_cut);
      break;
  }
  return id.text();
}

std::variant<ClientCase, std::string> parse_client_case_id(std::string_view id) {
  const std::string usage = "client case id '" + std::string(id) +
                            "' must look like wire:client:binary:n300, wire:client:text:n37, "
                            "wire:client:split:h4:n127:c3,40 or "
                            "wire:client:ping-between-fragments:n17, "
                            "wire:client:ping-inside-echo:n70001, wire:client:fuzz:s1:i42, "
                            "wire:client:fresh-keys or "
                            "wire:client:deflate:m300:f3:c3,40";
  const IdReader fields(id);
  ClientCase c;
  if (id == "wire:client:fresh-keys") {
    c.kind = ClientCaseKind::fresh_keys;
    return c;
  }
  if (fields.size() < 4 || fields[0] != "wire" || fields[1] != "client") return usage;
  const std::string_view kind = fields[2];
  if (kind == "fuzz") {
    if (fields.size() != 5 || !fields.number(3, "s", c.seed) || !fields.number(4, "i", c.index))
      return usage;
    c.kind = ClientCaseKind::fuzzed;
    return c;
  }
  if (kind == "binary" || kind == "text" || kind == "ping-between-fragments" ||
      kind == "ping-inside-echo") {
    if (fields.size() != 4 || !fields.number(3, "n", c.length)) return usage;
    c.text = kind == "text" || kind == "ping-between-fragments";
    if (kind == "ping-between-fragments") c.kind = ClientCaseKind::ping_between_fragments;
    if (kind == "ping-inside-echo") c.kind = ClientCaseKind::ping_inside_echo;
    return c;
  }
  const bool cut = fields.size() == 6 && fields.cuts(5, c.first_cut, c.second_cut);
  if (kind == "deflate") {
    if (!cut || !fields.number(3, "m", c.length) || !fields.number(4, "f", c.fragments))
      return usage;
    if (c.fragments != 1 && c.fragments != 3) return "a compressed message goes in 1 or 3 frames";
    if (c.first_cut > c.second_cut) return "cuts must satisfy first <= second";
    c.kind = ClientCaseKind::compressed;
    c.text = true;
    return c;
  }
  if (kind != "split" || !cut || !fields.number(3, "h", c.header_size) ||
      !fields.number(4, "n", c.length)) {
    return usage;
  }
  const unsigned header = c.header_size;
  if (header != 2 && header != 4 && header != 10)
    return "a client split's header is 2, 4 or 10 bytes";
  c.kind = ClientCaseKind::split;
  const std::size_t end = header + c.length + kTrailerFrameBytes;
  const bool fits = length_field_of(c.header_size) == LengthField::bits7 ? c.length <= 125
                    : c.header_size == 4 ? c.length >= 126 && c.length <= 0xffff
                                         : c.length > 0xffff;
  if (!fits)
    return "a " + std::to_string(header) + "-byte header does not carry " +
           std::to_string(c.length) + " bytes";
  if (c.first_cut > c.second_cut || c.second_cut > end)
    return "cuts must be in order and inside the " + std::to_string(end) + " bytes written";
  return c;
}

ClientExchange client_exchange(const ClientCase& c, const DeflateParameters* compressing) {
  ClientExchange exchange;
  std::vector<std::uint8_t>& stream = exchange.stream;
  std::vector<WireEvent>& echoes = exchange.expected.events;
  const auto cut_at = [&](std::size_t first, std::size_t second) {
    for (std::size_t cut : {first, second}) {
      if (cut > 0 && cut < stream.size() && (exchange.cuts.empty() || exchange.cuts.back() != cut))
        exchange.cuts.push_back(cut);
    }
  };
  const std::vector<std::uint8_t> payload = message_payload(c.text, c.length);
  const std::uint8_t kind = c.text ? opcode::text : opcode::binary;
  const std::vector<std::uint8_t> ping(kPing.begin(), kPing.end());
  switch (c.kind) {
    case ClientCaseKind::whole:
      append_server_frame(stream, kFin | kind, payload);
      echoes.push_back({kind, payload});
      break;
    case ClientCaseKind::split:
      append_server_frame(stream, kFin | kind, payload);
      append_server_frame(stream, kFin | opcode::binary, kTrailerPayload);
      cut_at(c.first_cut, c.second_cut);
      echoes.push_back({kind, payload});
      echoes.push_back({opcode::binary, {kTrailerPayload.begin(), kTrailerPayload.end()}});
      break;
    case ClientCaseKind::ping_between_fragments: {
      // Cut in the middle, inside a character as often as not: only the whole message is text.
      const std::size_t half = payload.size() / 2;
      const std::span<const std::uint8_t> bytes(payload);
      append_server_frame(stream, kind, bytes.first(half));
      exchange.cuts.push_back(stream.size());
      append_server_frame(stream, kFin | opcode::ping, ping);
      exchange.cuts.push_back(stream.size());
      append_server_frame(stream, kFin | opcode::continuation, bytes.subspan(half));
      echoes.push_back({opcode::pong, ping});
      echoes.push_back({kind, payload});
      break;
    }
    case ClientCaseKind::ping_inside_echo:
      append_server_frame(stream, kFin | kind, payload);
      append_server_frame(exchange.once_echoing, kFin | opcode::ping, ping);
      echoes.push_back({kind, payload});
      echoes.push_back({opcode::pong, ping});
      break;
    case ClientCaseKind::fuzzed: return fuzzed_sequence(c.seed, c.index);
    case ClientCaseKind::fresh_keys: break;
    case ClientCaseKind::compressed: {
      CompressedStream made = compressed_stream(
          {c.length, c.fragments, {}, c.first_cut, c.second_cut}, *compressing, Sender::server);
      stream = std::move(made.bytes);
      cut_at(c.first_cut, c.second_cut);
      echoes = std::move(made.messages);
      break;
    }
  }
  return exchange;
}

}  // namespace maskcheck::wire
