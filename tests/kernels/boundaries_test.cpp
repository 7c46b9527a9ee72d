// The boundary rule: every constant in impl/ that a length, size, code or position is compared
// with is a boundary, and the checks reach both sides of it. The source is read for comparisons
// with a constant; each must be in the table below, and each boundary in the table must have a
// case on each side in the sweep's case space, the split runs or the named streams.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/case_space.h"
#include "streams/split_space.h"
#include "streams/stream_catalogue.h"
#include "streams/wire_frames.h"

namespace maskcheck {
namespace {

// What a compared quantity is, and so which cases reach its values.
enum class Scope {
  kernel_length,   // a kernel's n (and the n4, done and tail made from it): the sweep's lengths
  key_position,    // a position modulo 4: every phase and every n % 4
  read_bytes,      // bytes of a header in one read: the split runs' first reads
  payload_length,  // a data frame's declared length: split runs and named streams
  length_field,    // bytes of the extended length (0, 2 or 8): the split runs' header sizes
  control_length,  // a ping, pong or close frame's length: named streams
  close_payload,   // a close frame's payload length: named streams
  close_code,      // a close frame's code: named streams
  message_size,    // against the default max_message_size: named streams under that limit
};

struct Boundary {
  std::string_view file;      // under impl/
  std::string_view compared;  // what stands left of the operator in the source; "" for any
  std::string_view op;
  std::string_view constant;  // as written
  std::uint64_t value;
  Scope scope;
  bool read_from_source = true;  // false where the reading cannot see it (said beside the row)
};

constexpr std::uint64_t kDefaultLimit = ParserOptions{}.max_message_size;

constexpr Boundary kBoundaries[] = {
    {"block_unmask.cpp", "Bytes", ">=", "8", 8, Scope::kernel_length},
    {"block_unmask.cpp", "Bytes", "==", "4", 4, Scope::kernel_length},
    {"block_unmask.cpp", "done", ">=", "64", 64, Scope::kernel_length},
    {"block_unmask.cpp", "tail", "&", "32", 32, Scope::kernel_length},
    {"block_unmask.cpp", "tail", "&", "16", 16, Scope::kernel_length},
    {"block_unmask.cpp", "tail", "&", "8", 8, Scope::kernel_length},
    {"block_unmask.cpp", "tail", "&", "4", 4, Scope::kernel_length},
    // The x86-64 vector kernels' shared shape, 32-byte vectors for avx2 and 64-byte for avx512.
    {"vector_words.h", "Bytes", ">=", "8", 8, Scope::kernel_length},
    {"vector_words.h", "sizeof(Word)", "==", "8", 8, Scope::kernel_length},
    // Chosen at compile time (avx512's 32-byte first and last): lengths 63 and 65 reach it anyway.
    {"vector_words.h", "kVectorBytes", "==", "64", 64, Scope::kernel_length},
    {"vector_words.h", "n", "<", "kVectorBytes", 32, Scope::kernel_length},
    {"vector_words.h", "n", "<", "kVectorBytes", 64, Scope::kernel_length},
    {"vector_words.h", "n", ">=", "32", 32, Scope::kernel_length},
    {"vector_words.h", "n", ">=", "16", 16, Scope::kernel_length},
    {"vector_words.h", "n", ">=", "8", 8, Scope::kernel_length},
    {"vector_words.h", "n", ">=", "4", 4, Scope::kernel_length},
    // "n <= 2 * kVectorBytes" and so on, read up to the first factor: first and last vectors.
    {"vector_words.h", "n", "<=", "2", 64, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "2", 128, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "4", 128, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "4", 256, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "5", 160, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "5", 320, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "8", 256, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "8", 512, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "9", 288, Scope::kernel_length},
    {"vector_words.h", "n", "<=", "9", 576, Scope::kernel_length},
    // Not found by the reading (the constant is a product): one step of four vectors.
    {"vector_words.h", "kStepBytes", "<=", "128", 128, Scope::kernel_length, false},
    {"vector_words.h", "kStepBytes", "<=", "256", 256, Scope::kernel_length, false},
    {"neon_unmask.cpp", "done", ">=", "kStepBytes", 64, Scope::kernel_length},
    {"neon_unmask.cpp", "tail", "&", "32", 32, Scope::kernel_length},
    {"neon_unmask.cpp", "tail", "&", "16", 16, Scope::kernel_length},
    {"neon_unmask.cpp", "tail", "&", "8", 8, Scope::kernel_length},
    {"neon_unmask.cpp", "tail", "&", "4", 4, Scope::kernel_length},
    {"include/maskcheck/entries_from_words.h", "", "&", "3", 3, Scope::key_position},
    {"frame_parser.cpp", "available", "<", "2", 2, Scope::read_bytes},
    {"frame_parser.cpp", "header.length", "==", "126", 126, Scope::payload_length},
    {"frame_parser.cpp", "header.length", "==", "127", 127, Scope::payload_length},
    {"frame_parser.cpp", "length_bytes", "==", "8", 8, Scope::length_field},
    {"frame_parser.cpp", "header.length", ">", "125", 125, Scope::control_length},
    {"frame_parser.cpp", "payload.size()", "==", "1", 1, Scope::close_payload},
    {"frame_parser.cpp", "payload.size()", ">=", "2", 2, Scope::close_payload},
    {"frame_parser.cpp", "code", ">=", "1000", 1000, Scope::close_code},
    {"frame_parser.cpp", "code", "<=", "1003", 1003, Scope::close_code},
    {"frame_parser.cpp", "code", ">=", "1007", 1007, Scope::close_code},
    {"frame_parser.cpp", "code", "<=", "1014", 1014, Scope::close_code},
    {"frame_parser.cpp", "code", ">=", "3000", 3000, Scope::close_code},
    {"frame_parser.cpp", "code", "<=", "4999", 4999, Scope::close_code},
    // The default limit, compared as `header.length > max_message_size - so_far`.
    {"include/maskcheck/frame_parser_interface.h", "max_message_size", ">", "1 << 26",
     kDefaultLimit, Scope::message_size, false},
};

struct Comparison {
  std::string file;
  std::string compared;
  std::string op;
  std::string constant;
};

// Comparisons with a decimal constant or a kConstant on their right, comments left out. Zero is
// not a boundary with two sides, and hexadecimal constants are bit masks on header bytes.
std::vector<Comparison> comparisons_in(const std::string& file, std::istream& in) {
  static const std::regex kComparison(R"((\S+)\s(<=|>=|==|!=|<|>|&)\s+([0-9]+\b|k[A-Z]\w*))");
  std::vector<Comparison> found;
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find("//"));
    for (std::sregex_iterator it(line.begin(), line.end(), kComparison), end; it != end; ++it) {
      if ((*it)[3] == "0") continue;
      // "static_assert(Bytes" and "(sizeof(Word)": the name or call the constant is held against.
      static const std::regex kName(R"([A-Za-z_][\w.]*(\(\w*\))?$)");
      const std::string token = (*it)[1];
      std::smatch name;
      std::regex_search(token, name, kName);
      found.push_back({file, name.str(), (*it)[2], (*it)[3]});
    }
  }
  return found;
}

