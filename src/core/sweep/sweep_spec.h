#pragma once

// A sweep is data (issue 34): a project, the inputs to vary (by the id paths
// scenario overrides use, model/row_paths.h), the commands run at every point
// and the outputs kept. A sweep file (.fleetsweep.json, schema in
// data/schema/sweep.schema.json) is read strictly: every problem names its
// field and the rule. Its tasks are numbered 0…N−1, point-major, so that any
// back-end (local threads, a Slurm array, a Kubernetes Indexed Job) runs the
// same task for the same index.

#include "util/result.h"

#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet::sweep {

inline constexpr std::string_view kSweepFormat = "fleetplanner-sweep";
inline constexpr int kSweepFormatVersion = 1;
/// A sweep of more points or tasks than this is refused (a typo in a range
/// step, not a plan: 10 million tasks of ~40 ms are 4.6 CPU-days).
inline constexpr std::int64_t kMaxSweepTasks = 10'000'000;

/// One input varied: where (an id path, as scenario overrides name fields)
/// and the values it takes, already expanded (a range into its steps, a
/// distribution into its seeded draws).
struct SweepInput
{
    std::string name; ///< the column name in the collected results (default: the path)
    std::string path; ///< "/workloads/chat-70b/requests_per_second"
    std::vector<boost::json::value> values;
};

enum class CommandKind
{
    Evaluate,
    Solve,
    Simulate
};
std::string_view commandKey(CommandKind kind); ///< "evaluate", "solve", "simulate"

/// A command run at every point, with its options and the outputs kept.
struct SweepCommand
{
    CommandKind kind = CommandKind::Evaluate;
    std::string id; ///< its table in the collected results (default: the command's key)
    std::vector<std::string> outputs;
    // solve
    double timeLimitSeconds = 10.0;
    double relativeGap = 1e-4;
    bool marginObjective = false;
    // simulate: each seed is a task of its own
    std::vector<std::uint64_t> seeds;
    std::vector<double> loads;
    double days = 30;
    std::string policy; ///< a placement policy key; empty: the project's own
};

/// How the inputs' values make points: every combination, or the i-th value
/// of every input (lists of one length).
enum class Combine
{
    Grid,
    Zip
};

struct SweepSpec
{
    std::string file;        ///< the sweep file, as named (for messages)
    std::string name;        ///< an identifier: the job's name on the cluster
    std::string projectPath; ///< absolute, or ":sample"
    std::string scenario;    ///< the project's scenario the points start from ("" none)
    Combine combine = Combine::Grid;
    std::vector<SweepInput> inputs;
    std::vector<SweepCommand> commands;
    int chunk = 0;      ///< tasks per array element (0: chosen, chunkFor())
    std::string digest; ///< FNV-1a of the canonical sweep: results of another sweep are refused
    std::int64_t points = 0; ///< number of points
    std::int64_t tasksPerPoint = 0;
    std::int64_t taskCount() const { return points * tasksPerPoint; }
};

/// What task `index` is: its point, its command and its seed (simulate).
struct TaskRef
{
    std::int64_t index = 0;
    std::int64_t point = 0;
    std::size_t command = 0;
    std::optional<std::uint64_t> seed;
};

/// Reads a sweep file; `project` in it is resolved against the file's folder.
Result<SweepSpec> loadSweepFile(const std::string& path);
/// Parses a sweep document; `baseFolder` resolves a relative project path.
Result<SweepSpec> parseSweep(std::string_view text, const std::string& file,
                             const std::string& baseFolder);

/// Task `index` (0 ≤ index < taskCount()).
TaskRef taskAt(const SweepSpec& spec, std::int64_t index);
/// The value of every input at `point`, in the inputs' order.
std::vector<boost::json::value> pointValues(const SweepSpec& spec, std::int64_t point);

/// The outputs a command can keep, in the order the results give them.
std::vector<std::string> knownOutputs(CommandKind kind);

/// The series a command keeps per month of the horizon, beside its outputs:
/// evaluate keeps the month's cost, GPUs held and paid and utilization
/// (busy ÷ paid); solve and simulate keep none (empty).
std::vector<std::string> monthlyOutputs(CommandKind kind);
/// The table of a command's months in the collected results: "<id>_months".
std::string monthsTable(const std::string& commandId);
/// A table or column name of the collected results as SQL quotes it:
/// "name", its quotes doubled.
std::string sqlIdentifier(const std::string& identifier);

/// Tasks per array element so that a sweep of `tasks` makes at most
/// `maxElements` elements and none is shorter than `minElementSeconds` of
/// `taskSeconds` each (docs/SWEEPS.md, "Chunking").
int chunkFor(std::int64_t tasks, double taskSeconds, std::int64_t maxElements = 1000,
             double minElementSeconds = 60.0);

/// "0-3, 7, 9-10": indices as ranges, for messages.
std::string indexRanges(const std::vector<std::int64_t>& indices, std::size_t maxRanges = 20);

} // namespace fleet::sweep
