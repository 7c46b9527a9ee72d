// websocketpp 0.8 (Debian's libwebsocketpp-dev): the server side of processor::hybi13, the frame
// parser every websocketpp connection reads through, declared with its true contract. It reads
// and writes only the bytes of each read (it unmasks them in place, then copies them into the
// message), and hands out whole messages. Its policies: text must be UTF-8, lengths minimally
// encoded (the RFC lets a receiver take longer encodings; websocketpp refuses them), and what a
// length gives away is reported once the key has arrived (it validates the header whole). What
// its connection layer does
// with a close frame (close::extract_code and extract_reason) is done here too, so close codes
// and reasons are checked as a websocketpp server checks them.
#include <maskcheck/parser_plugin.h>

#include <new>
#include <websocketpp/close.hpp>
#include <websocketpp/config/core.hpp>
#include <websocketpp/processors/hybi13.hpp>

namespace {

using Config = websocketpp::config::core;
using Processor = websocketpp::processor::hybi13<Config>;
namespace processor_error = websocketpp::processor::error;

// websocketpp's reasons in maskcheck's classes; those it does not tell apart are unspecified.
maskcheck_frame_error classify(const websocketpp::lib::error_code& error) {
  if (error.category() == processor_error::get_processor_category()) {
    switch (error.value()) {
      case processor_error::masking_required: return MASKCHECK_ERROR_UNMASKED_FRAME;
      case processor_error::invalid_rsv_bit: return MASKCHECK_ERROR_RESERVED_BITS;
      case processor_error::invalid_opcode: return MASKCHECK_ERROR_RESERVED_OPCODE;
      case processor_error::control_too_big: return MASKCHECK_ERROR_CONTROL_FRAME_TOO_LONG;
      case processor_error::fragmented_control: return MASKCHECK_ERROR_CONTROL_FRAME_FRAGMENTED;
      case processor_error::message_too_big: return MASKCHECK_ERROR_MESSAGE_TOO_LARGE;
      case processor_error::invalid_utf8: return MASKCHECK_ERROR_INVALID_UTF8;
      case processor_error::non_minimal_encoding: return MASKCHECK_ERROR_NON_MINIMAL_LENGTH;
      default: return MASKCHECK_ERROR_UNSPECIFIED;  // invalid_continuation: two classes in one
    }
  }
  switch (error.value()) {
    case websocketpp::error::bad_close_code: return MASKCHECK_ERROR_CLOSE_PAYLOAD_ONE_BYTE;
    case websocketpp::error::invalid_close_code:
    case websocketpp::error::reserved_close_code: return MASKCHECK_ERROR_INVALID_CLOSE_CODE;
    case websocketpp::error::invalid_utf8: return MASKCHECK_ERROR_INVALID_UTF8;
    default: return MASKCHECK_ERROR_UNSPECIFIED;
  }
}

constexpr std::uint32_t kToldApart =
    MASKCHECK_ALL_ERRORS & ~(MASKCHECK_ERROR_BIT(MASKCHECK_ERROR_CONTINUATION_WITHOUT_MESSAGE) |
                             MASKCHECK_ERROR_BIT(MASKCHECK_ERROR_DATA_FRAME_INSIDE_MESSAGE) |
                             MASKCHECK_ERROR_BIT(MASKCHECK_ERROR_LENGTH_TOP_BIT_SET));

struct Connection {
  Connection(const maskcheck_parser_options& options, const maskcheck_parser_events& given)
      : processor(false, true, websocketpp::lib::make_shared<Config::con_msg_manager_type>(), rng),
        events(given) {
    processor.set_max_message_size(options.max_message_size);
  }

  void fail(maskcheck_frame_error error) {
    failed = true;
    events.on_error(events.context, error);
  }

  // A whole message or control frame; a close frame as websocketpp's connection reads it.
  void deliver(const Processor::message_ptr& message) {
    const std::string& payload = message->get_payload();
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(payload.data());
    const auto opcode = static_cast<std::uint8_t>(message->get_opcode());
    if (!websocketpp::frame::opcode::is_control(message->get_opcode())) {
      events.on_message(events.context, opcode, bytes, payload.size());
      return;
    }
    if (message->get_opcode() == websocketpp::frame::opcode::CLOSE) {
      websocketpp::lib::error_code error;
      websocketpp::close::extract_code(payload, error);
      if (!error) websocketpp::close::extract_reason(payload, error);
      if (error) return fail(classify(error));
    }
    events.on_control(events.context, opcode, bytes, payload.size());
  }

  void consume(std::uint8_t* data, std::size_t n) {
    // consume() stops at each whole message: take it and go on with the rest of the read.
    for (std::size_t done = 0; !failed && done < n;) {
      websocketpp::lib::error_code error;
      const std::size_t used = processor.consume(data + done, n - done, error);
      done += used;
      if (error) return fail(classify(error));
      if (processor.ready()) {
        deliver(processor.get_message());
      } else if (used == 0) {
        return;
      }
    }
  }

  Config::rng_type rng;
  Processor processor;
  const maskcheck_parser_events& events;
  bool failed = false;
};

void* create(const maskcheck_parser_kernel*, const maskcheck_parser_options* options,
             const maskcheck_parser_events* events) {
  return new (std::nothrow) Connection(*options, *events);
}

void consume(void* connection, std::uint8_t* data, std::size_t n) {
  auto& on = *static_cast<Connection*>(connection);
  try {
    on.consume(data, n);
  } catch (const std::exception&) {
    // What a server would see as a failed read: it reserves a message's declared length up front.
    on.fail(MASKCHECK_ERROR_UNSPECIFIED);
  }
}

void destroy(void* connection) {
  delete static_cast<Connection*>(connection);
}

constexpr const char* kVariants[] = {"server"};

const maskcheck_parser kParsers[] = {{
    "websocketpp-hybi13",
    "websocketpp 0.8 processor::hybi13, server side, with its connection's close checks",
    {0, 0, 0, MASKCHECK_WRITES_NOTHING_BEFORE, 0},
    MASKCHECK_DELIVERS_MESSAGES,
    kToldApart,
    MASKCHECK_POLICY_UTF8 | MASKCHECK_POLICY_MINIMAL_LENGTHS | MASKCHECK_POLICY_WHOLE_HEADER,
    0,
    kVariants,
    1,
    create,
    consume,
    destroy,
}};

}  // namespace

extern "C" MASKCHECK_PLUGIN_PARSERS(kParsers)
