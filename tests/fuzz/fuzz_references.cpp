// libFuzzer target: a user's own references file (`calibrate --references`),
// read against the built-in set, then every reference it accepts run through
// the engine as calibrate runs it. Each row must come back with a figure or
// a refusal: a finite, positive figure and ratio, or none and its reason.

#include "calibration/calibration.h"
#include "perf/references.h"
#include "store/catalog_loader.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const fleet::ReferenceSet builtin = fleet::builtinReferences().value();
    static const fleet::Catalog catalog = fleet::loadBuiltinCatalog().value();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto set = fleet::parseUserReferences(text, "fuzz-references.json", builtin);
    if (!set)
        return 0;
    const auto rows = fleet::calibrate(set.value(), catalog);
    if (rows.size() != set.value().references.size()) {
        std::fprintf(stderr, "fuzz property broken: %zu references gave %zu rows\n",
                     set.value().references.size(), rows.size());
        std::abort();
    }
    for (const fleet::CalibrationRow& row : rows) {
        const bool figure =
            row.tool > 0 && std::isfinite(row.tool) && std::isfinite(row.ratio) && row.ratio > 0;
        const bool refused = row.tool == 0 && !row.detail.empty();
        if (!figure && !refused) {
            std::fprintf(stderr,
                         "fuzz property broken: reference %s gave figure %g, ratio %g, detail "
                         "'%s'\n",
                         row.id.c_str(), row.tool, row.ratio, row.detail.c_str());
            std::abort();
        }
    }
    return 0;
}
