#include "cli/failing_cases.h"

#include <algorithm>

#include "cli/repro_script.h"
#include "cli/wire_requirements.h"
#include "wire/servers/server_replay.h"

namespace maskcheck::cli {

namespace {

constexpr std::size_t kShownPerPiece = 256;  // the page shows the start of each piece

nlohmann::json shown_pieces(const wire::ServerReplay& replay) {
  nlohmann::json pieces = nlohmann::json::array();
  for (const std::vector<std::uint8_t>& piece : replay.pieces) {
    const std::size_t shown = std::min(piece.size(), kShownPerPiece);
    pieces.push_back({{"bytes", piece.size()},
                      {"hex", hex_of(std::span(piece).first(shown))},
                      {"cut", shown < piece.size()}});
  }
  return pieces;
}

}  // namespace

std::map<std::string, nlohmann::json> keep_failing_cases(
    const std::string& repro_dir, bool bytes_for_page, const wire::ServerTarget& target,
    const std::optional<wire::DeflateAgreement>& agreement, std::span<StreamFailure> failures) {
  std::map<std::string, nlohmann::json> sent;
  if (repro_dir.empty() && !bytes_for_page) return sent;
  const std::string url = "ws://" + target.url.host + target.url.path;
  for (StreamFailure& failure : failures) {
    const auto replay = wire::server_replay(failure.case_id, target, agreement);
    const auto* made = std::get_if<wire::ServerReplay>(&replay);
    if (made && bytes_for_page) sent[failure.case_id] = shown_pieces(*made);
    if (repro_dir.empty()) continue;
    const WrittenScript written =
        made ? write_repro_script(repro_dir, failure, broken_requirement(failure), url, *made)
             : WrittenScript{{}, std::get<std::string>(replay)};
    failure.detail += written.problem.empty() ? "  repro script: python3 " + written.path + "\n"
                                              : "  no repro script: " + written.problem + "\n";
  }
  return sent;
}

}  // namespace maskcheck::cli
