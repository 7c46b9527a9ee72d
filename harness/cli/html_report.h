// wire --html DIR: the run as a page a person reads, made from the summary --json prints (so the
// two never disagree): every section's cases and failures, and for each failure the requirement
// it breaks, what was sent (the bytes in their pieces), what came back, what the server owes and
// the repro line. scripts/servers --html joins the servers' pages under one matrix.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace maskcheck::cli {

// Writes DIR/index.html; empty, or the one-line reason it could not.
std::string write_html_report(const std::string& dir, const nlohmann::json& summary);

}  // namespace maskcheck::cli
