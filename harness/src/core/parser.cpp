#include "core/parser.h"

namespace maskcheck {

namespace {

Key key_of(const std::uint8_t* key) {
  return {key[0], key[1], key[2], key[3]};
}

const UnmaskFunctions& functions_of(const void* context) {
  return *static_cast<const UnmaskFunctions*>(context);
}

void call_imprecise(const void* context, std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                    const std::uint8_t* key) {
  functions_of(context).imprecise(dst, src, key_of(key), n);
}

void call_inplace(const void* context, std::uint8_t* data, std::size_t n, const std::uint8_t* key) {
  functions_of(context).inplace(data, key_of(key), n);
}

std::uint32_t call_exact(const void* context, std::uint8_t* dst, const std::uint8_t* src,
                         std::size_t n, const std::uint8_t* key, std::uint32_t phase) {
  return functions_of(context).exact(dst, src, n, key_of(key), phase);
}

// FrameError and ProtocolError list the classes in the C enum's order, from 1.
static_assert(static_cast<int>(FrameError::unmasked_frame) + 1 == MASKCHECK_ERROR_UNMASKED_FRAME);
static_assert(static_cast<int>(FrameError::close_payload_one_byte) + 1 ==
              MASKCHECK_ERROR_CLOSE_PAYLOAD_ONE_BYTE);
static_assert(static_cast<int>(reference::ProtocolError::unmasked_frame) + 1 ==
              MASKCHECK_ERROR_UNMASKED_FRAME);
static_assert(static_cast<int>(reference::ProtocolError::non_minimal_length) + 1 ==
              MASKCHECK_ERROR_NON_MINIMAL_LENGTH);

}  // namespace

bool parser_fits(const Parser& parser, const Kernel& kernel) {
  return parser.takes_kernel == 0 || kernel.functions != nullptr;
}

maskcheck_parser_kernel parser_kernel_view(const Kernel& kernel) {
  return {kernel.name.data(), kernel.functions, call_imprecise, call_inplace, call_exact};
}

std::string_view variant_name(const Parser& parser, unsigned variant) {
  return parser.variants[variant];
}

std::optional<unsigned> find_variant(const Parser& parser, std::string_view name) {
  for (unsigned i = 0; i < parser.variant_count; ++i) {
    if (name == parser.variants[i]) return i;
  }
  return std::nullopt;
}

std::string variant_names(const Parser& parser) {
  std::string names;
  for (unsigned i = 0; i < parser.variant_count; ++i) {
    if (i > 0) names += i + 1 == parser.variant_count ? " or " : ", ";
    names += parser.variants[i];
  }
  return names;
}

std::string subject_name(const ParserOnKernel& subject) {
  const std::string kernel = subject.kernel ? std::string(subject.kernel->name) : "";
  if (std::string_view(subject.parser.name) == "maskcheck") return kernel;
  return std::string(subject.parser.name) + "@" + kernel;
}

SubjectNames parse_subject(std::string_view subject) {
  const std::size_t at = subject.find('@');
  if (at == std::string_view::npos) return {{}, subject};
  return {subject.substr(0, at), subject.substr(at + 1)};
}

maskcheck_frame_error to_c_error(FrameError error) {
  return static_cast<maskcheck_frame_error>(static_cast<int>(error) + 1);
}

maskcheck_frame_error to_c_error(reference::ProtocolError error) {
  return static_cast<maskcheck_frame_error>(static_cast<int>(error) + 1);
}

std::string_view c_error_name(maskcheck_frame_error error) {
  if (error == MASKCHECK_ERROR_UNSPECIFIED) return "unspecified";
  if (error < MASKCHECK_ERROR_UNSPECIFIED || error > MASKCHECK_ERROR_NON_MINIMAL_LENGTH)
    return "out-of-range";
  return reference::protocol_error_name(static_cast<reference::ProtocolError>(error - 1));
}

reference::DecodeLimits decode_limits(const Parser& parser, std::uint64_t max_message_size) {
  return {.max_message_size = max_message_size,
          .utf8 = (parser.policies & MASKCHECK_POLICY_UTF8) != 0,
          .minimal_lengths = (parser.policies & MASKCHECK_POLICY_MINIMAL_LENGTHS) != 0,
          .whole_header = (parser.policies & MASKCHECK_POLICY_WHOLE_HEADER) != 0};
}

bool tells_apart(const Parser& parser, maskcheck_frame_error error) {
  return error != MASKCHECK_ERROR_UNSPECIFIED &&
         (parser.errors_told_apart & MASKCHECK_ERROR_BIT(error)) != 0;
}

std::string describe_parser(const Parser& parser) {
  const maskcheck_receive_contract& buffer = parser.buffer;
  std::string words =
      parser.delivery == MASKCHECK_DELIVERS_MESSAGES ? "whole messages" : "fragments";
  words += buffer.in_place != 0 ? " in place" : ", copied out";
  words += "; reads data-" + std::to_string(buffer.read_before) + " .. data+n+" +
           std::to_string(buffer.read_after) + ", writes ";
  if (buffer.write_before == MASKCHECK_WRITES_SPILLED_HEADER) words += "a spilled header before, ";
  words += buffer.write_after == 0 ? std::string("nothing past data+n")
                                   : "up to data+n+" + std::to_string(buffer.write_after - 1);
  int told = 0;
  for (int error = MASKCHECK_ERROR_UNMASKED_FRAME; error <= MASKCHECK_ERROR_NON_MINIMAL_LENGTH;
       ++error)
    told += tells_apart(parser, static_cast<maskcheck_frame_error>(error)) ? 1 : 0;
  words += "; tells apart " + std::to_string(told) + " of 13 error classes";
  if ((parser.policies & MASKCHECK_POLICY_UTF8) != 0) words += "; requires UTF-8 text";
  if ((parser.policies & MASKCHECK_POLICY_MINIMAL_LENGTHS) != 0)
    words += "; requires minimal lengths";
  if ((parser.policies & MASKCHECK_POLICY_WHOLE_HEADER) != 0)
    words += "; length errors once the key is in";
  if ((parser.policies & MASKCHECK_POLICY_REFERENCE_ORDER) != 0)
    words += "; errors in the reference's order";
  words += parser.takes_kernel != 0 ? "; runs on a kernel" : "; takes no kernel";
  return words + "; variants " + variant_names(parser);
}

}  // namespace maskcheck
