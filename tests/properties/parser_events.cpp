#include "properties/parser_events.h"

#include <rapidcheck.h>

#include <algorithm>
#include <memory>

namespace maskcheck::testing {

namespace {

// Padding the parser may read but must not believe: alternately all-ones and all-zero bytes.
std::uint8_t padding_fill(std::size_t read) {
  return read % 2 == 0 ? 0xff : 0x00;
}

class EventLog {
 public:
  const maskcheck_parser_events& events() const { return events_; }
  bool failed() const { return log_.error.has_value(); }
  ParseLog take() { return std::move(log_); }

 private:
  void on_data(std::uint8_t opcode, bool fin, const std::uint8_t* bytes, std::size_t n,
               std::uint64_t remaining) {
    if (!open_) log_.frames.push_back({opcode, fin, {}});
    auto& payload = log_.frames.back().payload;
    payload.insert(payload.end(), bytes, bytes + n);
    open_ = remaining > 0;
  }
  void on_whole(std::uint8_t opcode, const std::uint8_t* bytes, std::size_t n) {
    log_.frames.push_back({opcode, true, {bytes, bytes + n}});
  }
  void on_error(maskcheck_frame_error error) {
    if (log_.error) return;
    log_.error = error;
    log_.error_frame = log_.frames.size() - (open_ ? 1 : 0);
  }
  static EventLog& of(void* context) { return *static_cast<EventLog*>(context); }

  maskcheck_parser_events events_{
      this,
      [](void* context, std::uint8_t opcode, int fin, const std::uint8_t* bytes, std::size_t n,
         std::uint64_t remaining) { of(context).on_data(opcode, fin != 0, bytes, n, remaining); },
      [](void* context, std::uint8_t opcode, const std::uint8_t* bytes, std::size_t n) {
        of(context).on_whole(opcode, bytes, n);
      },
      [](void* context, std::uint8_t opcode, const std::uint8_t* bytes, std::size_t n) {
        of(context).on_whole(opcode, bytes, n);
      },
      [](void* context, maskcheck_frame_error error) { of(context).on_error(error); }};
  ParseLog log_;
  bool open_ = false;
};

}  // namespace

std::ostream& operator<<(std::ostream& os, const ParseLog& log) {
  constexpr std::size_t kShownBytes = 8;
  os << log.frames.size() << " frames:";
  for (const ParsedFrame& frame : log.frames) {
    os << " [op " << int{frame.opcode} << (frame.fin ? " fin" : "") << ", " << frame.payload.size()
       << " bytes";
    const std::size_t shown = std::min(frame.payload.size(), kShownBytes);
    for (std::size_t i = 0; i < shown; ++i) {
      os << (i == 0 ? ": " : " ") << std::hex << int{frame.payload[i]} << std::dec;
    }
    os << (shown < frame.payload.size() ? " ...]" : "]");
  }
  return os << "; error " << error_summary(log);
}

std::string error_summary(const ParseLog& log) {
  if (!log.error) return "none";
  return std::string(c_error_name(*log.error)) + " after frame " + std::to_string(log.error_frame);
}

ParseLog parse_in_reads(const ParserOnKernel& subject, std::span<const std::uint8_t> stream,
                        std::span<const std::size_t> cuts, maskcheck_parser_options options) {
  const Parser& parser = subject.parser;
  EventLog log;
  const maskcheck_parser_kernel kernel =
      subject.kernel ? parser_kernel_view(*subject.kernel) : maskcheck_parser_kernel{};
  const std::unique_ptr<void, void (*)(void*)> connection(
      parser.create(subject.kernel ? &kernel : nullptr, &options, &log.events()), parser.destroy);
  if (!connection) RC_FAIL("the parser's create() returned NULL");
  std::size_t begin = 0;
  for (std::size_t read = 0; read <= cuts.size() && !log.failed(); ++read) {
    const std::size_t end = read < cuts.size() ? cuts[read] : stream.size();
    std::vector<std::uint8_t> buffer(
        parser.buffer.read_before + (end - begin) + parser.buffer.read_after, padding_fill(read));
    std::copy(stream.begin() + begin, stream.begin() + end,
              buffer.begin() + parser.buffer.read_before);
    parser.consume(connection.get(), buffer.data() + parser.buffer.read_before, end - begin);
    begin = end;
  }
  return log.take();
}

}  // namespace maskcheck::testing
