// A case's id, written only when something needs it: a failure report, a sanitizer's death
// report, a hang. Writing ids costs more than running the cases they name.
#pragma once

#include <string>

namespace maskcheck {

class CaseName {
 public:
  // An id already written; it must outlive the CaseName.
  explicit CaseName(const std::string& id)
      : subject_(&id),
        write_([](const void* written) { return *static_cast<const std::string*>(written); }) {}

  // The id kWrite(subject) writes, when asked; `subject` must outlive the CaseName.
  template <auto kWrite, typename Subject>
  static CaseName of(const Subject& subject) {
    return CaseName(&subject,
                    [](const void* named) { return kWrite(*static_cast<const Subject*>(named)); });
  }

  std::string id() const { return write_(subject_); }

 private:
  CaseName(const void* subject, std::string (*write)(const void*))
      : subject_(subject), write_(write) {}

  const void* subject_;
  std::string (*write_)(const void*);
};

}  // namespace maskcheck
