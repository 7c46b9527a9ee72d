// What the stream checks drive: anything that takes reads in place and reports to a
// FrameHandler. The real parser is one; the broken parsers in tests/ are others.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

#include "maskcheck/frame_parser.h"

namespace maskcheck {

// A max_message_size no header can exceed (a 64-bit length has its top bit clear): a
// file-transfer server's, for the checks of frames declaring 4 GiB and more.
inline constexpr std::uint64_t kNoMessageSizeLimit = (std::uint64_t{1} << 63) - 1;

// The lengths around and past 32 bits that the split runs and the named streams declare under
// that limit, sending only the first part of the payload; the name is the named streams'.
struct HugeLength {
  std::string_view name;
  std::uint64_t length;
};
inline constexpr std::array<HugeLength, 5> kHugeLengths{{{"2^32-1", (std::uint64_t{1} << 32) - 1},
                                                         {"2^32", std::uint64_t{1} << 32},
                                                         {"2^32+1", (std::uint64_t{1} << 32) + 1},
                                                         {"2^40", std::uint64_t{1} << 40},
                                                         {"2^63-1", kNoMessageSizeLimit}}};

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
