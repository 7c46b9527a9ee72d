// The custom mutator for stream_diff: one change to the input's cuts, its flags, or its stream
// (maskcheck/stream_mutation.h: structure-aware, so most inputs stay well-formed frames). One time
// in eight it leaves the bytes to libFuzzer's own mutations.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "streams/stream_mutation.h"
#include "stream_input.h"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
  maskcheck::MutationRandom random(seed);
  if (random() % 8 == 0) return LLVMFuzzerMutate(data, size, max_size);
  maskcheck::fuzz::StreamInput input = maskcheck::fuzz::read_stream_input({data, size});
  switch (random() % 6) {
    case 0: {
      std::vector<std::size_t> cuts(input.cuts.begin(), input.cuts.end());
      maskcheck::mutate_cuts(cuts, input.stream.size(), maskcheck::fuzz::kMaxCuts, random);
      input.cuts.assign(cuts.begin(), cuts.end());
      break;
    }
    case 1: input.flags = static_cast<std::uint8_t>(random()); break;
    default: input.stream = maskcheck::mutate_stream(input.stream, random); break;
  }
  const std::vector<std::uint8_t> out = maskcheck::fuzz::write_stream_input(input);
  if (out.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}
