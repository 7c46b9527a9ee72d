#include "wire/servers/server_policy.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

namespace maskcheck::wire {

namespace {

using reference::ProtocolError;

std::optional<ProtocolError> error_named(const std::string& name) {
  for (int value = 0; value <= static_cast<int>(ProtocolError::non_minimal_length); ++value) {
    const auto error = static_cast<ProtocolError>(value);
    if (reference::protocol_error_name(error) == name) return error;
  }
  return std::nullopt;
}

std::vector<std::uint16_t> codes_of(const nlohmann::json& value, const std::string& where) {
  std::vector<std::uint16_t> codes;
  for (const auto& code : value) {
    if (code.is_string()) {
      if (code.get<std::string>() != "no-code")
        throw std::invalid_argument(where + ": a close code is a number or \"no-code\"");
      codes.push_back(kNoCode);
      continue;
    }
    const auto number = code.get<int>();
    if (number < 1000 || number > 4999)
      throw std::invalid_argument(where + ": close code " + std::to_string(number) +
                                  " is not 1000..4999");
    codes.push_back(static_cast<std::uint16_t>(number));
  }
  if (codes.empty()) throw std::invalid_argument(where + ": no close code");
  return codes;
}

ProtocolError known_error(const std::string& name, const std::string& where) {
  const auto error = error_named(name);
  if (!error) throw std::invalid_argument(where + ": no error class '" + name + "'");
  return *error;
}

}  // namespace

const std::vector<std::uint16_t>& ServerPolicy::codes_for(ProtocolError error,
                                                          bool in_close) const {
  if (in_close && error == ProtocolError::invalid_utf8 && close_reason_utf8_codes)
    return *close_reason_utf8_codes;
  const auto found = close_codes.find(error);
  return found == close_codes.end() ? default_close_codes : found->second;
}

reference::DecodeLimits ServerPolicy::decode_limits() const {
  reference::DecodeLimits limits;
  limits.max_message_size = max_message_size;
  limits.utf8 = utf8;
  limits.utf8_close_reasons = close_reason_utf8;
  limits.utf8_at_message_end = utf8_at_message_end;
  return limits;
}

std::variant<ServerPolicy, std::string> parse_policy(const std::string& text) {
  ServerPolicy policy;
  try {
    const nlohmann::json json = nlohmann::json::parse(text);
    if (!json.is_object()) return "a policy is a JSON object";
    for (const auto& [field, value] : json.items()) {
      if (field == "server") {
        policy.server = value.get<std::string>();
      } else if (field == "max_message_size") {
        policy.max_message_size = value.get<std::uint64_t>();
      } else if (field == "utf8") {
        policy.utf8 = value.get<bool>();
      } else if (field == "close_reason_utf8") {
        policy.close_reason_utf8 = value.get<bool>();
      } else if (field == "utf8_checked") {
        const auto timing = value.get<std::string>();
        if (timing != "per-frame" && timing != "per-message")
          return "utf8_checked must be \"per-frame\" or \"per-message\", not \"" + timing + "\"";
        policy.utf8_at_message_end = timing == "per-message";
      } else if (field == "error_close_codes") {
        policy.close_codes.clear();
        for (const auto& [name, codes] : value.items()) {
          const std::string where = "error_close_codes." + name;
          if (name == "default") {
            policy.default_close_codes = codes_of(codes, where);
          } else if (name == "invalid-utf8-in-close-reason") {
            policy.close_reason_utf8_codes = codes_of(codes, where);
          } else {
            policy.close_codes[known_error(name, where)] = codes_of(codes, where);
          }
        }
      } else if (field == "closes_without_frame") {
        for (const auto& name : value) {
          const auto text_name = name.get<std::string>();
          if (text_name == "*") {
            for (int each = 0; each <= static_cast<int>(ProtocolError::non_minimal_length); ++each)
              policy.closes_without_frame.insert(static_cast<ProtocolError>(each));
          } else {
            policy.closes_without_frame.insert(known_error(text_name, "closes_without_frame"));
          }
        }
      } else if (field == "close_drops_pending_replies") {
        policy.close_drops_pending_replies = value.get<bool>();
      } else if (field == "refused_close_codes") {
        for (std::uint16_t code : codes_of(value, field)) policy.refused_close_codes.insert(code);
      } else if (field == "close_reply") {
        const auto reply = value.get<std::string>();
        if (reply != "echo-code" && reply != "any")
          return "close_reply must be \"echo-code\" or \"any\", not \"" + reply + "\"";
        policy.echoes_close_code = reply == "echo-code";
      } else {
        return "unknown policy field '" + field + "'";
      }
    }
  } catch (const nlohmann::json::exception& error) {
    return std::string("the policy is not valid JSON of the expected shape: ") + error.what();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return policy;
}

std::variant<ServerPolicy, std::string> load_policy(const std::string& path) {
  std::ifstream file(path);
  if (!file) return "cannot read the policy file '" + path + "'";
  std::stringstream text;
  text << file.rdbuf();
  auto parsed = parse_policy(text.str());
  if (auto* reason = std::get_if<std::string>(&parsed)) return path + ": " + *reason;
  return parsed;
}

}  // namespace maskcheck::wire
