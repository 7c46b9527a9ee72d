// RFC 6455 section 10.4: the limits an implementation sets are its own; its policy file says them.
#include "wire/requirements/sections.h"

namespace maskcheck::wire {

namespace {

constexpr std::string_view kOverTheLimit =
    "echo a message up to the server's limit and refuse one over it with close 1009 (7.4.1); the "
    "limit is the server's policy";

constexpr Requirement kLimitsRows[] = {
    {"stream:message-size-*", "6455", "10.4", Level::policy, kOverTheLimit,
     "messages at and one past a 1000-byte limit, with and without controls between fragments"},
    {"stream:error-message-too-large-*", "6455", "10.4", Level::policy, kOverTheLimit,
     "a message over a 1000-byte limit"},
    {"stream:frame-at-default-limit-*", "6455", "10.4", Level::policy, kOverTheLimit,
     "a frame of exactly the default limit, in one read and in 512 KiB reads"},
    {"stream:frame-one-past-default-limit", "6455", "10.4", Level::policy, kOverTheLimit,
     "a frame one byte over the default limit"},
    {"stream:declared-*", "6455", "10.4", Level::policy, kOverTheLimit,
     "frames declaring 2^32 - 1 bytes and more, of which only a prefix is sent"},
    {"stream:error-length-bit-62-set-*", "6455", "10.4", Level::policy, kOverTheLimit,
     "a frame declaring 2^62 bytes and more"},
};

}  // namespace

std::span<const Requirement> limits_requirements() {
  return kLimitsRows;
}

}  // namespace maskcheck::wire
