#pragma once

// A numeric range for json::Reader, spelled briefly in the perf tables' readers.

#include "store/json_reader.h"

namespace fleet::perf {

inline json::NumberRule range(double min, bool minExclusive, double max)
{
    json::NumberRule rule;
    rule.min = min;
    rule.minExclusive = minExclusive;
    rule.max = max;
    return rule;
}

} // namespace fleet::perf
