// libFuzzer target: the project JSON reader (.fleetplan.json), every scenario
// applied, and the round trips of what it accepts: through its canonical JSON
// (export) and through a .fleetplan (import, then open).

#include "fuzz_check.h"
#include "store/project_json.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto project = fleet::parseProject(text, "fuzz.fleetplan.json");
    if (!project)
        return 0;
    // parseProject checks every scenario applies; applying one for real goes
    // through applyScenario's own path (canonical JSON, then the overrides).
    if (!project.value().scenarios.empty())
        (void)fleet::applyScenario(project.value(), project.value().scenarios.front().id);
    fleet::fuzz::checkCanonicalRoundTrip(project.value(), "JSON");
    fleet::fuzz::checkSaveRoundTrip(project.value(), "JSON");
    return 0;
}
