#pragma once

// Runs the engine on every public reference (data/perf/references.json) and
// sets its figure beside the published one: the error bars of the model.

#include "model/catalog.h"
#include "perf/references.h"
#include "util/result.h"

#include <string>
#include <vector>

namespace fleet {

struct CalibrationRow
{
    std::string id;
    std::string family;
    std::string what; ///< "Llama 3.3 70B FP8 on 2× h100-sxm-80gb, 500/2000 tokens"
    std::string unit; ///< "output tokens/s per GPU", "ratio", "GPU-hours"
    double tool = 0;  ///< the engine's figure (0 when it refused the case)
    double published = 0;
    double ratio = 0;         ///< tool ÷ published
    double tolerance = 0;     ///< the family's, or the reference's own
    std::string toleranceWhy; ///< why the reference has its own (empty: the family's)
    bool within = false;
    std::string detail; ///< the engine's configuration or its refusal
    std::string source;
};

/// Every reference of `set`, evaluated with `catalog`'s GPUs and engine defaults.
std::vector<CalibrationRow> calibrate(const ReferenceSet& set, const Catalog& catalog);

} // namespace fleet
