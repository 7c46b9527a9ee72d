// The kernel properties, one function each. A property generates its own inputs (RapidCheck's
// `*gen` inside the body) and asserts with RC_ASSERT, so the same body runs on a built-in kernel
// in property_test.cpp and on a broken one in property_teeth_test.cpp.
#pragma once

#include "core/kernel.h"
#include "kernels/differ.h"

namespace maskcheck::testing {

// Every entry point equals the reference, with footprints enforced by the guarded differ.
void equals_reference_in_guarded_memory(Differ& differ);
// Unmasking the output again, shifted back once more, gives the input back.
void unmasking_twice_restores(const Kernel& kernel);
// Unmasking zeros yields the key repeated from the phase.
void masking_zeros_gives_the_key(const Kernel& kernel);
// `exact` over any pieces, carrying its returned phase, equals one call over the whole payload.
void chunked_equals_one_shot(const Kernel& kernel);
// A call with dst == src leaves the same bytes as one with dst trailing src.
void in_place_equals_out_of_place(const Kernel& kernel);
// `exact` at a phase equals `imprecise` with the key rotated by that phase, on the first n bytes.
void exact_equals_imprecise(const Kernel& kernel);
// With D >= 4, `imprecise` changes no byte at or after src + n (the next frame's header).
void imprecise_spares_the_next_header(const Kernel& kernel);

}  // namespace maskcheck::testing
