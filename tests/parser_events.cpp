#include "parser_events.h"

#include <algorithm>

namespace maskcheck::testing {

namespace {

// Padding the parser may read but must not believe: alternately all-ones and all-zero bytes.
std::uint8_t padding_fill(std::size_t read) {
  return read % 2 == 0 ? 0xff : 0x00;
}

class EventLog final : public FrameHandler {
 public:
  void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining) override {
    if (!open_) log_.frames.push_back({opcode, fin, {}});
    auto& payload = log_.frames.back().payload;
    payload.insert(payload.end(), fragment.begin(), fragment.end());
    open_ = remaining > 0;
  }
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) override {
    log_.frames.push_back({opcode, true, {payload.begin(), payload.end()}});
  }
  void on_error(FrameError error) override {
    if (log_.error) return;
    log_.error = error;
    log_.error_frame = log_.frames.size() - (open_ ? 1 : 0);
  }
  ParseLog take() { return std::move(log_); }

 private:
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
  return std::string(frame_error_name(*log.error)) + " after frame " +
         std::to_string(log.error_frame);
}

ParseLog parse_in_reads(const ParserMaker& make_parser, const UnmaskFunctions& kernel,
                        std::span<const std::uint8_t> stream, std::span<const std::size_t> cuts,
                        ParserOptions options) {
  EventLog log;
  const auto session = make_parser(kernel, log, options);
  std::size_t begin = 0;
  for (std::size_t read = 0; read <= cuts.size(); ++read) {
    const std::size_t end = read < cuts.size() ? cuts[read] : stream.size();
    std::vector<std::uint8_t> buffer(kReceivePrePadding + (end - begin) + kReceivePostPadding,
                                     padding_fill(read));
    std::copy(stream.begin() + begin, stream.begin() + end, buffer.begin() + kReceivePrePadding);
    session->consume(buffer.data() + kReceivePrePadding, end - begin);
    begin = end;
  }
  return log.take();
}

}  // namespace maskcheck::testing
