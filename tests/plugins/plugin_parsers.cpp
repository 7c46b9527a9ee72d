// Parser plug-ins for the parser plug-in test, built as a user's C++ parser would be: impl's
// parser behind the C ABI of maskcheck/parser_plugin.h alone, in three shapes.
//   fragments-on-kernel: fragments in place, unmasking through the kernel maskcheck hands it;
//   whole-messages:      whole messages copied out, on impl's block kernel, telling apart only two
//                        error classes;
//   whole-messages-short: the same, but a message that arrived in more than one piece loses its
//                        last byte, which the split runs must catch;
//   claims-utf8:         whole-messages declaring the UTF-8 policy it does not keep, which the
//                        named UTF-8 streams must catch.
#include <maskcheck/parser_plugin.h>

#include <new>
#include <vector>

#include "maskcheck/block_unmask.h"
#include "maskcheck/frame_parser.h"

namespace {

using maskcheck::FrameError;
using maskcheck::FrameHandler;
using maskcheck::FrameParser;
using maskcheck::Key;
using maskcheck::UnmaskFunctions;

maskcheck_frame_error to_c(FrameError error) {
  return static_cast<maskcheck_frame_error>(static_cast<int>(error) + 1);
}

// The kernel the running connection was given: impl's parser takes plain function pointers.
thread_local const maskcheck_parser_kernel* current_kernel = nullptr;

struct ThroughGivenKernel {
  static void imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
    current_kernel->imprecise(current_kernel->context, dst, src, n, key.data());
  }
  static void inplace(std::uint8_t* data, Key key, std::size_t n) {
    current_kernel->inplace(current_kernel->context, data, n, key.data());
  }
  static unsigned exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                        unsigned phase) {
    return current_kernel->exact(current_kernel->context, dst, src, n, key.data(), phase);
  }
};
constexpr UnmaskFunctions kGivenKernel{nullptr, ThroughGivenKernel::imprecise,
                                       ThroughGivenKernel::inplace, ThroughGivenKernel::exact};

class Fragments final : public FrameHandler {
 public:
  explicit Fragments(const maskcheck_parser_events& events) : events_(events) {}
  void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining) override {
    events_.on_data(events_.context, opcode, fin, fragment.data(), fragment.size(), remaining);
  }
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) override {
    events_.on_control(events_.context, opcode, payload.data(), payload.size());
  }
  void on_error(FrameError error) override { events_.on_error(events_.context, to_c(error)); }

 private:
  const maskcheck_parser_events& events_;
};

// Joins fragments into messages in its own buffer; reports two error classes as themselves.
class Messages final : public FrameHandler {
 public:
  Messages(const maskcheck_parser_events& events, bool short_by_one)
      : events_(events), short_by_one_(short_by_one) {}
  void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining) override {
    if (opcode != 0 && message_.empty() && pieces_ == 0) opcode_ = opcode;
    message_.insert(message_.end(), fragment.begin(), fragment.end());
    ++pieces_;
    if (!fin || remaining > 0) return;
    if (short_by_one_ && pieces_ > 1 && !message_.empty()) message_.pop_back();
    events_.on_message(events_.context, opcode_, message_.data(), message_.size());
    message_.clear();
    pieces_ = 0;
  }
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) override {
    events_.on_control(events_.context, opcode, payload.data(), payload.size());
  }
  void on_error(FrameError error) override {
    const bool told =
        error == FrameError::message_too_large || error == FrameError::reserved_opcode;
    events_.on_error(events_.context, told ? to_c(error) : MASKCHECK_ERROR_UNSPECIFIED);
  }

 private:
  const maskcheck_parser_events& events_;
  bool short_by_one_;
  std::vector<std::uint8_t> message_;
  std::uint8_t opcode_ = 0;
  std::size_t pieces_ = 0;
};

maskcheck::ParserOptions options_of(const maskcheck_parser_options& options) {
  return {options.max_message_size,
          options.variant == 1 ? maskcheck::MoveBack::over_key : maskcheck::MoveBack::over_header};
}

