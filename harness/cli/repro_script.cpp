#include "cli/repro_script.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/repro_script_text.h"

namespace maskcheck::cli {

namespace {

constexpr std::string_view kCaseLine = "CASE = None  # the case, written in by maskcheck";

std::string_view ending_name(wire::Ending ending) {
  switch (ending) {
    case wire::Ending::open: return "open";
    case wire::Ending::client_close: return "client_close";
    case wire::Ending::error: return "error";
    case wire::Ending::unfinished: return "unfinished";
  }
  return "?";
}

std::string codes_text(const std::vector<std::uint16_t>& codes) {
  std::string text;
  for (std::uint16_t code : codes) text += (text.empty() ? "" : " or ") + std::to_string(code);
  return text.empty() ? "any code" : "code " + text;
}

// What the server owes after its replies, as the script prints it.
std::string ending_words(const wire::WireExpectation& expected) {
  switch (expected.ending) {
    case wire::Ending::open: return "the connection stays open (the script's fence comes back)";
    case wire::Ending::client_close: return "a close with " + codes_text(expected.close_codes);
    case wire::Ending::error:
      return "a close with " + codes_text(expected.close_codes) + " for " + expected.error_words +
             (expected.may_drop ? ", or the end of the connection" : "");
    case wire::Ending::unfinished:
      return "nothing more: the stream stops inside a frame (a close or the end of the connection "
             "is fine)";
  }
  return "?";
}

nlohmann::json case_json(const StreamFailure& failure, const std::string& requirement,
                         const std::string& url, const wire::ServerReplay& replay) {
  nlohmann::json messages = nlohmann::json::array();
  for (const wire::WireEvent& event : replay.expected.events)
    messages.push_back({{"opcode", event.opcode}, {"payload", hex_of(event.payload)}});
  nlohmann::json pieces = nlohmann::json::array();
  for (const std::vector<std::uint8_t>& piece : replay.pieces) pieces.push_back(hex_of(piece));
  const wire::WireExpectation& expected = replay.expected;
  return {{"case", failure.case_id},
          {"requirement", requirement},
          {"headline", failure.headline},
          {"url", url},
          {"offer", replay.offer},
          {"pieces", pieces},
          {"expected",
           {{"messages", messages},
            {"ending", ending_name(expected.ending)},
            {"ending_words", ending_words(expected)},
            {"close_codes", expected.close_codes},
            {"empty_close_allowed", expected.empty_close_allowed},
            {"may_drop", expected.may_drop},
            {"may_lose_last_replies", expected.may_lose_last_replies}}}};
}

}  // namespace

std::string hex_of(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (std::uint8_t byte : bytes) {
    hex += kDigits[byte >> 4];
    hex += kDigits[byte & 15];
  }
  return hex;
}

WrittenScript write_repro_script(const std::string& dir, const StreamFailure& failure,
                                 const std::string& requirement, const std::string& url,
                                 const wire::ServerReplay& replay) {
  std::string script = kReproScript;
  const std::size_t line = script.find(kCaseLine);
  if (line == std::string::npos) return {{}, "the script template has no case line"};
  // A JSON text is a Python literal once parsed: json.loads keeps every byte as written.
  const std::string json = case_json(failure, requirement, url, replay).dump();
  script.replace(line, kCaseLine.size(), "CASE = json.loads(" + nlohmann::json(json).dump() + ")");
  std::string name = failure.case_id;
  std::replace(name.begin(), name.end(), ':', '-');
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  const std::string path = dir + "/" + name + ".py";
  std::ofstream file(path);
  file << script;
  if (!file.flush()) return {{}, "cannot write " + path};
  file.close();
  std::filesystem::permissions(path, std::filesystem::perms::owner_exec,
                               std::filesystem::perm_options::add, error);
  return {path, {}};
}

}  // namespace maskcheck::cli
