#pragma once

// Reading a collected sweep result (sweep_collect.h) back, read-only, for
// the app's heat map and fan chart (issue 34 item 3). The file is checked
// before anything of it is used: a SQLite file that is damaged, truncated,
// of another program or of a FleetPlanner project is refused with what is
// wrong with it, never read on a guess.

#include "util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fleet::sweep {

/// One value an input takes, as the results keep it: a number, or text
/// (a price book id, a policy).
struct SweepLevel
{
    std::string text;             ///< as written in the results ("1200", "market-2026")
    std::optional<double> number; ///< when it is a number
};

/// One input varied by the sweep, with the distinct values its rows hold:
/// numbers ascending, text in the order the points give it.
struct SweepResultInput
{
    std::string name; ///< its column
    std::string path; ///< the id path it sets ("/workloads/chat-70b/requests_per_second")
    std::vector<SweepLevel> levels;
};

/// One command's table (and its months table, if it keeps months), loaded.
struct SweepResultCommand
{
    std::string id;      ///< the table
    std::string command; ///< "evaluate", "solve", "simulate"
    bool seeded = false; ///< a row per seed (simulate)
    std::vector<std::string> outputs;
    // Per row of the table, in task order:
    std::vector<std::int64_t> points;
    std::vector<bool> ok;                    ///< status "ok"
    std::vector<std::vector<int>> levelOf;   ///< [input][row]: index into its levels
    std::vector<std::vector<double>> values; ///< [output][row]: NaN when none (failed, null)
    // The months table ("<id>_months"), when there is one:
    std::vector<std::string> monthlyOutputs;      ///< its series ("cost_usd", …)
    std::vector<std::string> monthNames;          ///< month 1, 2, … as named ("2026-01")
    std::vector<int> monthOf;                     ///< [month row]: 0-based month
    std::vector<std::vector<double>> monthValues; ///< [series][month row]: NaN when none
};

struct SweepResults
{
    std::string file;
    std::string name;
    std::string digest;
    std::int64_t points = 0;
    std::int64_t tasks = 0;
    std::vector<SweepResultInput> inputs;
    std::vector<SweepResultCommand> commands;
};

/// Opens a collected result read-only (immutable: no lock, no journal, no
/// file written beside it) and loads it. Refuses, naming what is wrong: not
/// a regular file, not SQLite, damaged or truncated, not a sweep result (a
/// project, another program's database), or tables that disagree with the
/// sweep's own description of them.
Result<SweepResults> openSweepResults(const std::string& path);

/// The heat map of one output against two inputs: the mean of the output
/// over every row (the other inputs' values, the seeds) at each pair.
struct SweepHeatMap
{
    std::vector<SweepLevel> x; ///< columns
    std::vector<SweepLevel> y; ///< rows
    /// [y][x]: the mean, or nullopt where no row has a value.
    std::vector<std::vector<std::optional<double>>> mean;
    std::vector<std::vector<int>> count; ///< [y][x]: rows averaged
    std::optional<double> low, high;     ///< over the cells with a mean
};
SweepHeatMap sweepHeatMap(const SweepResults& results, const SweepResultCommand& command,
                          std::size_t xInput, std::size_t yInput, std::size_t output);

/// One month of a fan chart: the percentiles of a monthly series over every
/// row (points and seeds) of the sweep that has a value that month.
struct SweepFanMonth
{
    std::string name; ///< "2026-01"
    int count = 0;    ///< rows with a value
    double p10 = 0, p25 = 0, p50 = 0, p75 = 0, p90 = 0;
};
/// Months without any value are left out.
std::vector<SweepFanMonth> sweepFan(const SweepResultCommand& command, std::size_t series);

/// The p-th quantile (0 ≤ p ≤ 1) of `sorted` (ascending, not empty),
/// interpolated linearly between order statistics (as numpy's default and
/// spreadsheets' PERCENTILE.INC).
double sweepQuantile(const std::vector<double>& sorted, double p);

} // namespace fleet::sweep
