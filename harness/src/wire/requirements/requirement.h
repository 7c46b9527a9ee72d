// What each wire case checks, as data: the RFC section, the requirement in maskcheck's words with
// its level, and what the cases send. One file per part of the RFCs holds its rows (framing.cpp,
// closing.cpp, text.cpp, limits.cpp, compression.cpp); a case finds its row by its id's family.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace maskcheck::wire {

// How strongly the RFC asks: MUST, SHOULD, or left to the server (its policy file says what).
enum class Level { must, should, policy };

struct Requirement {
  // The family of the ids it covers (case_family()); a trailing '*' covers every family that
  // starts with what comes before it.
  std::string_view family;
  std::string_view rfc;      // "6455" or "7692"
  std::string_view section;  // "5.5.1"
  Level level;
  std::string_view requirement;  // what the peer owes
  std::string_view cases;        // what the cases send
};

std::string_view level_name(Level level);

// Every row, in the order of the RFCs' sections.
const std::vector<Requirement>& all_requirements();

// "split" for wire:split:..., "stream:close-code-1003" for wire:stream:close-code-1003:server,
// "deflate:agreement", "client:ping-inside-echo" for wire:client:ping-inside-echo:n70001.
std::string case_family(std::string_view case_id);

// The row that covers a case id, or nullptr.
const Requirement* requirement_of(std::string_view case_id);

// Whether a row lies in a section as a user names it: "5.5" (RFC 6455, and so 5.5.1), "7692", or
// "7692:7.2".
bool in_section(const Requirement& row, std::string_view wanted);

// Whether the row that covers a case id lies in a section (false for an id no row covers).
bool in_section_of(std::string_view case_id, std::string_view wanted);

// Cases run under each row of all_requirements(), counted from any thread.
class RowTally {
 public:
  RowTally();
  void count(std::string_view case_id);
  std::vector<std::uint64_t> counts() const;

 private:
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;
};

// "RFC 6455 5.5.1, MUST: ...", the line a failure prints.
std::string cite(const Requirement& row);

}  // namespace maskcheck::wire
