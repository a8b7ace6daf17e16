#pragma once

// Every KPI with its range: a Monte Carlo of the engine over the project's
// input ranges (model/input_range.h). Draw i sets each ranged field from its
// own random sub-stream (seed, i), so the result is the same on any number
// of threads; the draws are spread over the machine's cores. Gives P10 / P50
// / P90 of each headline KPI and of the monthly cost, and each input's share
// of a KPI's variance (docs/MODEL.md, "Ranges").

#include "engine/evaluation.h"
#include "engine/kpi.h"
#include "util/result.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

inline constexpr int kDefaultDraws = 1000;
inline constexpr std::uint64_t kDefaultSeed = 20261206;
inline constexpr int kMaxDraws = 1000000;

struct RangeOptions
{
    int draws = kDefaultDraws;
    std::uint64_t seed = kDefaultSeed;
    int threads = 0; ///< 0: std::thread::hardware_concurrency()
    /// Set by a newer request: the run stops between draws and says so.
    const std::atomic<bool>* cancel = nullptr;
    /// Run first on each thread that takes draws (the app lowers their
    /// priority, so that the KPIs of an edit come first).
    std::function<void()> workerStart;
    /// Per draw, any further figures to give percentiles of (a chart's cells);
    /// NaN where a figure is undefined in a draw. Called from worker threads.
    std::function<std::vector<double>(const Project&, const Evaluation&)> extra;
};

/// P10 / P50 / P90 over the draws where a figure is defined (linear
/// interpolation between order statistics, as numpy's default).
struct Percentiles
{
    double p10 = 0, p50 = 0, p90 = 0;
    int defined = 0; ///< draws where the figure had a value
};

/// An input's share of a KPI's variance: r², the squared correlation of the
/// KPI with the drawn input (the share a straight line in that input
/// explains; with independent inputs the shares add up to at most 1, the
/// rest is curvature and interaction).
struct InputShare
{
    std::string path;
    std::string label;
    double share = 0;
};

struct KpiRange
{
    Kpi kpi = Kpi::MeanMonthlyCost;
    std::optional<double> point;     ///< the project as it stands (no draw)
    std::optional<Percentiles> band; ///< none when no draw defines the KPI
    std::vector<InputShare> shares;  ///< largest first
};

struct RangeRun
{
    int draws = 0;
    std::uint64_t seed = 0;
    int threads = 0;
    int failedDraws = 0; ///< draws the engine could not evaluate
    bool cancelled = false;
    std::vector<KpiRange> kpis;              ///< every Kpi, in enum order
    std::vector<Percentiles> monthlyCostUsd; ///< per month of the horizon
    std::vector<std::optional<Percentiles>> extra;
    const KpiRange* of(Kpi kpi) const;
};

/// The value draw `draw` of a run seeded `seed` takes for range
/// `rangeIndex`: from the random stream of (seed, draw, rangeIndex) alone,
/// by the inverse CDF (triangular, uniform) or a Beta draw (PERT).
double drawFromRange(const InputRange& range, std::uint64_t seed, std::uint64_t draw,
                     std::size_t rangeIndex);

/// Runs `options.draws` draws of `project`'s ranges. Fails, naming the range,
/// when a range names no field of this project (a scenario that changed a
/// workload's kind), or when draws is out of 1 … kMaxDraws.
Result<RangeRun> runRanges(const Project& project, const RangeOptions& options = {});

} // namespace fleet
