// RFC 6455 section 8: text messages are UTF-8, judged over the whole message.
#include "wire/requirements/sections.h"

namespace maskcheck::wire {

namespace {

constexpr Requirement kTextRows[] = {
    {"stream:utf8-*", "6455", "8.1", Level::must,
     "take a character split across fragments, and fail the connection (1007) on text that is "
     "not UTF-8: a stray continuation byte, or a message that ends inside a character",
     "text messages whose fragments cut characters, in one read and byte by byte"},
};

}  // namespace

std::span<const Requirement> text_requirements() {
  return kTextRows;
}

}  // namespace maskcheck::wire