std::vector<Comparison> comparisons_in(const std::string& file) {
  std::ifstream in(std::string(MASKCHECK_SOURCE_DIR) + "/impl/" + file);
  EXPECT_TRUE(in) << "cannot read impl/" << file;
  return comparisons_in(file, in);
}

bool matches(const Boundary& boundary, const Comparison& comparison) {
  return boundary.file == comparison.file && boundary.op == comparison.op &&
         boundary.constant == comparison.constant &&
         (boundary.compared.empty() || boundary.compared == comparison.compared);
}

bool listed(const Comparison& comparison) {
  for (const Boundary& boundary : kBoundaries) {
    if (matches(boundary, comparison)) return true;
  }
  return false;
}

TEST(Boundaries, EveryConstantImplComparesWithIsListed) {
  std::size_t read = 0;
  for (const char* file :
       {"block_unmask.cpp", "vector_words.h", "avx2_unmask.cpp", "avx512_unmask.cpp",
        "neon_unmask.cpp", "frame_parser.cpp", "frame_error.cpp", "cpu_features.cpp",
        "unmask_selection.cpp", "include/maskcheck/entries_from_words.h",
        "include/maskcheck/frame_parser_interface.h"}) {
    for (const Comparison& comparison : comparisons_in(file)) {
      ++read;
      EXPECT_TRUE(listed(comparison))
          << "impl/" << file << ": '" << comparison.compared << " " << comparison.op << " "
          << comparison.constant << "' is a boundary the table in this test does not list";
    }
  }
  EXPECT_GE(read, 25u) << "the reading of impl/ found too few comparisons to be working";
}

// A row the source no longer has would keep a vanished boundary's cases in the space for nothing.
TEST(Boundaries, EveryListedBoundaryIsInTheSource) {
  for (const Boundary& boundary : kBoundaries) {
    if (!boundary.read_from_source) continue;
    bool found = false;
    for (const Comparison& comparison : comparisons_in(std::string(boundary.file))) {
      found = found || matches(boundary, comparison);
    }
    EXPECT_TRUE(found) << "impl/" << boundary.file << ": '" << boundary.compared << " "
                       << boundary.op << " " << boundary.constant
                       << "' is listed but the source no longer compares it";
  }
}

// The reading's teeth: a new constant in a kernel's loop, and a listed one beside it.
TEST(Boundaries, AComparisonTheTableLacksIsFound) {
  std::istringstream source(
      "  for (; n4 - done >= 96; done += 96) step();  // a wider step\n"
      "  if (tail & 32) {\n");
  const std::vector<Comparison> found = comparisons_in("block_unmask.cpp", source);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].compared, "done");
  EXPECT_FALSE(listed(found[0]));
  EXPECT_TRUE(listed(found[1]));
}

// The values the checks reach, per scope.
using Reached = std::set<std::uint64_t>;

