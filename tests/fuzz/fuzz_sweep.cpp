// libFuzzer target: the sweep file reader (issue 34). A document it accepts
// must also give its first and last task: a sweep that parses but cannot be
// split into tasks would fail on a cluster, not here.

#include "sweep/sweep_spec.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto spec = fleet::sweep::parseSweep(text, "fuzz.fleetsweep.json", "/nonexistent");
    if (spec && spec.value().taskCount() > 0) {
        (void)fleet::sweep::taskAt(spec.value(), 0);
        (void)fleet::sweep::taskAt(spec.value(), spec.value().taskCount() - 1);
    }
    return 0;
}
