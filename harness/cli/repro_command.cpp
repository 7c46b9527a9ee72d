#include <cstdio>
#include <nlohmann/json.hpp>
#include <variant>

#include "cli/case_kinds.h"
#include "cli/commands.h"
#include "cli/json_report.h"
#include "kernels/differ.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "streams/stream_catalogue.h"
#include "streams/stream_sweep.h"

namespace maskcheck::cli {

namespace {

// The kernel an id names, if it exists and this CPU runs it; else why not.
std::variant<const Kernel*, std::string> runnable_kernel(const std::string& name) {
  const Kernel* kernel = find_kernel(name);
  if (kernel == nullptr) return "unknown kernel '" + name + "' (see maskcheck list)";
  if (!kernel->runs_here()) return "kernel '" + name + "' does not run on this CPU";
  return kernel;
}

int report_stream_case(const std::string& id, const std::optional<StreamFailure>& failure,
                       bool json) {
  if (json) {
    nlohmann::json out{{"case_id", id}, {"result", failure ? "fail" : "pass"}};
    if (failure) out["failure"] = stream_failure_json(*failure);
    std::printf("%s\n", out.dump(2).c_str());
  } else if (failure) {
    std::printf("%s", format_stream_failure(*failure).c_str());
  } else {
    std::printf("PASS %s\n", id.c_str());
  }
  return failure ? kExitFailures : kExitPass;
}

// The parser and kernel an id's subject names, runnable here; else why not.
std::variant<ParserOnKernel, std::string> runnable_subject(std::string_view subject) {
  const auto [parser_name, kernel_name] = parse_subject(subject);
  const Parser* parser = parser_name.empty() ? &builtin_parser() : find_parser(parser_name);
  if (parser == nullptr) {
    return "unknown parser '" + std::string(parser_name) +
           "' (load it with --parser-plugin; see maskcheck list)";
  }
  if (parser->takes_kernel == 0) {
    if (!kernel_name.empty())
      return "parser '" + std::string(parser_name) + "' takes no kernel: the id names none";
    return ParserOnKernel{*parser, nullptr};
  }
  const auto found = runnable_kernel(std::string(kernel_name));
  if (const auto* reason = std::get_if<std::string>(&found)) return *reason;
  const Kernel* kernel = std::get<const Kernel*>(found);
  if (!parser_fits(*parser, *kernel))
    return "kernel '" + std::string(kernel_name) + "' does not fit the parser: " + kParserNeeds;
  return ParserOnKernel{*parser, kernel};
}

std::variant<unsigned, std::string> variant_of(const Parser& parser, std::string_view name) {
  if (const auto variant = find_variant(parser, name)) return *variant;
  return "'" + std::string(name) + "' is not a variant of parser '" + parser.name + "' (" +
         variant_names(parser) + ")";
}

}  // namespace

int split_repro_command(const ReproArguments& arguments) {
  const std::string& id = arguments.id;
  auto parsed = parse_split_case_id(id);
  if (const auto* reason = std::get_if<std::string>(&parsed)) return bad_input(*reason);
  auto& [subject_field, variant_field, split] = std::get<ParsedSplitId>(parsed);
  const auto subject = runnable_subject(subject_field);
  if (const auto* reason = std::get_if<std::string>(&subject)) return bad_input(*reason);
  const ParserOnKernel& on = std::get<ParserOnKernel>(subject);
  const auto variant = variant_of(on.parser, variant_field);
  if (const auto* reason = std::get_if<std::string>(&variant)) return bad_input(*reason);
  split.variant = std::get<unsigned>(variant);
  return report_stream_case(split_case_id(subject_name(on), variant_field, split),
                            check_split(on, split), arguments.json);
}

int stream_repro_command(const ReproArguments& arguments) {
  const std::string& id = arguments.id;
  auto parsed = parse_stream_case_id(id);
  if (const auto* reason = std::get_if<std::string>(&parsed)) return bad_input(*reason);
  const auto& [subject_field, stream, variant_field] = std::get<ParsedStreamId>(parsed);
  const auto subject = runnable_subject(subject_field);
  if (const auto* reason = std::get_if<std::string>(&subject)) return bad_input(*reason);
  const ParserOnKernel& on = std::get<ParserOnKernel>(subject);
  const auto variant = variant_of(on.parser, variant_field);
  if (const auto* reason = std::get_if<std::string>(&variant)) return bad_input(*reason);
  auto checked = check_stream_case(on, stream, std::get<unsigned>(variant));
  if (const auto* reason = std::get_if<std::string>(&checked)) return bad_input(*reason);
  return report_stream_case(id, std::get<std::optional<StreamFailure>>(checked), arguments.json);
}

int unmask_repro_command(const ReproArguments& arguments) {
  auto parsed = parse_case_id(arguments.id);
  if (const auto* reason = std::get_if<std::string>(&parsed)) return bad_input(*reason);
  auto& [kernel_name, entry_name, test_case] = std::get<ParsedCaseId>(parsed);
  const auto found = runnable_kernel(kernel_name);
  if (const auto* reason = std::get_if<std::string>(&found)) return bad_input(*reason);
  const Kernel* kernel = std::get<const Kernel*>(found);
  test_case.entry = kernel->entry(entry_name);
  if (test_case.entry == nullptr) {
    return bad_input("kernel '" + kernel_name + "' has no entry point '" + entry_name +
                     "' (see maskcheck list)");
  }
  if (std::string reason = validate_case(test_case); !reason.empty()) return bad_input(reason);

  Differ differ(*kernel, test_case.length, test_case.shift);
  const auto failure = differ.check(test_case);
  const std::string canonical = case_id(kernel->name, test_case);
  if (arguments.json) {
    nlohmann::json out{{"case_id", canonical}, {"result", failure ? "fail" : "pass"}};
    if (failure) out["failure"] = failure_json(*failure);
    std::printf("%s\n", out.dump(2).c_str());
  } else if (failure) {
    std::printf("%s", format_failure(*failure).c_str());
  } else {
    std::printf("PASS %s (%llu candidate calls)\n", canonical.c_str(),
                static_cast<unsigned long long>(differ.candidate_calls()));
  }
  return failure ? kExitFailures : kExitPass;
}

int repro_command(const ReproArguments& arguments) {
  const CaseKind& kind = case_kind_of(arguments.id);
  const WireArguments& peer = arguments.peer;
  if (!kind.needs_peer && (!peer.server.empty() || !peer.client.empty() || !peer.url.empty() ||
                           !arguments.after.empty())) {
    return bad_input("--server, --client, --url and --after replay wire ids (wire:...) only");
  }
  return kind.replay(arguments);
}

}  // namespace maskcheck::cli
