// libFuzzer target: the CSV trace reader (openb node and pod lists). Each
// input is read as both; a header fits at most one of them.

#include "pack/trace.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)fleet::pack::parseNodes(text, "fuzz-nodes.csv");
    (void)fleet::pack::parsePods(text, "fuzz-pods.csv");
    return 0;
}
