#pragma once

// A numeric range for json::Reader, spelled briefly in the perf tables' readers,
// and the optional list of references a factor was fitted on.

#include "io/json_reader.h"

#include <string>
#include <vector>

namespace fleet::perf {

inline json::NumberRule range(double min, bool minExclusive, double max)
{
    json::NumberRule rule;
    rule.min = min;
    rule.minExclusive = minExclusive;
    rule.max = max;
    return rule;
}

/// The optional "fit_references" of a fitted factor: the ids of the
/// data/perf/references.json rows it was chosen on (each a string).
inline std::vector<std::string> fitReferences(json::Reader& r, const boost::json::object& o,
                                              const std::string& path)
{
    std::vector<std::string> ids;
    const auto* list = r.array(o, "fit_references", path, false);
    if (!list)
        return ids;
    for (std::size_t i = 0; i < list->size(); ++i) {
        if (!(*list)[i].is_string()) {
            r.report(path + "/fit_references/" + std::to_string(i),
                     "must be a reference id (a string)");
            continue;
        }
        ids.emplace_back((*list)[i].as_string());
    }
    return ids;
}

} // namespace fleet::perf
