// Relations of the Monte Carlo over input ranges (issue 31, item 6), on
// generated projects given ranges here: each relation is a function with one
// line saying why it must hold; the runner and the projects are in
// invariant_cases.h. (Widening a range need not widen the P10-P90 band of a
// cost: a fixed fleet's commitment caps it, so that is not one of them.)

#include "engine/monte_carlo.h"
#include "invariant_cases.h"
#include "model/range_target.h"
#include "support/fleet_test.h"

using namespace fleet;

namespace fleet::invariants {
namespace {

constexpr int kDraws = 24;

/// The path of the on-demand price of the active book's first GPU with one.
std::optional<std::string> onDemandPricePath(const Project& project)
{
    const PriceBook* book = project.activePriceBook();
    if (!book)
        return std::nullopt;
    for (const GpuPrices& prices : book->gpus)
        if (prices.onDemand)
            return "/price_books/" + book->id + "/gpus/" + prices.gpuId +
                   "/on_demand/usd_per_gpu_hour";
    return std::nullopt;
}

/// Ranges over every numeric field the case's first workload and the price
/// have, collapsed to their values: a range [v, v, v] per field.
std::vector<InputRange> collapsedRanges(const Project& project)
{
    std::vector<InputRange> ranges;
    std::vector<std::string> paths;
    if (auto price = onDemandPricePath(project))
        paths.push_back(*price);
    paths.push_back("/assumptions/gpu_mtbf_hours");
    for (const Workload& workload : project.workloads)
        for (const char* key : {"requests_per_second", "efficiency", "users", "gpu_hours_per_month",
                                "tokens_per_run"})
            paths.push_back("/workloads/" + workload.id + "/" + key);
    for (const std::string& path : paths) {
        auto target = rangeTarget(project, path);
        if (!target)
            continue;
        const double value = target.value().get(project);
        ranges.push_back({path, value, value, value, RangeShape::Triangular, {}});
    }
    return ranges;
}

RangeRun runOf(Project project, std::vector<InputRange> ranges, int threads)
{
    project.ranges = std::move(ranges);
    RangeOptions options;
    options.draws = kDraws;
    options.seed = 5;
    options.threads = threads;
    return runRanges(project, options).value();
}

// --- the relations -------------------------------------------------------------

// A range collapsed to the field's own value draws that value every time, and
// the engine is a pure function of its inputs: every percentile is the point.
Outcome collapsedRangesGiveThePoint(const Case& c)
{
    const std::vector<InputRange> ranges = collapsedRanges(c.project);
    if (ranges.empty())
        return notApplicable();
    const RangeRun run = runOf(c.project, ranges, 2);
    for (const KpiRange& kpi : run.kpis) {
        if (!kpi.point) {
            if (kpi.band)
                return broken("%s: no point value, but a band", kpiKey(kpi.kpi).data());
            continue;
        }
        if (!kpi.band || kpi.band->p10 != *kpi.point || kpi.band->p50 != *kpi.point ||
            kpi.band->p90 != *kpi.point)
            return broken("%s: point %.17g, P10 %.17g P50 %.17g P90 %.17g", kpiKey(kpi.kpi).data(),
                          *kpi.point, kpi.band ? kpi.band->p10 : -1, kpi.band ? kpi.band->p50 : -1,
                          kpi.band ? kpi.band->p90 : -1);
    }
    return holds();
}

// Draw i comes from its own sub-stream (seed, i, range), whichever thread
// runs it: one thread and three give the same percentiles, bit for bit.
Outcome threadsDoNotChangeTheFigures(const Case& c)
{
    auto price = onDemandPricePath(c.project);
    if (!price || c.project.workloads.empty())
        return notApplicable();
    const double value = rangeTarget(c.project, *price).value().get(c.project);
    const std::vector<InputRange> ranges = {
        {*price, value * 0.5, value, value * 2, RangeShape::Triangular, {}}};
    const RangeRun one = runOf(c.project, ranges, 1), three = runOf(c.project, ranges, 3);
    for (std::size_t k = 0; k < one.kpis.size(); ++k) {
        const auto& a = one.kpis[k].band;
        const auto& b = three.kpis[k].band;
        if (a.has_value() != b.has_value() ||
            (a && (a->p10 != b->p10 || a->p50 != b->p50 || a->p90 != b->p90)))
            return broken("%s: 1 thread P50 %.17g, 3 threads P50 %.17g",
                          kpiKey(one.kpis[k].kpi).data(), a ? a->p50 : -1, b ? b->p50 : -1);
    }
    return holds();
}

// Percentiles are order statistics of the same draws: P10 ≤ P50 ≤ P90.
Outcome percentilesAreOrdered(const Case& c)
{
    auto price = onDemandPricePath(c.project);
    if (!price)
        return notApplicable();
    const double value = rangeTarget(c.project, *price).value().get(c.project);
    const RangeRun run =
        runOf(c.project, {{*price, value * 0.5, value, value * 1.5, RangeShape::Pert, {}}}, 2);
    for (const KpiRange& kpi : run.kpis)
        if (kpi.band && !(kpi.band->p10 <= kpi.band->p50 && kpi.band->p50 <= kpi.band->p90))
            return broken("%s: P10 %g P50 %g P90 %g", kpiKey(kpi.kpi).data(), kpi.band->p10,
                          kpi.band->p50, kpi.band->p90);
    return holds();
}

// No cost falls when a price rises (each option's cost is non-decreasing in
// every price, and the engine takes the cheapest): a price drawn only at or
// above its value gives a P10 of total cost at or above the point.
Outcome dearerPricesNeverCostLess(const Case& c)
{
    auto price = onDemandPricePath(c.project);
    if (!price || c.project.workloads.empty())
        return notApplicable();
    const double value = rangeTarget(c.project, *price).value().get(c.project);
    const RangeRun run =
        runOf(c.project, {{*price, value, value, value * 1.5, RangeShape::Uniform, {}}}, 2);
    const KpiRange* cost = run.of(Kpi::MeanMonthlyCost);
    if (!cost || !cost->point || !cost->band)
        return notApplicable();
    if (!atMost(*cost->point, cost->band->p10, 1e-9, 1e-6))
        return broken("point %.10g, P10 %.10g", *cost->point, cost->band->p10);
    return holds();
}

} // namespace
} // namespace fleet::invariants

class TestInvariantsRanges : public QObject
{
    Q_OBJECT

    fleet::invariants::Cases m_cases;

private slots:
    void collapsedRangesGiveThePoint()
    {
        FLEET_CHECK_RELATION(m_cases, collapsedRangesGiveThePoint);
    }
    void threadsDoNotChangeTheFigures()
    {
        FLEET_CHECK_RELATION(m_cases, threadsDoNotChangeTheFigures);
    }
    void percentilesAreOrdered() { FLEET_CHECK_RELATION(m_cases, percentilesAreOrdered); }
    void dearerPricesNeverCostLess() { FLEET_CHECK_RELATION(m_cases, dearerPricesNeverCostLess); }
};

FLEET_TEST_MAIN(TestInvariantsRanges)
#include "test_invariants_ranges.moc"
