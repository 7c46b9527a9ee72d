#include "wire/protocol/message_deflate.h"

#include <zlib.h>

#include <algorithm>
#include <array>

namespace maskcheck::wire {

namespace {

// The end of a sync flush's empty stored block: left off the wire, put back before inflating.
constexpr std::array<std::uint8_t, 4> kFlushTail{0x00, 0x00, 0xff, 0xff};

// zlib will not compress raw DEFLATE with an 8-bit window; with 9 bits it reaches back at most
// 512 - 262 = 250 bytes, which a peer with a 256-byte window can still follow.
int compress_window_bits(unsigned window_bits) {
  return -static_cast<int>(std::max(window_bits, 9u));
}

}  // namespace

MessageCompressor::MessageCompressor(DeflateParameters parameters)
    : parameters_(parameters), stream_(std::make_unique<z_stream_s>()) {
  deflateInit2(stream_.get(), Z_DEFAULT_COMPRESSION, Z_DEFLATED,
               compress_window_bits(parameters.window_bits), 8, Z_DEFAULT_STRATEGY);
}

MessageCompressor::~MessageCompressor() {
  if (stream_) deflateEnd(stream_.get());
}

MessageCompressor::MessageCompressor(MessageCompressor&&) noexcept = default;
MessageCompressor& MessageCompressor::operator=(MessageCompressor&&) noexcept = default;

std::vector<std::uint8_t> MessageCompressor::compress(std::span<const std::uint8_t> message) {
  if (parameters_.no_context_takeover) deflateReset(stream_.get());
  std::vector<std::uint8_t> out(deflateBound(stream_.get(), message.size()) + 16);
  z_stream& s = *stream_;
  s.next_in = const_cast<Bytef*>(message.data());  // zlib's API is not const; it only reads
  s.avail_in = static_cast<uInt>(message.size());
  std::size_t produced = 0;
  do {
    if (produced == out.size()) out.resize(out.size() * 2);
    s.next_out = out.data() + produced;
    s.avail_out = static_cast<uInt>(out.size() - produced);
    deflate(&s, Z_SYNC_FLUSH);
    produced = out.size() - s.avail_out;
  } while (s.avail_out == 0);
  // Nothing new since the last flush (an empty message): zlib adds no second flush marker, and an
  // empty stored block, its tail left off, is the one byte 00.
  if (produced == 0) return {0x00};
  out.resize(produced - kFlushTail.size());
  return out;
}

MessageInflater::MessageInflater(DeflateParameters parameters, std::uint64_t size_limit)
    : parameters_(parameters), size_limit_(size_limit), stream_(std::make_unique<z_stream_s>()) {
  inflateInit2(stream_.get(), -static_cast<int>(parameters.window_bits));
}

MessageInflater::~MessageInflater() {
  if (stream_) inflateEnd(stream_.get());
}

MessageInflater::MessageInflater(MessageInflater&&) noexcept = default;
MessageInflater& MessageInflater::operator=(MessageInflater&&) noexcept = default;

std::variant<std::vector<std::uint8_t>, std::string> MessageInflater::inflate(
    std::span<const std::uint8_t> payload) {
  z_stream& s = *stream_;
  if (parameters_.no_context_takeover) inflateReset(&s);
  std::vector<std::uint8_t> in(payload.begin(), payload.end());
  in.insert(in.end(), kFlushTail.begin(), kFlushTail.end());
  s.next_in = in.data();
  s.avail_in = static_cast<uInt>(in.size());
  std::vector<std::uint8_t> out(std::max<std::size_t>(256, payload.size() * 4));
  std::size_t produced = 0;
  for (;;) {
    if (produced == out.size()) out.resize(out.size() * 2);
    s.next_out = out.data() + produced;
    s.avail_out = static_cast<uInt>(out.size() - produced);
    const int status = ::inflate(&s, Z_SYNC_FLUSH);
    produced = out.size() - s.avail_out;
    if (produced > size_limit_) {
      return "it inflates past the size limit of " + std::to_string(size_limit_) + " bytes";
    }
    if (status == Z_STREAM_END) {
      // A final block ends the DEFLATE stream, not the connection's window: the next message
      // goes on from it (unless the window is not taken over anyway).
      // After a final block the sender's flush leaves an empty stored block: 00, then our tail.
      const std::span<const std::uint8_t> rest(s.next_in, s.avail_in);
      if (rest.size() > kFlushTail.size() + 1 ||
          (rest.size() == kFlushTail.size() + 1 && rest.front() != 0)) {
        return "it has bytes after its final DEFLATE block";
      }
      uInt kept = 0;
      inflateGetDictionary(&s, Z_NULL, &kept);  // its size first
      std::vector<Bytef> window(kept);
      inflateGetDictionary(&s, window.data(), &kept);
      inflateReset(&s);
      inflateSetDictionary(&s, window.data(), kept);
      break;
    }
    if (status != Z_OK && status != Z_BUF_ERROR) {
      return std::string("it does not inflate: ") + (s.msg ? s.msg : "zlib error");
    }
    // Z_BUF_ERROR with room to write means the input is used up: a message cut inside a block
    // is judged by what it inflated to.
    if (s.avail_in == 0 && s.avail_out != 0) break;
  }
  out.resize(produced);
  return out;
}

}  // namespace maskcheck::wire
