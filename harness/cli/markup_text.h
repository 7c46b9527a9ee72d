// Text inside XML or HTML (an attribute or an element): the five markup characters escaped, and the
// control characters XML 1.0 cannot carry left out. JUnit and the HTML report both write it.
#pragma once

#include <string>
#include <string_view>

namespace maskcheck::cli {

std::string escaped(std::string_view text);

}  // namespace maskcheck::cli
