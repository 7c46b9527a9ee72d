// A parser is its declaration (maskcheck/parser_plugin.h): maskcheck's own parser, the broken
// parsers in tests/ and plug-ins reach the stream checks the same way. These helpers read a
// declaration and name what a stream check runs: a parser on a kernel, in one of its variants.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/kernel.h"
#include "maskcheck/frame_error.h"
#include "maskcheck/parser_plugin.h"
#include "maskcheck/reference_frame_decoder.h"

namespace maskcheck {

using Parser = maskcheck_parser;

// The most padding a parser may declare on either side of a read.
inline constexpr std::uint32_t kMaxReceivePadding = 4096;

// A parser and the kernel it runs on (nullptr if it takes none): what a stream check checks.
struct ParserOnKernel {
  const Parser& parser;
  const Kernel* kernel = nullptr;
};

// Whether `parser` runs on `kernel`: it takes none, or the kernel has maskcheck's own three entry
// points the parser's kernel view calls.
bool parser_fits(const Parser& parser, const Kernel& kernel);

// The kernel view a parser's create() gets; its context is the kernel's UnmaskFunctions.
maskcheck_parser_kernel parser_kernel_view(const Kernel& kernel);

std::string_view variant_name(const Parser& parser, unsigned variant);
std::optional<unsigned> find_variant(const Parser& parser, std::string_view name);
// "over-header or over-key": the variant names, for a one-line error.
std::string variant_names(const Parser& parser);

// The declaration in words, for `maskcheck list`: "fragments in place; reads data-13 .. data+n+4,
// writes ...; tells apart 11 of 11 error classes; runs on a kernel; variants over-header,
// over-key".
std::string describe_parser(const Parser& parser);

// The first field of a stream case id: "block" for maskcheck's own parser on block, "hybi13@block"
// for another parser on block, "hybi13@" for a parser that takes no kernel.
std::string subject_name(const ParserOnKernel& subject);
struct SubjectNames {
  std::string_view parser;  // empty: maskcheck's own
  std::string_view kernel;  // empty: none
};
SubjectNames parse_subject(std::string_view subject);

maskcheck_frame_error to_c_error(FrameError error);
maskcheck_frame_error to_c_error(reference::ProtocolError error);
// "message-too-large"; "unspecified" for MASKCHECK_ERROR_UNSPECIFIED.
std::string_view c_error_name(maskcheck_frame_error error);
bool tells_apart(const Parser& parser, maskcheck_frame_error error);

// The reference decoder's limit and the parser's declared policies.
reference::DecodeLimits decode_limits(const Parser& parser, std::uint64_t max_message_size);

}  // namespace maskcheck
