#include "streams/event_comparison.h"

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/hex_window.h"

namespace maskcheck {

namespace {

using reference::DecodedFrame;
using reference::ProtocolError;

// Whether the parser reported what it must: the reference's error or one of the failing frame's
// other flaws, exactly where it tells that class apart, else any error; or nothing yet, where the
// stream ended before the point by which it must report.
bool errors_agree(const Parser& parser, const reference::DecodeResult& expected,
                  std::optional<maskcheck_frame_error> got) {
  const bool strict = (parser.policies & MASKCHECK_POLICY_REFERENCE_ORDER) != 0;
  if (!expected.error) return !got;
  if (!got) return expected.error_pending;
  if (strict) return !expected.error_pending && to_c_error(*expected.error) == *got;
  const auto agrees = [&](reference::ProtocolError flaw) {
    return to_c_error(flaw) == *got || !tells_apart(parser, to_c_error(flaw));
  };
  return agrees(*expected.error) || std::ranges::any_of(expected.alternatives, agrees);
}

// "error reserved-bits or unmasked-frame (or none yet)", as the comparison accepts it.
std::string error_words(const Parser& parser, const reference::DecodeResult& expected) {
  if (!expected.error) return "error none";
  if ((parser.policies & MASKCHECK_POLICY_REFERENCE_ORDER) != 0) {
    return expected.error_pending
               ? "error none yet"
               : "error " + std::string(reference::protocol_error_name(*expected.error));
  }
  std::string words = "error " + std::string(reference::protocol_error_name(*expected.error));
  bool blurred = !tells_apart(parser, to_c_error(*expected.error));
  for (const reference::ProtocolError flaw : expected.alternatives) {
    words += " or " + std::string(reference::protocol_error_name(flaw));
    blurred = blurred || !tells_apart(parser, to_c_error(flaw));
  }
  if (blurred) words += " (not all told apart: any error will do)";
  return words + (expected.error_pending ? " (or none yet)" : "");
}

std::string count_of(std::size_t count, const char* what) {
  return std::to_string(count) + " complete " + what + (count == 1 ? "" : "s");
}

// "frame 2: payload differs from the reference first at byte 5 (9 bytes delivered, 12 expected)"
StreamFailure payload_difference(const std::string& frame, std::span<const std::uint8_t> got,
                                 std::span<const std::uint8_t> want, const CaseName& name) {
  const auto first = static_cast<std::size_t>(
      std::mismatch(got.begin(), got.end(), want.begin(), want.end()).first - got.begin());
  return StreamFailure{
      name.id(),
      frame + ": payload differs from the reference first at byte " + std::to_string(first) + " (" +
          std::to_string(got.size()) + " bytes delivered, " + std::to_string(want.size()) +
          " expected)",
      hex_window(want, got, first, [](std::size_t at) { return "payload+" + std::to_string(at); })};
}

// The frame the stream ended inside: its opcode, its declared length and every byte that arrived.
// Runs after every check, so the words of a report are made only for a failure.
std::optional<StreamFailure> compare_unfinished(
    const RecordingHandler& handler, const std::optional<reference::UnfinishedFrame>& expected,
    const CaseName& name) {
  const auto frame = [&] {
    return "frame " + std::to_string(handler.frames().size() - (handler.frame_open() ? 1 : 0));
  };
  const std::size_t arrived = expected ? expected->so_far.payload.size() : 0;
  if (!handler.frame_open()) {
    if (arrived == 0) return std::nullopt;
    return StreamFailure{name.id(),
                         frame() + ": none of the " + std::to_string(arrived) +
                             " payload bytes that arrived was delivered when the stream ended",
                         {}};
  }
  const RecordedFrame& last = handler.frames().back();
  const auto delivered = [&] {
    return std::to_string(last.payload.size()) + " of " + std::to_string(last.declared) +
           " bytes delivered";
  };
  if (!expected) {
    return StreamFailure{name.id(), frame() + ": " + delivered() + " when the stream ended", {}};
  }
  if (last.opcode != expected->so_far.opcode || last.fin != expected->so_far.fin ||
      last.declared != expected->length) {
    return StreamFailure{name.id(),
                         frame() + ": opcode " + std::to_string(last.opcode) + " FIN " +
                             std::to_string(last.fin) + ", " + delivered() +
                             "; the reference decoded opcode " +
                             std::to_string(expected->so_far.opcode) + " FIN " +
                             std::to_string(expected->so_far.fin) + " of " +
                             std::to_string(expected->length) + " bytes",
                         {}};
  }
  if (last.payload != expected->so_far.payload)
    return payload_difference(frame(), last.payload, expected->so_far.payload, name);
  return std::nullopt;
}

// The events both sides completed, pair by pair.
std::optional<StreamFailure> compare_in_turn(std::span<const RecordedFrame> got,
                                             const std::vector<DecodedFrame>& want,
                                             const char* what, const CaseName& name) {
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    if (got[i].opcode != want[i].opcode || got[i].fin != want[i].fin) {
      return StreamFailure{name.id(),
                           std::string(what) + " " + std::to_string(i) + ": opcode " +
                               std::to_string(got[i].opcode) + " FIN " +
                               std::to_string(got[i].fin) + ", the reference decoded opcode " +
                               std::to_string(want[i].opcode) + " FIN " +
                               std::to_string(want[i].fin),
                           {}};
    }
    if (got[i].payload != want[i].payload) {
      return payload_difference(std::string(what) + " " + std::to_string(i), got[i].payload,
                                want[i].payload, name);
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<DecodedFrame> whole_messages(const std::vector<DecodedFrame>& frames) {
  std::vector<DecodedFrame> events;
  std::optional<DecodedFrame> open;
  for (const DecodedFrame& frame : frames) {
    if (frame.opcode >= 0x8) {
      events.push_back(frame);
      continue;
    }
    if (frame.opcode != 0) open = DecodedFrame{frame.opcode, true, {}};
    open->payload.insert(open->payload.end(), frame.payload.begin(), frame.payload.end());
    if (frame.fin) {
      events.push_back(std::move(*open));
      open.reset();
    }
  }
  return events;
}

std::optional<StreamFailure> compare_events(const RecordingHandler& handler,
                                            const reference::DecodeResult& expected,
                                            const Parser& parser, const CaseName& name) {
  const bool messages = parser.delivery == MASKCHECK_DELIVERS_MESSAGES;
  const char* what = messages ? "event" : "frame";
  const std::vector<DecodedFrame> joined =
      messages ? whole_messages(expected.frames) : std::vector<DecodedFrame>{};
  const std::vector<DecodedFrame>& want = messages ? joined : expected.frames;
  const auto got = handler.frames().first(handler.frames().size() - (handler.frame_open() ? 1 : 0));
  if (auto failure = compare_in_turn(got, want, what, name)) return failure;

  if (got.size() != want.size() || !errors_agree(parser, expected, handler.error())) {
    return StreamFailure{
        name.id(),
        "the parser ended with " + count_of(got.size(), what) + " and error " +
            std::string(handler.error() ? c_error_name(*handler.error()) : "none") +
            "; the reference decoded " + count_of(want.size(), what) + " and " +
            error_words(parser, expected),
        {}};
  }
  if (!expected.error && !messages) return compare_unfinished(handler, expected.unfinished, name);
  return std::nullopt;
}

}  // namespace maskcheck
