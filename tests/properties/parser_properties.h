// The frame parser properties, one function each, taking the parser and the kernel it runs on, so
// the same body runs on every parser in property_test.cpp (maskcheck's own and any plug-in) and on
// a broken parser in property_teeth_test.cpp. Each generates its own stream and cuts and asserts
// with RC_ASSERT.
#pragma once

#include "core/parser.h"

namespace maskcheck::testing {

// Any cut of any stream into reads gives the reference decoder's frames and error, in receive
// buffers that trap outside the receive-buffer contract (the harness's StreamDiffer).
void any_cut_matches_reference(const ParserOnKernel& subject);
// One-byte reads give the same frames and error as one read.
void byte_reads_match_one_read(const ParserOnKernel& subject);
// However the stream is cut, no frame gets more payload bytes than its header declared.
void never_more_payload_than_declared(const ParserOnKernel& subject);
// In a stream with a protocol error, the error and the frame it ends at do not depend on cuts.
void error_at_same_frame_whatever_cuts(const ParserOnKernel& subject);

}  // namespace maskcheck::testing
