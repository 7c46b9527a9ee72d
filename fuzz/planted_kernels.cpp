#include <algorithm>

#include "fuzz_kernels.h"
#include "planted/broken_kernels.h"

namespace maskcheck::fuzz {

// The tail stored before the blocks: wrong only when dst trails src and there are whole blocks.
std::vector<const Kernel*> kernels_under_fuzz() {
  const auto broken = testing::broken_kernels();
  const auto planted = std::find_if(broken.begin(), broken.end(), [](const auto& candidate) {
    return candidate.kernel.name == "broken-tail-first";
  });
  return {&planted->kernel};
}

}  // namespace maskcheck::fuzz