struct Coverage {
  Reached kernel_lengths, phases, first_reads, payload_lengths, length_fields, control_lengths,
      close_payloads, close_codes, lengths_at_default_limit;

  const Reached& of(Scope scope) const {
    switch (scope) {
      case Scope::kernel_length: return kernel_lengths;
      case Scope::key_position: return phases;
      case Scope::read_bytes: return first_reads;
      case Scope::payload_length: return payload_lengths;
      case Scope::length_field: return length_fields;
      case Scope::control_length: return control_lengths;
      case Scope::close_payload: return close_payloads;
      case Scope::close_code: return close_codes;
      case Scope::message_size: return lengths_at_default_limit;
    }
    return kernel_lengths;
  }
};

void add_named_streams(Coverage& coverage) {
  for (const NamedStream& stream : stream_catalogue()) {
    const std::span<const std::uint8_t> bytes = stream.bytes;
    for_each_wire_frame(bytes, [&](const WireFrame& frame) {
      if (frame.header == WireFrame::kUnknown || frame.begin + frame.header > bytes.size())
        return true;
      const bool control = frame.opcode() >= 0x8;
      (control ? coverage.control_lengths : coverage.payload_lengths).insert(frame.length);
      if (!control && stream.max_message_size == kDefaultLimit)
        coverage.lengths_at_default_limit.insert(frame.length);
      if (frame.opcode() != 0x8) return true;
      coverage.close_payloads.insert(frame.length);
      const std::size_t payload = frame.begin + frame.header;
      if (frame.length >= 2 && payload + 2 <= bytes.size()) {
        coverage.close_codes.insert((bytes[payload] ^ frame.key[0]) << 8 |
                                    (bytes[payload + 1] ^ frame.key[1]));
      }
      return true;
    });
  }
}

void add_splits(Coverage& coverage) {
  for (unsigned header_size : {6u, 8u, 14u}) {
    coverage.length_fields.insert(header_size == 6 ? 0 : header_size == 8 ? 2 : 8);
    for_each_split({header_size, 1}, [&](const SplitCase& split) {
      coverage.payload_lengths.insert(split.length);
      if (header_size == 6) coverage.first_reads.insert(split.first_cut);
      return true;
    });
  }
}

const Coverage& what_the_checks_reach() {
  static const Coverage reached = [] {
    Coverage coverage;
    const CaseSpace space = full_case_space();
    coverage.kernel_lengths.insert(space.lengths.begin(), space.lengths.end());
    for (const auto* lengths : {&space.large_lengths, &space.span_lengths, &space.span_remainders})
      coverage.kernel_lengths.insert(lengths->begin(), lengths->end());
    for (std::uint64_t n : coverage.kernel_lengths) coverage.phases.insert(n % 4);
    add_splits(coverage);
    add_named_streams(coverage);
    return coverage;
  }();
  return reached;
}

// The two sides of a comparison: the values on which it turns out one way and the other.
std::vector<std::uint64_t> sides(const Boundary& boundary) {
  const std::uint64_t b = boundary.value;
  if (boundary.scope == Scope::key_position) return {0, 1, 2, 3};
  if (boundary.scope == Scope::length_field) return {0, 2, 8};
  if (boundary.op == "<" || boundary.op == ">=" || boundary.op == "&") return {b - 1, b};
  if (boundary.op == ">" || boundary.op == "<=") return {b, b + 1};
  return {b - 1, b, b + 1};
}

std::vector<std::uint64_t> unreached_sides(const Boundary& boundary, const Coverage& coverage) {
  std::vector<std::uint64_t> unreached;
  for (std::uint64_t value : sides(boundary)) {
    if (coverage.of(boundary.scope).count(value) == 0) unreached.push_back(value);
  }
  return unreached;
}

TEST(Boundaries, TheChecksReachBothSidesOfEveryBoundary) {
  const Coverage& coverage = what_the_checks_reach();
  for (const Boundary& boundary : kBoundaries) {
    for (std::uint64_t value : unreached_sides(boundary, coverage)) {
      ADD_FAILURE() << "impl/" << boundary.file << ": '" << boundary.compared << " " << boundary.op
                    << " " << boundary.constant << "': no case reaches " << value;
    }
  }
}

// The coverage's teeth: a kernel step of 3 MiB, between the span tier's powers of two, and a
// close-code range edge between the catalogue's codes.
TEST(Boundaries, ABoundaryTheChecksMissIsFound) {
  const Coverage& coverage = what_the_checks_reach();
  const Boundary step{"block_unmask.cpp", "done", ">=", "kHuge", 3u << 20, Scope::kernel_length};
  EXPECT_EQ(unreached_sides(step, coverage),
            (std::vector<std::uint64_t>{(3u << 20) - 1, 3u << 20}));
  const Boundary code{"frame_parser.cpp", "code", "<=", "2500", 2500, Scope::close_code};
  EXPECT_EQ(unreached_sides(code, coverage), (std::vector<std::uint64_t>{2500, 2501}));
}

}  // namespace
}  // namespace maskcheck
