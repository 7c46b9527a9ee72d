#include "cli/case_kinds.h"

#include <array>

namespace maskcheck::cli {

namespace {

constexpr std::string_view kAnySubject = "*:";

constexpr auto kKinds = std::to_array<CaseKind>({
#ifdef MASKCHECK_WIRE
    {"wire:client:", "wire:client:split:h4:n127:c3,40", true, wire_repro_command},
    {"wire:fuzz:", "wire:fuzz:s1:i1234", true, wire_repro_command},
    {"wire:deflate:", "wire:deflate:m300:f3:k37fa213d:server:c3,40", true, wire_repro_command},
    {"wire:stream:", "wire:stream:every-length-one-read:server", true, wire_repro_command},
    {"wire:split:", "wire:split:h8:n127:k37fa213d:server:c3,40", true, wire_repro_command},
#endif
    {"*:split:", "block:split:h6:n77:k37fa213d:over-header:c3,40", false, split_repro_command},
    {"*:stream:", "block:stream:every-length-one-read:over-key", false, stream_repro_command},
    {"", "block:exact:n5:a3:d4:k37fa213d:p1", false, unmask_repro_command},
});

bool has_prefix(std::string_view id, std::string_view prefix) {
  if (!prefix.starts_with(kAnySubject)) return id.starts_with(prefix);
  const std::size_t colon = id.find(':');
  return colon != std::string_view::npos &&
         id.substr(colon + 1).starts_with(prefix.substr(kAnySubject.size()));
}

}  // namespace

const CaseKind& case_kind_of(std::string_view id) {
  for (const CaseKind& kind : kKinds) {
    if (has_prefix(id, kind.prefix)) return kind;
  }
  return kKinds.back();
}

std::string case_kind_examples() {
  std::string text;  // the kernel's kinds first: the order a reader meets them in
  for (auto kind = kKinds.rbegin(); kind != kKinds.rend(); ++kind)
    text += (text.empty() ? "" : ", ") + std::string(kind->example);
  return text;
}

}  // namespace maskcheck::cli
