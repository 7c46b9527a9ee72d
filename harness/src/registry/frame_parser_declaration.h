// impl's FrameParser, and any class with its constructor and consume() (the broken parsers in
// tests/), declared through the parser plug-in ABI like any other parser: its receive-buffer
// contract is frame_parser_interface.h's, its variants where complete payloads land.
#pragma once

#include <iterator>
#include <new>
#include <span>

#include "core/parser.h"
#include "maskcheck/frame_parser.h"

namespace maskcheck {

namespace frame_parser_declaration {

// Variant i is the move-back kMoveBacks[i]; over-header first, the parser's default.
inline constexpr const char* kVariants[] = {"over-header", "over-key", "in-place"};
inline constexpr MoveBack kMoveBacks[] = {MoveBack::over_header, MoveBack::over_key,
                                          MoveBack::in_place};
static_assert(std::size(kVariants) == std::size(kMoveBacks));

inline ParserOptions options_of(const maskcheck_parser_options& options) {
  return {options.max_message_size, kMoveBacks[options.variant]};
}

// Hands the parser's events on to the C callbacks.
class ForwardingHandler final : public FrameHandler {
 public:
  explicit ForwardingHandler(const maskcheck_parser_events& events) : events_(events) {}
  void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining) override {
    events_.on_data(events_.context, opcode, fin ? 1 : 0, fragment.data(), fragment.size(),
                    remaining);
  }
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) override {
    events_.on_control(events_.context, opcode, payload.data(), payload.size());
  }
  void on_error(FrameError error) override { events_.on_error(events_.context, to_c_error(error)); }

 private:
  const maskcheck_parser_events& events_;
};

template <typename ParserClass>
struct Calls {
  struct Connection {
    Connection(const maskcheck_parser_kernel& kernel, const maskcheck_parser_options& options,
               const maskcheck_parser_events& events)
        // The kernel view maskcheck makes (parser_kernel_view) carries the UnmaskFunctions.
        : handler(events),
          parser(*static_cast<const UnmaskFunctions*>(kernel.context), handler,
                 options_of(options)) {}
    ForwardingHandler handler;
    ParserClass parser;
  };
  static void* create(const maskcheck_parser_kernel* kernel,
                      const maskcheck_parser_options* options,
                      const maskcheck_parser_events* events) {
    return new (std::nothrow) Connection(*kernel, *options, *events);
  }
  static void consume(void* connection, std::uint8_t* data, std::size_t n) {
    static_cast<Connection*>(connection)->parser.consume(data, n);
  }
  static void destroy(void* connection) { delete static_cast<Connection*>(connection); }
};

}  // namespace frame_parser_declaration

template <typename ParserClass>
constexpr Parser declare_frame_parser(const char* name, const char* summary) {
  using Calls = frame_parser_declaration::Calls<ParserClass>;
  return {name,
          summary,
          {kReceivePrePadding, kReceivePostPadding, kReceivePostPadding - 1,
           MASKCHECK_WRITES_SPILLED_HEADER, 1},
          MASKCHECK_DELIVERS_FRAGMENTS,
          MASKCHECK_ALL_ERRORS,
          MASKCHECK_POLICY_REFERENCE_ORDER,
          1,
          frame_parser_declaration::kVariants,
          std::size(frame_parser_declaration::kVariants),
          Calls::create,
          Calls::consume,
          Calls::destroy};
}

}  // namespace maskcheck
