#pragma once

// Running a sweep's tasks: one task is one command at one point (and one
// seed, for simulate). A point is applied to the project as a scenario of
// its own, through the very code that applies a project's scenarios
// (store/project_json.h), so a sweep input names a field exactly as a
// scenario override does and is validated exactly as one. Every task writes
// one result file, atomically (io/atomic_file.h), named by its index, in
// which nothing depends on the machine, the time or the back-end.

#include "model/project.h"
#include "sweep/sweep_spec.h"

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <atomic>
#include <functional>
#include <string>

namespace fleet::sweep {

/// What every task of a sweep shares, read once: the project's canonical
/// document without its scenarios, and the overrides of the scenario the
/// sweep starts from.
struct SweepBase
{
    boost::json::value document;
    boost::json::array baseOverrides;
    std::string projectFile;
    /// The project as loaded (no scenario applied): every point is planned
    /// on the utilization ceiling `evaluate --scenario` plans a scenario on
    /// (simulate/planned_ceiling.h), the knee measured for it included.
    Project stated;
};

/// Loads the sweep's project (and checks its scenario); the error names the
/// sweep file's /project or /scenario.
Result<SweepBase> loadSweepBase(const SweepSpec& spec);

/// Runs task `index` in this thread: its result (status "ok" with the
/// outputs, or "failed" with the reason: a point the project refuses, a
/// command that fails). Thread-safe: the engine is a pure function of a
/// project snapshot, the simulator seeds its own streams, and CBC's
/// branch and bound runs one at a time in a child process (optimize/milp.cpp).
boost::json::object runTask(const SweepSpec& spec, const SweepBase& base, std::int64_t index);

/// The result file of task `index` in `outDir`: OUT/tasks/task-0000042.json.
std::string taskResultPath(const std::string& outDir, std::int64_t index);
/// Writes a task's result through a temporary file and a rename.
Result<bool> writeTaskResult(const std::string& outDir, const boost::json::object& result);
/// Whether task `index` has a result of this sweep with status "ok" (a
/// failed task is run again; a result of another sweep does not count).
bool taskFinished(const SweepSpec& spec, const std::string& outDir, std::int64_t index);

/// Seconds of CPU this process has used (every thread, and the children it
/// has waited for).
double processCpuSeconds();

struct LocalRunReport
{
    std::int64_t ran = 0;
    std::int64_t skipped = 0; ///< finished before: not run again
    std::int64_t failed = 0;
    std::vector<std::string> writeErrors;
};

/// Runs tasks [first, first + count) that are not finished on `threads`
/// threads. `progress` (when given) is called after each task, from the
/// thread that ran it, with the number done; `stop` (when given) ends the
/// run after the tasks under way.
LocalRunReport runTasks(const SweepSpec& spec, const SweepBase& base, const std::string& outDir,
                        std::int64_t first, std::int64_t count, int threads,
                        const std::function<void(std::int64_t done)>& progress = {},
                        const std::atomic<bool>* stop = nullptr);

} // namespace fleet::sweep
