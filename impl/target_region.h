// Every function defined between MASKCHECK_TARGET_BEGIN("isa") and MASKCHECK_TARGET_END is
// compiled for that instruction set, as if each were marked [[gnu::target("isa")]], templates
// included: one shape is written once and each vector kernel instantiates it for its own
// instruction set. Include the standard headers before a region, so their inline functions keep
// the baseline target.
#pragma once

#define MASKCHECK_PRAGMA(text) _Pragma(#text)

#if defined(__clang__)
#define MASKCHECK_TARGET_BEGIN(isa) \
  MASKCHECK_PRAGMA(clang attribute push(__attribute__((target(isa))), apply_to = function))
#define MASKCHECK_TARGET_END _Pragma("clang attribute pop")
#else
#define MASKCHECK_TARGET_BEGIN(isa) _Pragma("GCC push_options") MASKCHECK_PRAGMA(GCC target(isa))
#define MASKCHECK_TARGET_END _Pragma("GCC pop_options")
#endif