struct OnKernel {
  OnKernel(const maskcheck_parser_kernel& given, const maskcheck_parser_options& options,
           const maskcheck_parser_events& events)
      : kernel(given), handler(events), parser(kGivenKernel, handler, options_of(options)) {}
  const maskcheck_parser_kernel& kernel;
  Fragments handler;
  FrameParser parser;
};

template <bool kShortByOne>
struct OnBlock {
  OnBlock(const maskcheck_parser_options& options, const maskcheck_parser_events& events)
      : handler(events, kShortByOne),
        parser(maskcheck::block::kEntries, handler, options_of(options)) {}
  Messages handler;
  FrameParser parser;
};

void* create_on_kernel(const maskcheck_parser_kernel* kernel,
                       const maskcheck_parser_options* options,
                       const maskcheck_parser_events* events) {
  return new (std::nothrow) OnKernel(*kernel, *options, *events);
}
void consume_on_kernel(void* connection, std::uint8_t* data, std::size_t n) {
  auto& on = *static_cast<OnKernel*>(connection);
  current_kernel = &on.kernel;
  on.parser.consume(data, n);
}
void destroy_on_kernel(void* connection) {
  delete static_cast<OnKernel*>(connection);
}

template <bool kShortByOne>
void* create_on_block(const maskcheck_parser_kernel*, const maskcheck_parser_options* options,
                      const maskcheck_parser_events* events) {
  return new (std::nothrow) OnBlock<kShortByOne>(*options, *events);
}
template <bool kShortByOne>
void consume_on_block(void* connection, std::uint8_t* data, std::size_t n) {
  static_cast<OnBlock<kShortByOne>*>(connection)->parser.consume(data, n);
}
template <bool kShortByOne>
void destroy_on_block(void* connection) {
  delete static_cast<OnBlock<kShortByOne>*>(connection);
}

constexpr const char* kMoveBacks[] = {"over-header", "over-key"};
constexpr const char* kDefault[] = {"default"};
// impl's parser reads 13 bytes before a read and 4 after, writes a spilled header and 3 after.
constexpr maskcheck_receive_contract kInPlace{13, 4, 3, MASKCHECK_WRITES_SPILLED_HEADER, 1};
constexpr maskcheck_receive_contract kCopiedOut{13, 4, 3, MASKCHECK_WRITES_SPILLED_HEADER, 0};
constexpr std::uint32_t kTwoClasses = MASKCHECK_ERROR_BIT(MASKCHECK_ERROR_MESSAGE_TOO_LARGE) |
                                      MASKCHECK_ERROR_BIT(MASKCHECK_ERROR_RESERVED_OPCODE);

const maskcheck_parser kParsers[] = {
    {"fragments-on-kernel", "impl's parser on the kernel it is given", kInPlace,
     MASKCHECK_DELIVERS_FRAGMENTS, MASKCHECK_ALL_ERRORS, 0, 1, kMoveBacks, 2, create_on_kernel,
     consume_on_kernel, destroy_on_kernel},
    {"whole-messages", "impl's parser on block, messages joined and copied out", kCopiedOut,
     MASKCHECK_DELIVERS_MESSAGES, kTwoClasses, 0, 0, kDefault, 1, create_on_block<false>,
     consume_on_block<false>, destroy_on_block<false>},
    {"whole-messages-short", "whole-messages, a byte short when a message came in pieces",
     kCopiedOut, MASKCHECK_DELIVERS_MESSAGES, kTwoClasses, 0, 0, kDefault, 1, create_on_block<true>,
     consume_on_block<true>, destroy_on_block<true>},
    {"claims-utf8", "whole-messages, declaring a UTF-8 check it does not make", kCopiedOut,
     MASKCHECK_DELIVERS_MESSAGES, kTwoClasses, MASKCHECK_POLICY_UTF8, 0, kDefault, 1,
     create_on_block<false>, consume_on_block<false>, destroy_on_block<false>},
};

}  // namespace

extern "C" MASKCHECK_PLUGIN_PARSERS(kParsers)
