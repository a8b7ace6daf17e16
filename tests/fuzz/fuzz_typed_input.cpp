// libFuzzer target: what a user types into a numeric field (issue 32's one
// parser, model/field_input.h). The first byte picks the field's unit; a
// result it accepts must be a finite number.

#include "model/field_input.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

constexpr fleet::InputField kTypedFields[] = {
    {"Total params", "B", 1e-9}, {"Run length", "days", 1.0},  {"Price", "USD/GPU-h", 1.0},
    {"Busy share", "%", 100.0},  {"Growth", "per month", 1.0}, {"GPUs per job", "", 1.0},
    {"Memory", "GB", 1.0},       {"Requests", "per s", 1.0},
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const fleet::InputField& field = kTypedFields[data[0] % std::size(kTypedFields)];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto parsed = fleet::parseFieldInput(field, text);
    if (parsed && !(std::isfinite(parsed.value().shown) && std::isfinite(parsed.value().stored)))
        std::abort();
    return 0;
}
