// Every kind of case id maskcheck writes, listed once: the prefix that tells it from the others,
// an example, and how `maskcheck repro` replays it. How an id's fields are spelled is
// core/case_id.h's; each kind reads and writes itself beside its cases.
#pragma once

#include <string>
#include <string_view>

#include "cli/commands.h"

namespace maskcheck::cli {

struct CaseKind {
  std::string_view prefix;  // "wire:fuzz:"; a leading "*:" stands for any subject
  std::string_view example;
  bool needs_peer;  // a wire id: repro runs it against --server, --url or --client
  int (*replay)(const ReproArguments& arguments);
};

// Most particular first: an id is of the first kind whose prefix it has. The last kind, a kernel
// case, takes every id the others do not, and says why when it is no case id at all.
const CaseKind& case_kind_of(std::string_view id);

// The examples, for repro's help.
std::string case_kind_examples();

}  // namespace maskcheck::cli
