// Writes the seed corpus for both fuzz targets from a fixed recipe (corpus/README.md says which
// seeds and why), so the seeds are reproducible rather than opaque committed blobs.
// Usage: maskcheck_seed_corpus OUT_DIR  (writes OUT_DIR/kernel_diff and OUT_DIR/stream_diff)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "kernel_input.h"
#include "streams/frame_builder.h"
#include "maskcheck/frame_parser_interface.h"
#include "registry/kernel_registry.h"
#include "stream_input.h"

namespace {

using namespace maskcheck;
using Bytes = std::vector<std::uint8_t>;

constexpr Key kRfcKey{0x37, 0xfa, 0x21, 0x3d};

void write_seed(const std::filesystem::path& folder, const std::string& name, const Bytes& bytes) {
  std::filesystem::create_directories(folder);
  std::ofstream(folder / (name + ".seed"), std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// Every entry point (of maskcheck's own four, by index) at the lengths around each block size,
// the server shifts and four disjoint placements (below and, for exact, above), zero and RFC keys.
void kernel_seeds(const std::filesystem::path& folder) {
  const Bytes payload{'m', 'a',  's',  'k',  'c',  'h',  'e',  'c',
                      'k', 0x00, 0xff, 0x80, 0x7f, 0x01, 0xfe, 0x55};
  const Kernel& own = reference_kernel();
  for (unsigned index = 0; index < own.entries.size(); ++index) {
    for (std::size_t n : {0u, 1u, 3u, 4u, 5u, 63u, 64u, 65u, 127u, 128u, 300u, 1000u, 4097u}) {
      // The server shifts, then dst wholly below and above src: adjacent, a cache line apart.
      for (const auto& [shift, disjoint] :
           {std::pair{0u, 0u}, {4u, 0u}, {14u, 0u}, {0u, 1u}, {0u, 3u}, {0u, 4u}, {0u, 6u}}) {
        for (const Key& key : {Key{}, kRfcKey}) {
          fuzz::KernelInput seed{index,
                                 {nullptr, n, static_cast<unsigned>(n * 7 % 64), shift, key,
                                  static_cast<unsigned>(n % 4)},
                                 disjoint,
                                 static_cast<Placement>((n + shift + disjoint) % 3),
                                 payload};
          const TestCase c = fuzz::case_for(own, seed);
          const bool above = disjoint > kDisjointGaps.size();
          const std::size_t gap =
              disjoint ? kDisjointGaps[(disjoint - 1) % kDisjointGaps.size()] : 0;
          const std::size_t wanted = disjoint ? c.length + gap : shift;
          // An entry that takes no shift gets d0 once; one that takes dst only below, no above.
          if (c.shift != wanted || c.dst_above != above) continue;
          const Bytes input = fuzz::write_kernel_input(seed);
          // The writer must mirror FuzzedDataProvider exactly, or the seeds mean nothing.
          if (!(fuzz::read_kernel_input(input) == seed)) {
            std::fprintf(stderr, "seed %s does not read back as written\n",
                         case_id("seed", c).c_str());
            std::exit(1);
          }
          write_seed(folder, case_id("seed", c).substr(5), input);
        }
      }
    }
  }
}

Bytes frame(std::uint8_t first_byte, const Bytes& payload, unsigned header_size = 0,
            bool masked = true) {
  Bytes bytes;
  append_frame(bytes, {first_byte, payload, kRfcKey, header_size, masked});
  return bytes;
}

Bytes operator+(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

void stream_seed(const std::filesystem::path& folder, const std::string& name, const Bytes& stream,
                 std::vector<std::uint16_t> cuts, std::uint8_t flags = 0) {
  write_seed(folder, name, fuzz::write_stream_input({flags, std::move(cuts), stream}));
}

// Streams a parser must get right: the RFC example, fragments with control frames between them,
// every length encoding, and one stream per protocol error.
void stream_seeds(const std::filesystem::path& folder) {
  const Bytes hello{'H', 'e', 'l', 'l', 'o'};
  const Bytes ping = frame(kFin | opcode::ping, {'p'});
  stream_seed(folder, "hello-one-read", frame(kFin | opcode::text, hello), {});
  stream_seed(folder, "hello-cut-in-header", frame(kFin | opcode::text, hello), {1, 4});
  stream_seed(folder, "hello-over-key", frame(kFin | opcode::text, hello), {7}, 1);
  stream_seed(folder, "hello-in-place", frame(kFin | opcode::text, hello) + ping, {7}, 2);
  stream_seed(
      folder, "fragments-with-ping",
      frame(opcode::text, {'H', 'e', 'l'}) + ping + frame(kFin | opcode::continuation, {'l', 'o'}),
      {5, 9, 20});
  for (std::size_t n : {0u, 1u, 125u, 126u, 127u, 1000u, 4100u}) {
    for (unsigned header : {0u, 8u, 14u}) {
      stream_seed(folder, "binary-n" + std::to_string(n) + "-h" + std::to_string(header),
                  frame(kFin | opcode::binary, Bytes(n, 0x5a), header) + ping,
                  {static_cast<std::uint16_t>(n / 2 + 3)}, static_cast<std::uint8_t>(n & 0x1f));
    }
  }
  stream_seed(folder, "close-1000", frame(kFin | opcode::close, {0x03, 0xe8, 'b', 'y', 'e'}), {3});
  stream_seed(folder, "error-close-1005", frame(kFin | opcode::close, {0x03, 0xed}), {});
  stream_seed(folder, "error-close-one-byte", frame(kFin | opcode::close, {0x03}), {});
  stream_seed(folder, "error-unmasked", frame(kFin | opcode::text, hello, 0, false), {});
  stream_seed(folder, "error-rsv1", frame(kFin | 0x40 | opcode::text, hello), {});
  stream_seed(folder, "error-opcode-3", frame(kFin | 0x3, hello), {});
  stream_seed(folder, "error-long-ping", frame(kFin | opcode::ping, Bytes(126, 1)), {60});
  stream_seed(folder, "error-ping-without-fin", frame(opcode::ping, {'p'}), {});
  stream_seed(folder, "error-lone-continuation", frame(kFin | opcode::continuation, hello), {});
  stream_seed(folder, "error-text-inside-message",
              frame(opcode::text, hello) + frame(kFin | opcode::text, hello), {12});
  stream_seed(folder, "error-length-top-bit",
              {kFin | opcode::binary, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 1, 0x37, 0xfa, 0x21, 0x3d}, {});
  stream_seed(folder, "error-message-too-large", frame(kFin | opcode::binary, Bytes(65537, 2)), {});
  // With no size limit (flag 0x20): frames declaring 2^32 + 1 and 2^40 bytes, of which 600 arrive.
  for (const auto& [name, declared] : {std::pair{"declared-2^32+1-prefix", (1ull << 32) + 1},
                                       std::pair{"declared-2^40-prefix", 1ull << 40}}) {
    Bytes stream;
    append_frame(stream, {kFin | opcode::binary, Bytes(600, 3), kRfcKey, 0, true, declared});
    stream_seed(folder, name, stream, {9, 14, 300}, 0x20);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path out = argv[1];
  kernel_seeds(out / "kernel_diff");
  stream_seeds(out / "stream_diff");
  return 0;
}
