#include "maskcheck/stream_differ.h"

#include <algorithm>
#include <cstring>

#include "kernels/hex_window.h"
#include "maskcheck/crash_context.h"
#include "maskcheck/fault_trap.h"
#include "maskcheck/kernel_registry.h"
#include "streams/recording_handler.h"
#include "streams/spilled_header.h"

namespace maskcheck {

namespace {

// The padding is the parser's to read but never to believe. One placement fills it with bytes
// that read as an unmasked header, the other with the largest lengths, so a parser that decides
// on a header byte before it has arrived reports what the reference does not.
std::uint8_t padding_fill(Placement placement) {
  return placement == Placement::end_at_guard ? 0xff : 0x00;
}

std::string describe_read(std::size_t index, std::size_t begin, std::size_t end) {
  return "read " + std::to_string(index) + " (stream bytes " + std::to_string(begin) + ".." +
         std::to_string(end) + ")";
}

// "data-14" or "data+n+4": where a fault landed relative to the read's data.
std::string buffer_position(std::ptrdiff_t offset, std::size_t n) {
  if (offset < 0) return "data-" + std::to_string(-offset);
  const auto past = offset - static_cast<std::ptrdiff_t>(n);
  if (past < 0) return "data+" + std::to_string(offset);
  return past == 0 ? "data+n" : "data+n+" + std::to_string(past);
}

// The padding bytes the parser wrote though it may not: before the header part it puts back in
// front of the read, or the last post-padding byte, which it may read but not write. Checked
// against the fill, which both placements make different.
std::optional<std::string> padding_written(const std::uint8_t* data, std::size_t length,
                                           std::size_t spilled, std::uint8_t fill) {
  for (std::size_t before = kReceivePrePadding; before > spilled; --before) {
    if (data[-static_cast<std::ptrdiff_t>(before)] != fill) {
      return "the parser wrote data-" + std::to_string(before) + " (its contract: " +
             (spilled == 0 ? std::string("nothing before data")
                           : "data-" + std::to_string(spilled) + ", the header part it puts back") +
             ")";
    }
  }
  if (data[length + kReceivePostPadding - 1] != fill) {
    return "the parser wrote data+n+" + std::to_string(kReceivePostPadding - 1) +
           ", which it may read but not write (its contract: writes up to data+n+" +
           std::to_string(kReceivePostPadding - 2) + ")";
  }
  return std::nullopt;
}

std::string frames_word(std::size_t count) {
  return std::to_string(count) + (count == 1 ? " complete frame" : " complete frames");
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

std::optional<StreamFailure> compare_frames(const RecordingHandler& handler,
                                            const reference::DecodeResult& expected,
                                            const CaseName& name) {
  const auto& got = handler.frames();
  const std::size_t complete = got.size() - (handler.frame_open() ? 1 : 0);
  const auto& want = expected.frames;
  for (std::size_t i = 0; i < std::min(complete, want.size()); ++i) {
    const std::string frame = "frame " + std::to_string(i);
    if (got[i].opcode != want[i].opcode || got[i].fin != want[i].fin) {
      return StreamFailure{name.id(),
                           frame + ": opcode " + std::to_string(got[i].opcode) + " FIN " +
                               std::to_string(got[i].fin) + ", the reference decoded opcode " +
                               std::to_string(want[i].opcode) + " FIN " +
                               std::to_string(want[i].fin),
                           {}};
    }
    if (got[i].payload != want[i].payload)
      return payload_difference(frame, got[i].payload, want[i].payload, name);
  }
  const std::string want_error =
      expected.error ? std::string(reference::protocol_error_name(*expected.error)) : "none";
  const std::string got_error(handler.error().value_or("none"));
  if (complete != want.size() || got_error != want_error) {
    return StreamFailure{name.id(),
                         "the parser ended with " + frames_word(complete) + " and error " +
                             got_error + "; the reference decoded " + frames_word(want.size()) +
                             " and error " + want_error,
                         {}};
  }
  if (!expected.error) return compare_unfinished(handler, expected.unfinished, name);
  return std::nullopt;
}

}  // namespace

std::string format_stream_failure(const StreamFailure& failure) {
  return "FAIL " + failure.case_id + "\n  " + failure.headline + "\n" + failure.detail +
         "  repro: " + repro_command(failure.case_id) + "\n";
}

StreamDiffer::StreamDiffer(std::size_t longest_read)
    : arena_(kReceivePrePadding + longest_read + kReceivePostPadding),
      handler_(std::make_unique<RecordingHandler>()) {}

StreamDiffer::~StreamDiffer() = default;

std::optional<StreamFailure> StreamDiffer::check(const Kernel& kernel, const ParserMaker& parser,
                                                 const StreamRun& run, const CaseName& name) {
  RecordingHandler& handler = *handler_;
  handler.reset();
  const auto session = parser(*kernel.functions, handler, run.options);
  spilled_header_bytes(run.stream, run.cuts, spilled_);
  std::size_t begin = 0;
  for (std::size_t read = 0; read <= run.cuts.size(); ++read) {
    const std::size_t end = read < run.cuts.size() ? run.cuts[read] : run.stream.size();
    const std::size_t length = end - begin;
    const std::size_t span = kReceivePrePadding + length + kReceivePostPadding;
    const bool at_end = (read % 2 == 0) == run.end_at_guard_first;
    const Placement placement = at_end ? Placement::end_at_guard : Placement::start_after_guard;
    const PlacedSpan placed = arena_.place(placement, span, 0, 0);
    const std::span<std::uint8_t> buffer{placed.lo, span};
    std::uint8_t* data = placed.lo + kReceivePrePadding;

    arena_.expose(buffer);
    std::memset(placed.lo, padding_fill(placement), kReceivePrePadding);
    if (length > 0)
      std::memcpy(data, run.stream.data() + begin, length);  // an empty stream has no data()
    std::memset(data + length, padding_fill(placement), kReceivePostPadding);
    arena_.restrict_to(placed.lo, span, buffer);
    handler.expect_fragments_in(placed.lo, data + length);
    std::optional<Fault> fault;
    {
      const CrashContext crash_context(name);
      fault = run_trapping_faults([&] { session->consume(data, length); });
    }
    const std::optional<std::string> overwritten =
        fault ? std::nullopt
              : padding_written(data, length, spilled_[read], padding_fill(placement));
    arena_.seal(buffer);

    if (fault && fault->illegal_instruction()) {
      return StreamFailure{
          name.id(),
          describe_read(read, begin, end) + ": " + describe_illegal_instruction(*fault),
          {}};
    }
    if (fault) {
      const auto offset =
          static_cast<std::ptrdiff_t>(fault->address - reinterpret_cast<std::uintptr_t>(data));
      const char* verb = fault->access == Fault::Access::write  ? "wrote"
                         : fault->access == Fault::Access::read ? "read"
                                                                : "touched";
      return StreamFailure{name.id(),
                           describe_read(read, begin, end) + ": the parser " + verb + " " +
                               buffer_position(offset, length) +
                               " and hit a guard page (its contract: data-" +
                               std::to_string(kReceivePrePadding) + " .. data+n+" +
                               std::to_string(kReceivePostPadding) + ")",
                           {}};
    }
    if (handler.violation()) {
      return StreamFailure{
          name.id(), describe_read(read, begin, end) + ": " + *handler.violation(), {}};
    }
    if (overwritten)
      return StreamFailure{name.id(), describe_read(read, begin, end) + ": " + *overwritten, {}};
    begin = end;
  }
  return compare_frames(handler, run.expected, name);
}

}  // namespace maskcheck
