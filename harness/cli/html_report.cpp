#include "cli/html_report.h"

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "cli/markup_text.h"

namespace maskcheck::cli {

namespace {

constexpr std::string_view kStyle =
    "body{font-family:sans-serif;margin:2em;max-width:80em}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}"
    ".passed{background:#dfd}.failed{background:#fdd}.policy{color:#666}"
    "pre{background:#f6f6f6;padding:.6em;white-space:pre-wrap;word-break:break-all}";

std::string text_of(const nlohmann::json& value, const char* key) {
  return value.value(key, std::string());
}

std::string number_of(const nlohmann::json& value, const char* key) {
  return std::to_string(value.value(key, std::uint64_t{0}));
}

// One row per section the run sent cases of: its cases, its failures, passed or failed.
std::string sections_table(const nlohmann::json& summary) {
  std::string html =
      "<h2>By section</h2>\n<table id=\"sections\">\n<tr><th>section</th><th>level</th>"
      "<th>cases</th><th>requirement</th><th>run</th><th>failed</th></tr>\n";
  for (const nlohmann::json& row : summary.value("requirements", nlohmann::json::array())) {
    const std::uint64_t failed = row.value("failed", std::uint64_t{0});
    html += "<tr class=\"" + std::string(failed ? "failed" : "passed") + "\"><td>RFC " +
            escaped(text_of(row, "rfc")) + " " + escaped(text_of(row, "section")) + "</td><td>" +
            escaped(text_of(row, "level")) + "</td><td>" + escaped(text_of(row, "cases")) +
            "</td><td>" + escaped(text_of(row, "requirement")) + "</td><td>" +
            number_of(row, "run") + "</td><td>" + number_of(row, "failed") + "</td></tr>\n";
  }
  return html + "</table>\n";
}

// What maskcheck wrote, piece by piece: each piece one read on the server.
std::string sent_bytes(const nlohmann::json& failure) {
  const nlohmann::json& pieces = failure.value("sent", nlohmann::json::array());
  if (pieces.empty()) return {};
  std::string html = "<p>sent in " + std::to_string(pieces.size()) +
                     (pieces.size() == 1 ? " piece" : " pieces") +
                     ", each one read on the server:</p>\n<pre class=\"sent\">";
  for (const nlohmann::json& piece : pieces) {
    html.append("[").append(number_of(piece, "bytes")).append(" bytes] ");
    html.append(escaped(text_of(piece, "hex"))).append(piece.value("cut", false) ? " ...\n" : "\n");
  }
  return html + "</pre>\n";
}

std::string failure_section(const nlohmann::json& failure) {
  const std::string id = text_of(failure, "case");
  return "<div class=\"failure\" id=\"" + escaped(id) + "\">\n<h3>" + escaped(id) + "</h3>\n<p>" +
         escaped(text_of(failure, "headline")) + "</p>\n<p>breaks " +
         escaped(text_of(failure, "requirement")) + "</p>\n" + sent_bytes(failure) +
         "<pre class=\"detail\">" + escaped(text_of(failure, "detail")) + "</pre>\n<pre>" +
         escaped(text_of(failure, "repro")) + "</pre>\n</div>\n";
}

}  // namespace

std::string write_html_report(const std::string& dir, const nlohmann::json& summary) {
  const std::string subject = summary.contains("server") ? "server" : "client";
  const std::string name = text_of(summary, subject.c_str());
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
                     escaped("maskcheck wire: " + name) + "</title><style>" + std::string(kStyle) +
                     "</style></head><body>\n<h1>" + escaped(name) + "</h1>\n<p id=\"result\">" +
                     escaped(text_of(summary, "result")) + ": " + number_of(summary, "cases") +
                     " cases, " + number_of(summary, "failed_cases") + " failed (" + subject +
                     ")</p>\n";
  if (summary.contains("deflate"))
    html += "<p>permessage-deflate: " + escaped(text_of(summary, "deflate")) + "</p>\n";
  html += sections_table(summary);
  const nlohmann::json& failures = summary.value("failures", nlohmann::json::array());
  if (!failures.empty()) html += "<h2>Failures</h2>\n";
  for (const nlohmann::json& failure : failures) html += failure_section(failure);
  html += "</body></html>\n";
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  const std::string path = dir + "/index.html";
  std::ofstream file(path);
  file << html;
  return file.flush() ? std::string() : "cannot write " + path;
}

}  // namespace maskcheck::cli
