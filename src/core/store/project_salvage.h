#pragma once

// What can still be read of a damaged project file, offered read-only: the
// rows that read and validate, and a list of what was lost.

#include "model/project.h"
#include "util/result.h"

#include <string>
#include <vector>

namespace fleet {

struct SalvagedProject
{
    Project project;
    /// One line per loss: "table scenario_override: rows after the 12th could not be read".
    std::vector<std::string> lost;
};

/// Reads every row of `path` that still reads into a fresh database, drops
/// rows that break the schema's rules or refer to lost rows, then drops the
/// entries (workloads, scenarios, pools, …) the validator refuses, until the
/// rest is a valid project. Fails when not even the project row survives.
Result<SalvagedProject> salvageProjectFile(const std::string& path);

} // namespace fleet
