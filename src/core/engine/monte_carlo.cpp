#include "engine/monte_carlo.h"

#include "engine/evaluate.h"
#include "engine/evaluate_steps.h"
#include "model/range_target.h"
#include "util/split_mix.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <thread>

namespace fleet {

namespace {

/// Gamma(shape ≥ 1, 1) from `stream`: Marsaglia & Tsang 2000.
double gammaDraw(SplitMix& stream, double shape)
{
    const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
    while (true) {
        double x, v;
        do {
            x = stream.normal();
            v = 1.0 + c * x;
        } while (v <= 0);
        v = v * v * v;
        const double u = stream.open01();
        if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v))
            return d * v;
    }
}

/// The stream of (seed, draw, range) alone (SplitMix64, util/split_mix.h), so
/// a draw's values do not depend on which thread ran it or in what order.
SplitMix streamOf(std::uint64_t seed, std::uint64_t draw, std::size_t rangeIndex)
{
    SplitMix mix{seed};
    mix.state = mix.next() ^ (draw * 0xD1B54A32D192ED03ull);
    mix.state = mix.next() ^ (std::uint64_t(rangeIndex) * 0xAEF17502108EF2D9ull);
    return SplitMix{mix.next()};
}

/// Triangular(low, likely, high) by its inverse CDF.
double triangular(const InputRange& r, double u)
{
    const double width = r.high - r.low;
    if (width <= 0)
        return r.likely;
    const double modeAt = (r.likely - r.low) / width;
    if (u < modeAt)
        return r.low + std::sqrt(u * width * (r.likely - r.low));
    return r.high - std::sqrt((1.0 - u) * width * (r.high - r.likely));
}

/// The p-quantile of sorted values (numpy's "linear").
double quantile(const std::vector<double>& sorted, double p)
{
    const double at = p * double(sorted.size() - 1);
    const std::size_t below = std::size_t(std::floor(at));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (at - double(below)) * (sorted[above] - sorted[below]);
}

std::optional<Percentiles> percentilesOf(std::vector<double> values)
{
    std::erase_if(values, [](double v) { return !std::isfinite(v); });
    if (values.empty())
        return std::nullopt;
    std::sort(values.begin(), values.end());
    return Percentiles{quantile(values, 0.1), quantile(values, 0.5), quantile(values, 0.9),
                       int(values.size())};
}

/// r² of y on x over the draws where y is finite; 0 when either is constant.
double rSquared(const std::vector<double>& x, const std::vector<double>& y)
{
    double n = 0, mx = 0, my = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (std::isfinite(y[i])) {
            n += 1;
            mx += x[i];
            my += y[i];
        }
    if (n < 2)
        return 0;
    mx /= n;
    my /= n;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (std::isfinite(y[i])) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
    if (sxx <= 0 || syy <= 0)
        return 0;
    return std::min(1.0, sxy * sxy / (sxx * syy));
}

constexpr Kpi kAllKpis[] = {Kpi::MeanMonthlyCost,
                            Kpi::CostPerTrillionTrainingTokens,
                            Kpi::CostPerMillionOutputTokens,
                            Kpi::CostPerNotebookUserMonth,
                            Kpi::Utilization,
                            Kpi::Savings};
constexpr std::size_t kKpiCount = std::size(kAllKpis);
constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

/// What one draw gave.
struct DrawResult
{
    std::vector<double> inputs; ///< the drawn value of each range
    double kpis[kKpiCount];
    std::vector<double> months;
    std::vector<double> extra;
    bool failed = false;
};

} // namespace

const KpiRange* RangeRun::of(Kpi kpi) const
{
    for (const KpiRange& range : kpis)
        if (range.kpi == kpi)
            return &range;
    return nullptr;
}

double drawFromRange(const InputRange& range, std::uint64_t seed, std::uint64_t draw,
                     std::size_t rangeIndex)
{
    SplitMix stream = streamOf(seed, draw, rangeIndex);
    switch (range.shape) {
    case RangeShape::Uniform: return range.low + stream.open01() * (range.high - range.low);
    case RangeShape::Pert: {
        const double width = range.high - range.low;
        if (width <= 0)
            return range.likely;
        // Beta-PERT (Malcolm et al. 1959; Vose 2008): Beta(α, β) on [low, high]
        // with α = 1 + 4 (likely − low) / width, β = 1 + 4 (high − likely) / width.
        const double alpha = 1.0 + 4.0 * (range.likely - range.low) / width;
        const double beta = 1.0 + 4.0 * (range.high - range.likely) / width;
        const double x = gammaDraw(stream, alpha), y = gammaDraw(stream, beta);
        return range.low + width * x / (x + y);
    }
    case RangeShape::Triangular: break;
    }
    return triangular(range, stream.open01());
}

