// The rows of each part of the RFCs, one file each; requirement.cpp puts them in order.
#pragma once

#include <span>

#include "wire/requirements/requirement.h"

namespace maskcheck::wire {

std::span<const Requirement> framing_requirements();      // RFC 6455 5
std::span<const Requirement> closing_requirements();      // RFC 6455 7
std::span<const Requirement> text_requirements();         // RFC 6455 8
std::span<const Requirement> limits_requirements();       // RFC 6455 10
std::span<const Requirement> compression_requirements();  // RFC 7692

}  // namespace maskcheck::wire
