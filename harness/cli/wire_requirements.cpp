#include "cli/wire_requirements.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "cli/commands.h"
#include "wire/requirements/requirement.h"

namespace maskcheck::cli {

std::string broken_requirement(const StreamFailure& failure) {
  const wire::Requirement* row = wire::requirement_of(failure.case_id);
  return row ? wire::cite(*row) : std::string();
}

// Columns as wide as their widest entry, so every row's requirement starts in one place.
int list_requirements() {
  int section_width = static_cast<int>(std::string_view("section").size());
  int family_width = static_cast<int>(std::string_view("cases").size());
  auto section_of = [](const wire::Requirement& row) {
    return "RFC " + std::string(row.rfc) + " " + std::string(row.section);
  };
  for (const wire::Requirement& row : wire::all_requirements()) {
    section_width = std::max(section_width, static_cast<int>(section_of(row).size()));
    family_width = std::max(family_width, static_cast<int>(row.family.size()));
  }
  std::printf("%-*s %-7s %-*s %s\n", section_width, "section", "level", family_width, "cases",
              "requirement");
  for (const wire::Requirement& row : wire::all_requirements()) {
    std::printf("%-*s %-7s %-*s %s\n", section_width, section_of(row).c_str(),
                std::string(wire::level_name(row.level)).c_str(), family_width,
                std::string(row.family).c_str(), std::string(row.requirement).c_str());
    std::printf("%-*s %-7s %-*s   sends: %s\n", section_width, "", "", family_width, "",
                std::string(row.cases).c_str());
  }
  return kExitPass;
}

std::string check_section(std::string_view section) {
  if (section.empty()) return {};
  for (const wire::Requirement& row : wire::all_requirements()) {
    if (wire::in_section(row, section)) return {};
  }
  return "no wire case checks section '" + std::string(section) +
         "': name one as 5.5, 7692 or 7692:7.2 (see wire --list)";
}

nlohmann::json requirements_json(const std::vector<std::uint64_t>& counted,
                                 const std::vector<StreamFailure>& failures) {
  const std::vector<wire::Requirement>& all = wire::all_requirements();
  std::vector<std::uint64_t> failed(all.size());
  for (const StreamFailure& failure : failures) {
    if (const wire::Requirement* row = wire::requirement_of(failure.case_id))
      ++failed[static_cast<std::size_t>(row - all.data())];
  }
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const std::uint64_t cases = i < counted.size() ? counted[i] : 0;
    if (cases == 0 && failed[i] == 0) continue;
    rows.push_back({{"rfc", all[i].rfc},
                    {"section", all[i].section},
                    {"level", wire::level_name(all[i].level)},
                    {"cases", all[i].family},
                    {"requirement", all[i].requirement},
                    {"run", cases},
                    {"failed", failed[i]}});
  }
  return rows;
}

}  // namespace maskcheck::cli
