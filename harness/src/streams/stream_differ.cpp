#include "streams/stream_differ.h"

#include <cstring>

#include "bounds/fault_trap.h"
#include "registry/kernel_registry.h"
#include "runs/crash_context.h"
#include "streams/event_comparison.h"
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

// The padding bytes the parser wrote though it may not: before the header part it may put back in
// front of the read, or after the bytes past the read it may write. Checked against the fill,
// which both placements make different.
std::optional<std::string> padding_written(const maskcheck_receive_contract& contract,
                                           const std::uint8_t* data, std::size_t length,
                                           std::size_t spilled, std::uint8_t fill) {
  const std::size_t may_write_before =
      contract.write_before == MASKCHECK_WRITES_SPILLED_HEADER ? spilled : 0;
  for (std::size_t before = contract.read_before; before > may_write_before; --before) {
    if (data[-static_cast<std::ptrdiff_t>(before)] != fill) {
      return "the parser wrote data-" + std::to_string(before) + " (its contract: " +
             (may_write_before == 0
                  ? std::string("nothing before data")
                  : "data-" + std::to_string(may_write_before) + ", the header part it puts back") +
             ")";
    }
  }
  for (std::size_t after = contract.write_after; after < contract.read_after; ++after) {
    if (data[length + after] != fill) {
      return "the parser wrote data+n+" + std::to_string(after) +
             ", which it may read but not write (its contract: " +
             (contract.write_after == 0
                  ? std::string("writes nothing past data+n")
                  : "writes up to data+n+" + std::to_string(contract.write_after - 1)) +
             ")";
    }
  }
  return std::nullopt;
}

// Creates a connection and destroys it when the check is over.
class Connection {
 public:
  Connection(const ParserOnKernel& subject, const maskcheck_parser_options& options,
             const maskcheck_parser_events& events)
      : parser_(subject.parser),
        kernel_(subject.kernel ? parser_kernel_view(*subject.kernel) : maskcheck_parser_kernel{}),
        handle_(parser_.create(subject.kernel ? &kernel_ : nullptr, &options, &events)) {}
  ~Connection() {
    if (handle_ != nullptr) parser_.destroy(handle_);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void* handle() const { return handle_; }

 private:
  const Parser& parser_;
  const maskcheck_parser_kernel kernel_;  // the parser may keep a pointer to it
  void* handle_;
};

}  // namespace

std::string format_stream_failure(const StreamFailure& failure) {
  return "FAIL " + failure.case_id + "\n  " + failure.headline + "\n" + failure.detail +
         "  repro: " + kernel_repro_line(failure.case_id) + "\n";
}

StreamDiffer::StreamDiffer(std::size_t longest_read)
    : arena_(kMaxReceivePadding + longest_read + kMaxReceivePadding),
      handler_(std::make_unique<RecordingHandler>()) {}

StreamDiffer::~StreamDiffer() = default;

std::optional<StreamFailure> StreamDiffer::check(const ParserOnKernel& subject,
                                                 const StreamRun& run, const CaseName& name) {
  const Parser& parser = subject.parser;
  const maskcheck_receive_contract& contract = parser.buffer;
  RecordingHandler& handler = *handler_;
  handler.reset(parser.delivery);
  const Connection connection(subject, run.options, handler.events());
  if (connection.handle() == nullptr)
    return StreamFailure{name.id(), "the parser's create() returned NULL", {}};
  spilled_header_bytes(run.stream, run.cuts, spilled_);
  std::size_t begin = 0;
  for (std::size_t read = 0; read <= run.cuts.size() && !handler.error(); ++read) {
    const std::size_t end = read < run.cuts.size() ? run.cuts[read] : run.stream.size();
    const std::size_t length = end - begin;
    const std::size_t span = contract.read_before + length + contract.read_after;
    const bool at_end = (read % 2 == 0) == run.end_at_guard_first;
    const Placement placement = at_end ? Placement::end_at_guard : Placement::start_after_guard;
    const PlacedSpan placed = arena_.place(placement, span, 0, 0);
    const std::span<std::uint8_t> buffer{placed.lo, span};
    std::uint8_t* data = placed.lo + contract.read_before;

    arena_.expose(buffer);
    std::memset(placed.lo, padding_fill(placement), contract.read_before);
    if (length > 0)
      std::memcpy(data, run.stream.data() + begin, length);  // an empty stream has no data()
    std::memset(data + length, padding_fill(placement), contract.read_after);
    arena_.restrict_to(placed.lo, span, buffer);
    if (contract.in_place != 0) {
      handler.expect_fragments_in(placed.lo, data + length);
    } else {
      handler.expect_fragments_in(nullptr, nullptr);
    }
    std::optional<Fault> fault;
    {
      const CrashContext crash_context(name, kernel_repro_line);
      fault = run_trapping_faults([&] { parser.consume(connection.handle(), data, length); });
    }
    const std::optional<std::string> overwritten =
        fault ? std::nullopt
              : padding_written(contract, data, length, spilled_[read], padding_fill(placement));
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
                               buffer_position(offset, length) + std::string(kFaultPositionNote) +
                               " and hit a guard page (its contract: data-" +
                               std::to_string(contract.read_before) + " .. data+n+" +
                               std::to_string(contract.read_after) + ")",
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
  return compare_events(handler, run.expected, parser, name);
}

}  // namespace maskcheck
