// RFC 6455 section 8: text messages are UTF-8, judged over the whole message.
#include "wire/requirements/sections.h"

namespace maskcheck::wire {

namespace {

constexpr Requirement kTextRows[] = {
    {"stream:utf8-*", "6455", "8.1", Level::must,
     "take a character split across fragments, and fail the connection (1007) on text that is "
     "not UTF-8: a stray continuation byte, or a message that ends inside a character",
     "text messages whose fragments cut characters, in one read and byte by byte"},
    {"stream:utf8-invalid-*", "6455", "8.1", Level::must,
     "fail the connection (1007) on text that cannot be UTF-8 once the frame that shows it is "
     "whole, before its message ends, or only when the message ends where the server's policy "
     "says so",
     "text made invalid by a code point past U+10FFFF in its own fragment, across fragments and "
     "inside one frame; whole, cut right after the invalid byte (byte by byte), and cut where its "
     "fragment ends"},
    {"stream:utf8-bytes-*", "6455", "8.1", Level::must,
     "echo text in any valid UTF-8, noncharacters and U+FFFD included, and fail the connection "
     "(1007) on every invalid form: stray or missing continuation bytes, overlong forms, "
     "surrogates, code points past U+10FFFF, bytes FE and FF",
     "one text message per sequence of Markus Kuhn's UTF-8 decoder test, between two valid "
     "messages"},
};

}  // namespace

std::span<const Requirement> text_requirements() {
  return kTextRows;
}

}  // namespace maskcheck::wire
