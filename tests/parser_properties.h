// The frame parser properties, one function each, taking the kernel and the parser to drive, so
// the same body runs on FrameParser in property_test.cpp and on a broken parser in
// property_teeth_test.cpp. Each generates its own stream and cuts and asserts with RC_ASSERT.
#pragma once

#include "maskcheck/kernel.h"
#include "maskcheck/parser_session.h"

namespace maskcheck::testing {

// Any cut of any stream into reads gives the reference decoder's frames and error, in receive
// buffers that trap outside the receive-buffer contract (the harness's StreamDiffer).
void any_cut_matches_reference(const Kernel& kernel, const ParserMaker& parser);
// One-byte reads give the same frames and error as one read.
void byte_reads_match_one_read(const Kernel& kernel, const ParserMaker& parser);
// However the stream is cut, no frame gets more payload bytes than its header declared.
void never_more_payload_than_declared(const Kernel& kernel, const ParserMaker& parser);
// In a stream with a protocol error, the error and the frame it ends at do not depend on cuts.
void error_at_same_frame_whatever_cuts(const Kernel& kernel, const ParserMaker& parser);

}  // namespace maskcheck::testing
