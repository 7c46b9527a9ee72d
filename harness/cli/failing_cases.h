// What wire keeps of each failing server case beyond its report: with --repro-dir its standalone
// replay (the script's path added to the failure's detail), with --html the bytes it sent, piece
// by piece. Each failure's replay is made once for both.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>

#include "streams/stream_differ.h"
#include "wire/protocol/deflate_negotiation.h"
#include "wire/servers/server_session.h"

namespace maskcheck::cli {

// The bytes sent, by case id: empty unless `bytes_for_page`.
std::map<std::string, nlohmann::json> keep_failing_cases(
    const std::string& repro_dir, bool bytes_for_page, const wire::ServerTarget& target,
    const std::optional<wire::DeflateAgreement>& agreement, std::span<StreamFailure> failures);

}  // namespace maskcheck::cli