Result<RangeRun> runRanges(const Project& project, const RangeOptions& options)
{
    if (options.draws < 1 || options.draws > kMaxDraws)
        return Error("draws: must be 1 … " + std::to_string(kMaxDraws) + "; got " +
                     std::to_string(options.draws));
    std::vector<RangeTarget> targets;
    for (std::size_t j = 0; j < project.ranges.size(); ++j) {
        auto target = rangeTarget(project, project.ranges[j].path);
        if (!target)
            return Error("/ranges/" + std::to_string(j) + "/path: " + project.ranges[j].path + " " +
                         target.error().toString());
        targets.push_back(std::move(target).value());
    }
    RangeRun run;
    run.draws = options.draws;
    run.seed = options.seed;
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    run.threads = std::clamp(options.threads > 0 ? options.threads : cores, 1, options.draws);

    // Draws of prices alone size nothing anew: every workload's options are
    // built once and only priced again per draw (reprice(), on each
    // thread's own copy; the same Evaluation as evaluate: test_input_ranges).
    // 1,000 scaled workloads with one price range: 0.08 s of CPU a draw
    // evaluated whole.
    const bool pricesOnly =
        !targets.empty() && std::all_of(targets.begin(), targets.end(),
                                        [](const RangeTarget& t) { return t.priceOnly; });
    std::vector<WorkloadRequirements> built;
    if (pricesOnly) {
        const Project naive = baselineProject(project);
        for (const Workload& workload : project.workloads)
            built.push_back(workloadRequirements(project, naive, workload));
    }
    std::vector<DrawResult> results(std::size_t(options.draws));
    std::atomic<int> nextDraw{0};
    std::atomic<bool> stopped{false};
    const auto work = [&] {
        if (options.workerStart)
            options.workerStart();
        // The thread's own project, set at every draw by every range (a
        // range's target is one field, set outright: a draw keeps nothing
        // of the one before), and for prices alone its own evaluation,
        // priced anew in place: copying the project and every workload's
        // options for each draw was most of a draw's time at 10,000
        // workloads (docs/MODEL.md, "Ranges").
        Project drawn = project;
        std::optional<Project> drawnNaive;
        std::optional<RepricedEvaluation> repriced;
        if (pricesOnly) {
            drawnNaive = baselineProject(project);
            repriced = startRepricing(project, built);
        }
        while (true) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                stopped = true;
                return;
            }
            const int i = nextDraw.fetch_add(1);
            if (i >= options.draws)
                return;
            DrawResult& result = results[std::size_t(i)];
            for (std::size_t j = 0; j < targets.size(); ++j) {
                double value = drawFromRange(project.ranges[j], run.seed, std::uint64_t(i), j);
                if (targets[j].integer)
                    value = std::clamp(std::round(value), std::ceil(project.ranges[j].low),
                                       std::floor(project.ranges[j].high));
                targets[j].set(drawn, value);
                if (drawnNaive)
                    targets[j].set(*drawnNaive, value);
                result.inputs.push_back(value);
            }
            try {
                std::optional<Evaluation> evaluated;
                if (repriced)
                    reprice(drawn, *drawnNaive, *repriced);
                else
                    evaluated = evaluate(drawn);
                const Evaluation& evaluation = repriced ? repriced->evaluation : *evaluated;
                for (std::size_t k = 0; k < kKpiCount; ++k)
                    result.kpis[k] = kpiValue(evaluation.kpis, kAllKpis[k]).value_or(kUndefined);
                result.months = evaluation.kpis.monthlyCostUsd;
                if (options.extra)
                    result.extra = options.extra(drawn, evaluation);
            } catch (const std::exception&) {
                result.failed = true; // the core boundary: a draw's failure is counted, not thrown
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < run.threads; ++t)
        threads.emplace_back(work);
    work();
    for (std::thread& thread : threads)
        thread.join();
    run.cancelled = stopped;
    if (run.cancelled)
        return run;

    const Evaluation point = pricesOnly ? evaluateRepriced(project, built) : evaluate(project);
    const std::size_t months = point.kpis.monthlyCostUsd.size();
    std::vector<std::vector<double>> inputs(targets.size());
    for (DrawResult& result : results) {
        if (result.failed) {
            ++run.failedDraws;
            for (double& k : result.kpis)
                k = kUndefined;
        }
        for (std::size_t j = 0; j < targets.size(); ++j)
            inputs[j].push_back(result.inputs[j]);
    }
    for (std::size_t k = 0; k < kKpiCount; ++k) {
        KpiRange range;
        range.kpi = kAllKpis[k];
        range.point = kpiValue(point.kpis, range.kpi);
        std::vector<double> values;
        for (const DrawResult& result : results)
            values.push_back(result.kpis[k]);
        range.band = percentilesOf(values);
        for (std::size_t j = 0; j < targets.size(); ++j)
            range.shares.push_back(
                {project.ranges[j].path, targets[j].label, rSquared(inputs[j], values)});
        std::stable_sort(
            range.shares.begin(), range.shares.end(),
            [](const InputShare& a, const InputShare& b) { return a.share > b.share; });
        run.kpis.push_back(std::move(range));
    }
    for (std::size_t m = 0; m < months; ++m) {
        std::vector<double> values;
        for (const DrawResult& result : results)
            values.push_back(!result.failed && m < result.months.size() ? result.months[m]
                                                                        : kUndefined);
        run.monthlyCostUsd.push_back(percentilesOf(values).value_or(Percentiles{}));
    }
    std::size_t extras = 0;
    for (const DrawResult& result : results)
        extras = std::max(extras, result.extra.size());
    for (std::size_t e = 0; e < extras; ++e) {
        std::vector<double> values;
        for (const DrawResult& result : results)
            values.push_back(e < result.extra.size() ? result.extra[e] : kUndefined);
        run.extra.push_back(percentilesOf(values));
    }
    return run;
}

} // namespace fleet
