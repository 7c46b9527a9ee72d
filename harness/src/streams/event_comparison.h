// Compares what a parser reported over a whole stream with the reference decoder's reading, at the
// level the parser declares: frames (with the one the stream ended inside) or whole messages, and
// its error as precisely as the parser tells errors apart.
#pragma once

#include <optional>
#include <vector>

#include "core/case_name.h"
#include "core/parser.h"
#include "maskcheck/reference_frame_decoder.h"
#include "streams/recording_handler.h"
#include "streams/stream_differ.h"

namespace maskcheck {

// The reference's frames joined into what a message-level parser reports: each text or binary
// message whole, at its last frame, and control frames where they come. A message still open
// when the stream ends or fails is not one.
std::vector<reference::DecodedFrame> whole_messages(
    const std::vector<reference::DecodedFrame>& frames);

std::optional<StreamFailure> compare_events(const RecordingHandler& handler,
                                            const reference::DecodeResult& expected,
                                            const Parser& parser, const CaseName& name);

}  // namespace maskcheck
