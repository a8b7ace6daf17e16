#pragma once

// Merging a sweep's task results into one SQLite file: a table per command
// (its id), one row per point (and seed), with the input values that made
// it, the status, the error of a failed task and the outputs kept; beside an
// evaluate command's table, "<id>_months": a row per point and month of its
// series (sweep_spec.h, monthlyOutputs). Rows are
// written in task order and hold nothing of the machine, the time or the
// back-end, so every back-end's run of one sweep collects to the same bytes.

#include "sweep/sweep_spec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fleet::sweep {

struct CollectReport
{
    std::int64_t tasks = 0;
    std::int64_t collected = 0;
    std::vector<std::int64_t> missing; ///< tasks without a result file
    std::vector<std::int64_t> failed;  ///< tasks whose result says "failed"
    bool written = false;              ///< the results file was written
};

/// Reads OUT/tasks/, refusing a result of another sweep, a file whose index
/// is not its name's, two files for one task and an index out of range.
/// With missing tasks nothing is written unless `allowMissing`. The file is
/// written whole or not at all (a temporary beside it, renamed), never
/// through a symbolic link nor over the sweep file.
Result<CollectReport> collectResults(const SweepSpec& spec, const std::string& outDir,
                                     const std::string& resultsPath, bool allowMissing = false);

} // namespace fleet::sweep
