// The parser registry and the parser plug-in loader: every declaration is checked before it is
// registered, so the stream checks can take each one at its word.
#include "registry/parser_registry.h"

#include <algorithm>
#include <deque>

#include "registry/frame_parser_declaration.h"
#include "registry/plugin_library.h"

namespace maskcheck {

namespace {

constexpr Parser kBuiltin = declare_frame_parser<FrameParser>(
    "maskcheck", "impl's in-place parser: payloads moved back over their header or key");

struct LoadedParser {
  Parser parser;     // its names and functions live in the library, which is never closed
  std::string path;  // the library, absolute
};

// A deque: parsers handed out by find_parser() stay where they are while more are loaded.
std::deque<LoadedParser>& loaded() {
  static std::deque<LoadedParser> parsers;
  return parsers;
}

const LoadedParser* find_loaded_parser(std::string_view name) {
  for (const LoadedParser& parser : loaded()) {
    if (parser.parser.name == name) return &parser;
  }
  return nullptr;
}

// Why a receive-buffer contract cannot be right, or "".
std::string check_buffer(const maskcheck_receive_contract& buffer) {
  if (buffer.read_before > kMaxReceivePadding || buffer.read_after > kMaxReceivePadding)
    return "it reads more than " + std::to_string(kMaxReceivePadding) + " bytes around a read";
  if (buffer.write_after > buffer.read_after)
    return "it may write more bytes after data + n (write_after) than it may read (read_after)";
  if (buffer.write_before != MASKCHECK_WRITES_NOTHING_BEFORE &&
      buffer.write_before != MASKCHECK_WRITES_SPILLED_HEADER)
    return "write_before is neither MASKCHECK_WRITES_NOTHING_BEFORE nor ..._SPILLED_HEADER";
  if (buffer.write_before == MASKCHECK_WRITES_SPILLED_HEADER && buffer.read_before < 13)
    return "it puts a spilled header back before data, which takes read_before >= 13";
  return "";
}

// Why a plug-in parser cannot be registered, or "".
std::string check_plugin_parser(const Parser& parser) {
  if (!is_valid_name(parser.name)) {
    return "a parser name must be letters, digits, '-', '_' or '.', not " + quoted(parser.name);
  }
  const std::string name = parser.name;
  if (find_parser(name) != nullptr) return "parser '" + name + "' is already registered";
  if (!parser.create || !parser.consume || !parser.destroy)
    return "parser '" + name + "' lacks create, consume or destroy";
  if (parser.delivery != MASKCHECK_DELIVERS_FRAGMENTS &&
      parser.delivery != MASKCHECK_DELIVERS_MESSAGES)
    return "parser '" + name + "': delivery is neither fragments nor messages";
  if ((parser.policies & ~std::uint32_t{MASKCHECK_ALL_POLICIES}) != 0)
    return "parser '" + name + "': policies has bits of no policy";
  if ((parser.errors_told_apart & ~std::uint32_t{MASKCHECK_ALL_ERRORS}) != 0)
    return "parser '" + name + "': errors_told_apart has bits of no error class";
  if (std::string why = check_buffer(parser.buffer); !why.empty())
    return "parser '" + name + "': " + why;
  if (parser.variants == nullptr || parser.variant_count == 0)
    return "parser '" + name + "' declares no variant (one at least, e.g. \"default\")";
  for (std::size_t i = 0; i < parser.variant_count; ++i) {
    if (!is_valid_name(parser.variants[i])) {
      return "parser '" + name +
             "': a variant name must be letters, digits, '-', '_' or '.', not " +
             quoted(parser.variants[i]);
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (std::string_view(parser.variants[j]) == parser.variants[i])
        return "parser '" + name + "' declares variant '" + parser.variants[i] + "' twice";
    }
  }
  return "";
}

}  // namespace

const Parser& builtin_parser() {
  return kBuiltin;
}

std::vector<const Parser*> loaded_parsers() {
  std::vector<const Parser*> parsers;
  for (const LoadedParser& parser : loaded()) parsers.push_back(&parser.parser);
  return parsers;
}

std::vector<const Parser*> all_parsers() {
  std::vector<const Parser*> parsers{&kBuiltin};
  for (const Parser* parser : loaded_parsers()) parsers.push_back(parser);
  return parsers;
}

const Parser* find_parser(std::string_view name) {
  if (name == kBuiltin.name) return &kBuiltin;
  const LoadedParser* parser = find_loaded_parser(name);
  return parser ? &parser->parser : nullptr;
}

std::string parser_plugin_path(std::string_view parser_name) {
  const LoadedParser* parser = find_loaded_parser(parser_name);
  return parser ? parser->path : "";
}

std::string load_parser_plugin(const std::string& path, const std::vector<std::string>& only) {
  auto opened =
      open_plugin_library(path, "maskcheck_plugin_parsers", "parser_plugin.h", "--parser-plugin");
  if (const auto* reason = std::get_if<std::string>(&opened)) return *reason;
  const auto& [function, absolute] = std::get<PluginLibrary>(opened);
  const std::string prefix = "--parser-plugin: " + path;
  std::size_t count = 0;
  std::uint32_t abi = 0;
  const Parser* parsers =
      reinterpret_cast<decltype(&maskcheck_plugin_parsers)>(function)(&count, &abi);
  if (abi != MASKCHECK_PARSER_ABI) {
    return prefix + " was built for parser ABI " + std::to_string(abi) + ", this maskcheck has " +
           std::to_string(MASKCHECK_PARSER_ABI) + ": rebuild it";
  }
  if (parsers == nullptr || count == 0) return prefix + " offers no parsers";
  const auto offers = [&](const std::string& wanted) {
    return std::any_of(parsers, parsers + count,
                       [&](const Parser& parser) { return parser.name && wanted == parser.name; });
  };
  for (const std::string& wanted : only) {
    if (!offers(wanted)) return prefix + " has no parser '" + wanted + "'";
  }
  const std::size_t loaded_before = loaded().size();
  for (std::size_t i = 0; i < count; ++i) {
    const Parser& parser = parsers[i];
    if (!only.empty() && (!parser.name || std::ranges::find(only, parser.name) == only.end()))
      continue;
    if (std::string why = check_plugin_parser(parser); !why.empty()) {
      loaded().resize(loaded_before);  // all of a library's parsers or none
      return prefix + ": " + why;
    }
    loaded().push_back({parser, absolute});
  }
  return "";
}

std::string load_parser_plugins_from_environment() {
  return load_each_listed(
      "MASKCHECK_PARSER_PLUGINS",
      [](const std::string& path, const auto& only) { return load_parser_plugin(path, only); });
}

}  // namespace maskcheck
