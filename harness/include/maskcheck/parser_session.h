// What the stream checks drive: anything that takes reads in place and reports to a
// FrameHandler. The real parser is one; the broken parsers in tests/ are others.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "maskcheck/frame_parser.h"

namespace maskcheck {

class ParserSession {
 public:
  virtual ~ParserSession() = default;
  virtual void consume(std::uint8_t* data, std::size_t length) = 0;
};

using ParserMaker = std::function<std::unique_ptr<ParserSession>(
    const UnmaskFunctions& kernel, FrameHandler& handler, ParserOptions options)>;

// Adapts any parser class with FrameParser's constructor and consume().
template <typename Parser>
ParserMaker parser_maker() {
  struct Session final : ParserSession {
    Session(const UnmaskFunctions& kernel, FrameHandler& handler, ParserOptions options)
        : parser(kernel, handler, options) {}
    void consume(std::uint8_t* data, std::size_t length) override { parser.consume(data, length); }
    Parser parser;
  };
  return [](const UnmaskFunctions& kernel, FrameHandler& handler, ParserOptions options) {
    return std::make_unique<Session>(kernel, handler, options);
  };
}

}  // namespace maskcheck
