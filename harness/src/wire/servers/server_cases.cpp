#include "wire/servers/server_cases.h"

#include <algorithm>
#include <array>

#include "core/case_id.h"
#include "wire/exchange/frame_cuts.h"
#include "wire/requirements/requirement.h"
#include "wire/servers/server_fuzz.h"

namespace maskcheck::wire {

namespace {

constexpr std::string_view kSubject = "wire";
constexpr std::string_view kVariant = "server";
constexpr std::size_t kTrailer = 8;  // the short frame after the one under test

const std::array<Key, 3> kKeys{{{0, 0, 0, 0}, {0x37, 0xfa, 0x21, 0x3d}, {0x9c, 0x41, 0x0e, 0xd7}}};
constexpr std::string_view kAgreementId = "wire:deflate:agreement:server";

}  // namespace

bool for_each_server_case(const ServerPlan& plan,
                          const std::function<bool(const ServerCase&)>& visit) {
  if (!plan.section.empty()) {
    ServerPlan every = plan;
    every.section.clear();
    return for_each_server_case(every, [&](const ServerCase& c) {
      return !in_section_of(server_case_id(c), plan.section) || visit(c);
    });
  }
  ServerCase c;
  std::uint64_t turn = 0;
  for (unsigned header : plan.header_sizes) {
    c.split.header_size = header;
    for (std::size_t n : split_lengths(length_field_of(header))) {
      c.split.length = n;
      const std::vector<std::size_t> cuts = cut_points(header, n, kTrailer);
      for (std::size_t i = 0; i < cuts.size(); ++i) {
        for (std::size_t j = i; j < cuts.size(); ++j) {
          c.split.first_cut = cuts[i];
          c.split.second_cut = cuts[j];
          c.split.key = kKeys[turn++ % kKeys.size()];
          if (!visit(c)) return false;
        }
      }
    }
  }
  if (plan.compressing) {
    c.split = {};
    if (!visit(ServerCase{.agreement = true})) return false;
    return for_each_compressed_case(*plan.compressing, plan.longest_stream, Sender::client,
                                    [&](const CompressedCase& compressed) {
                                      c.compressed = compressed;
                                      return visit(c);
                                    });
  }
  if (!plan.streams) return true;
  for (const NamedStream& stream : stream_catalogue()) {
    if (stream.bytes.size() > plan.longest_stream) continue;
    c.stream = &stream;
    if (!visit(c)) return false;
  }
  return true;
}

std::uint64_t server_case_bytes(const ServerCase& c) {
  if (c.agreement) return 0;
  if (c.compressed) return c.compressed->length;
  return c.stream ? c.stream->bytes.size() : split_stream_size(c.split);
}

std::string server_case_id(const ServerCase& c) {
  if (c.agreement) return std::string(kAgreementId);
  if (c.stream) return stream_case_id(kSubject, c.stream->name, kVariant);
  if (c.fuzzed) return fuzzed_case_id(*c.fuzzed);
  if (c.compressed) return compressed_case_id(*c.compressed);
  return split_case_id(kSubject, kVariant, c.split);
}

std::variant<ServerCase, std::string> parse_server_case_id(std::string_view id) {
  const std::string usage =
      "wire case id '" + std::string(id) +
      "' must look like wire:split:h8:n127:k37fa213d:server:c3,40, "
      "wire:stream:NAME:server or wire:deflate:m300:f3:k37fa213d:server:c3,40";
  ServerCase c;
  if (id == kAgreementId) {
    c.agreement = true;
    return c;
  }
  const std::string_view kind = IdReader(id)[1];
  if (kind == "fuzz") {
    auto fuzzed = parse_fuzzed_case_id(id);
    if (auto* reason = std::get_if<std::string>(&fuzzed)) return *reason;
    c.fuzzed = std::get<FuzzedCase>(fuzzed);
    return c;
  }
  if (kind == "deflate") {
    auto compressed = parse_compressed_case_id(id);
    if (auto* reason = std::get_if<std::string>(&compressed)) return *reason;
    c.compressed = std::get<CompressedCase>(compressed);
    return c;
  }
  if (kind == "stream") {
    const auto parsed = parse_stream_case_id(id);
    const auto* stream_id = std::get_if<ParsedStreamId>(&parsed);
    if (!stream_id || stream_id->subject != kSubject || stream_id->variant != kVariant)
      return usage;
    const auto& catalogue = stream_catalogue();
    const auto found = std::ranges::find(catalogue, stream_id->stream, &NamedStream::name);
    if (found == catalogue.end()) return "no named stream '" + stream_id->stream + "'";
    c.stream = &*found;
    return c;
  }
  const auto parsed = parse_split_case_id(id);
  if (const auto* reason = std::get_if<std::string>(&parsed)) return *reason;
  const auto& split_id = std::get<ParsedSplitId>(parsed);
  if (split_id.subject != kSubject || split_id.variant != kVariant || split_id.split.controls)
    return usage;
  c.split = split_id.split;
  return c;
}

WireBytes wire_bytes(const ServerCase& c, std::vector<std::uint8_t>& scratch,
                     const DeflateParameters* compressing) {
  if (c.stream) return {c.stream->bytes, c.stream->cuts, std::nullopt};
  if (c.fuzzed) {
    std::vector<std::size_t> cuts;
    scratch = fuzzed_stream(*c.fuzzed, cuts);
    return {scratch, std::move(cuts), std::nullopt};
  }
  std::optional<std::vector<WireEvent>> messages;
  std::size_t first_cut = c.split.first_cut;
  std::size_t second_cut = c.split.second_cut;
  if (c.compressed) {
    CompressedStream made = compressed_stream(*c.compressed, *compressing);
    scratch = std::move(made.bytes);
    messages = std::move(made.messages);
    first_cut = c.compressed->first_cut;
    second_cut = c.compressed->second_cut;
  } else {
    scratch = split_stream(c.split);
  }
  std::vector<std::size_t> cuts;
  for (std::size_t cut : {first_cut, second_cut}) {
    if (cut > 0 && cut < scratch.size() && (cuts.empty() || cuts.back() != cut))
      cuts.push_back(cut);
  }
  return {scratch, std::move(cuts), std::move(messages)};
}

}  // namespace maskcheck::wire
