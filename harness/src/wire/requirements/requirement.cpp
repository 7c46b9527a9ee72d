#include "wire/requirements/requirement.h"

#include <algorithm>
#include <functional>
#include <utility>

#include "core/case_id.h"
#include "wire/requirements/sections.h"

namespace maskcheck::wire {

namespace {

// "5.5.1" as {5, 5, 1}, so 5.10 sorts after 5.9.
std::vector<unsigned> section_numbers(std::string_view section) {
  std::vector<unsigned> numbers;
  unsigned number = 0;
  for (char c : section) {
    if (c == '.') {
      numbers.push_back(std::exchange(number, 0));
    } else {
      number = number * 10 + static_cast<unsigned>(c - '0');
    }
  }
  numbers.push_back(number);
  return numbers;
}

}  // namespace

std::string_view level_name(Level level) {
  switch (level) {
    case Level::must: return "MUST";
    case Level::should: return "SHOULD";
    case Level::policy: return "policy";
  }
  return "?";
}

const std::vector<Requirement>& all_requirements() {
  static const std::vector<Requirement> rows = [] {
    std::vector<Requirement> all;
    for (const auto part : {framing_requirements(), closing_requirements(), text_requirements(),
                            limits_requirements(), compression_requirements()}) {
      all.insert(all.end(), part.begin(), part.end());
    }
    std::ranges::stable_sort(all, std::less<>(), [](const Requirement& row) {
      return std::pair(row.rfc, section_numbers(row.section));
    });
    return all;
  }();
  return rows;
}

std::string case_family(std::string_view case_id) {
  const IdReader fields(case_id);
  if (fields[0] != "wire") return {};
  const std::string_view kind = fields[1];
  if (kind == "client" || kind == "stream" || (kind == "deflate" && fields[2] == "agreement"))
    return std::string(kind) + ":" + std::string(fields[2]);
  return std::string(kind);
}

const Requirement* requirement_of(std::string_view case_id) {
  const std::string family = case_family(case_id);
  const Requirement* best = nullptr;
  std::size_t best_length = 0;
  for (const Requirement& row : all_requirements()) {
    if (row.family == family) return &row;
    if (!row.family.ends_with('*')) continue;
    const std::string_view stem = row.family.substr(0, row.family.size() - 1);
    if (family.starts_with(stem) && stem.size() >= best_length) {
      best = &row;
      best_length = stem.size();
    }
  }
  return best;
}

bool in_section(const Requirement& row, std::string_view wanted) {
  std::string_view rfc = "6455";
  if (const std::size_t colon = wanted.find(':'); colon != std::string_view::npos) {
    rfc = wanted.substr(0, colon);
    wanted = wanted.substr(colon + 1);
  } else if (wanted == "6455" || wanted == "7692") {
    return row.rfc == wanted;
  }
  if (row.rfc != rfc) return false;
  return row.section == wanted ||
         (row.section.starts_with(wanted) && row.section[wanted.size()] == '.');
}

bool in_section_of(std::string_view case_id, std::string_view wanted) {
  const Requirement* row = requirement_of(case_id);
  return row && in_section(*row, wanted);
}

RowTally::RowTally()
    : counts_(std::make_unique<std::atomic<std::uint64_t>[]>(all_requirements().size())) {}

void RowTally::count(std::string_view case_id) {
  if (const Requirement* row = requirement_of(case_id))
    counts_[static_cast<std::size_t>(row - all_requirements().data())].fetch_add(
        1, std::memory_order_relaxed);
}

std::vector<std::uint64_t> RowTally::counts() const {
  std::vector<std::uint64_t> counts(all_requirements().size());
  for (std::size_t row = 0; row < counts.size(); ++row) counts[row] = counts_[row].load();
  return counts;
}

std::string cite(const Requirement& row) {
  return "RFC " + std::string(row.rfc) + " " + std::string(row.section) + ", " +
         std::string(level_name(row.level)) + ": " + std::string(row.requirement);
}

}  // namespace maskcheck::wire
