#include "streams/spilled_header.h"

#include "streams/wire_frames.h"

namespace maskcheck {

void spilled_header_bytes(std::span<const std::uint8_t> stream, std::span<const std::size_t> cuts,
                          std::vector<std::size_t>& spilled) {
  spilled.assign(cuts.size() + 1, 0);
  std::size_t read = 1;
  for_each_wire_frame(stream, [&](const WireFrame& frame) {
    // Every read that starts inside this frame's header finds the part before it put back.
    for (; read <= cuts.size() && cuts[read - 1] < frame.end; ++read) {
      const std::size_t begin = cuts[read - 1];
      if (begin > frame.begin && begin - frame.begin < frame.header)
        spilled[read] = begin - frame.begin;
    }
    return read <= cuts.size();
  });
}

}  // namespace maskcheck
