#pragma once

// The numeric field an input range names, found by the path a scenario
// override uses for it (model/row_paths.h: rows by id), with the field's own
// rule from its one description (the field tables, the engine-default
// tables), and how to read and set it on a project. The reader checks a
// range's bounds with it; the Monte Carlo sets each draw with it.

#include "model/engine_defaults.h"
#include "model/project.h"
#include "util/result.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct RangeTarget
{
    std::string label;    ///< "chat-70b › requests_per_second" for people
    NumericRange rule;    ///< the field's own range (and whole-number rule)
    bool integer = false; ///< drawn values are rounded to whole numbers
    /// A rented plan's price: what the engine charges, never what it sizes
    /// (the Monte Carlo prices such draws again without sizing them again).
    bool priceOnly = false;
    std::function<double(const Project&)> get;
    std::function<void(Project&, double)> set;
};

/// The field `path` names in `project`, or why it names no numeric field
/// ranges may cover ("names no row", "is not a number", "is not an input a
/// range may cover"). The paths a range may use:
///   /workloads/<id>/<key>, /fleet/pools/<id>/<key>, /segments/<id>/<key>,
///   /tenants/<id>/<key>                 (a numeric field of the row's table)
///   /assumptions/<key>, /regimes/<regime>/<key>
///   /scheduler/utilization_ceiling/<policy>, /scheduler/checkpoint_reclaim_fraction/<policy>
///   /price_books/<book>/gpus/<gpu>/<plan>/usd_per_gpu_hour  (a rented plan's price)
///   /price_books/<book>/gpus/<gpu>/owned/<figure>           (an owned GPU's cost figure)
/// Price books and their GPUs are named by id, as rows are (built-in books too).
Result<RangeTarget> rangeTarget(const Project& project, std::string_view path);

/// Drops the input ranges whose path names no field of `project` (rangeTarget()
/// refuses it) and returns their paths. For a project derived by changing its
/// lists directly (rows removed, copies renamed, as the scaled samples and the
/// tests' empty projects are): it drops the ranges of rows that are gone as it
/// drops the scenarios naming them, so the reader accepts the project. The
/// app's edits keep ranges consistent themselves (model/project_refs.h).
std::vector<std::string> dropStaleRanges(Project& project);

/// Whether `value` keeps the rule ("" if so), else the rule in words:
/// "must be > 0 and ≤ 1 (fraction)".
std::string ruleBroken(const NumericRange& rule, double value);

} // namespace fleet
