// The parsers: maskcheck's own (impl's FrameParser) and those loaded from parser plug-in libraries
// (maskcheck/parser_plugin.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/parser.h"

namespace maskcheck {

// "maskcheck": impl's parser, declared through the plug-in ABI like any other.
const Parser& builtin_parser();
// Maskcheck's own, then the plug-in parsers in the order they were loaded.
std::vector<const Parser*> all_parsers();
std::vector<const Parser*> loaded_parsers();
const Parser* find_parser(std::string_view name);

// Loads a parser plug-in library and registers its parsers (only those named in `only`, if any):
// "" when it did, else a one-line reason.
std::string load_parser_plugin(const std::string& path, const std::vector<std::string>& only = {});
// Loads every library MASKCHECK_PARSER_PLUGINS names ("lib.so" or "lib.so=parser,parser",
// colon-separated): how the stream_diff fuzz target takes plug-ins. "" or the first reason.
std::string load_parser_plugins_from_environment();
// The library a plug-in parser came from (absolute), or "" for maskcheck's own or an unknown name.
std::string parser_plugin_path(std::string_view parser_name);

}  // namespace maskcheck
