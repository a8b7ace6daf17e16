// Metamorphic relations of the regimes' generic figures (issue 30 item 2):
// a regime's network price and its per-workload-kind throughput overhead
// (docs/MODEL.md, "Network-pooled GPUs"). Each relation is a function below
// with one line saying why it must hold; the runner and the projects are in
// invariant_cases.h. They compare the engine's options directly
// (buildOptions, planCosts), not whole evaluations: the figures speak of
// options, and the chooser is covered by the other files.

#include "engine/options.h"
#include "engine/regime_network.h"
#include "engine/resource_unit.h"
#include "invariant_cases.h"
#include "support/fleet_test.h"

using namespace fleet;

namespace fleet::invariants {
namespace {

RegimeKind pooledRegime()
{
    return *regimeFromKey("network_pooled");
}

/// Every workload's options under `regimes`, whatever its segment allows,
/// with their plan costs (no spot: shares never take it).
std::vector<std::vector<OptionResult>> optionsUnder(const Project& project,
                                                    std::vector<RegimeKind> regimes)
{
    OptionFilter filter;
    filter.regimes = std::move(regimes);
    filter.ignoreSegmentRules = true;
    std::vector<std::vector<OptionResult>> all;
    for (const Workload& w : project.workloads) {
        std::vector<OptionResult> options = buildOptions(project, w, filter, nullptr);
        for (OptionResult& o : options)
            pricePlans(project, *project.catalog().gpu(o.gpuId), o, false);
        all.push_back(std::move(options));
    }
    return all;
}

const OptionResult* twinOf(const std::vector<OptionResult>& options, const OptionResult& o,
                           RegimeKind regime)
{
    for (const OptionResult& other : options)
        if (other.regime == regime && other.gpuId == o.gpuId && other.profile == o.profile)
            return &other;
    return nullptr;
}

// --- the relations -------------------------------------------------------------

// A pooled share is a local fractional share reached over the network: with
// the local regime given the pooled one's figures, the same share holds the
// same GPU-hours and costs the same plus the network on top, so never less.
Outcome pooledShareIsItsLocalTwinPlusTheNetwork(const Case& c)
{
    if (c.project.workloads.empty())
        return notApplicable();
    const RegimeKind pooled = pooledRegime();
    Project p = c.project;
    Regime twin = p.regime(pooled);
    twin.kind = RegimeKind::Fractional;
    twin.networkUsdPerGpuHour = 0.0;
    p.regimes[std::size_t(RegimeKind::Fractional)] = twin;
    // A network price different for each seed, never free.
    p.regimes[std::size_t(pooled)].networkUsdPerGpuHour = 0.05 + double(c.seed % 40) / 100.0;
    int compared = 0;
    for (const std::vector<OptionResult>& options :
         optionsUnder(p, {pooled, RegimeKind::Fractional})) {
        for (const OptionResult& o : options) {
            if (o.regime != pooled || o.unitsPerGpu < 2)
                continue; // a whole remote GPU has no fractional twin
            const OptionResult* local = twinOf(options, o, RegimeKind::Fractional);
            if (!local)
                return broken("%s is offered, its fractional twin is not", describe(o).c_str());
            const double network = networkTotalCostUsd(p, o);
            if (!near(o.totalGpuHoursHeld(), local->totalGpuHoursHeld()))
                return broken("%s holds %.3f GPU-hours, its twin %.3f", describe(o).c_str(),
                              o.totalGpuHoursHeld(), local->totalGpuHoursHeld());
            for (const PlanCost& cost : o.planCosts) {
                const PlanCost* localCost = local->cost(cost.plan);
                if (!localCost)
                    return broken("%s has plan %s, its twin not", describe(o).c_str(),
                                  std::string(planKey(cost.plan)).c_str());
                if (!atMost(localCost->totalUsd, cost.totalUsd, 1e-9, 1e-3) ||
                    !near(cost.totalUsd, localCost->totalUsd + network, 1e-9, 1e-3))
                    return broken("%s %s costs $%.2f; its local twin $%.2f + network $%.2f",
                                  describe(o).c_str(), std::string(planKey(cost.plan)).c_str(),
                                  cost.totalUsd, localCost->totalUsd, network);
            }
            ++compared;
        }
    }
    return compared ? holds() : notApplicable();
}

// A kind's own overhead is the throughput that kind loses under the regime:
// raising it moves no other kind's option, and never lowers the GPU-hours
// its own kind's options hold (slower units do the same work in more hours).
Outcome kindOverheadMovesOnlyItsKind(const Case& c)
{
    if (c.project.workloads.empty())
        return notApplicable();
    const std::span<const RegimeKind> regimes = allRegimes();
    const RegimeKind regime = regimes[c.seed % regimes.size()];
    const WorkloadKind kind = WorkloadKind((c.seed / 7) % 4);
    Project slower = c.project;
    Regime& r = slower.regimes[std::size_t(regime)];
    const double raised =
        std::min(0.9, throughputOverheadFor(c.project.regime(regime), kind) + 0.3);
    switch (kind) {
    case WorkloadKind::Training: r.trainingThroughputOverhead = raised; break;
    case WorkloadKind::Inference: r.inferenceThroughputOverhead = raised; break;
    case WorkloadKind::Notebooks: r.notebooksThroughputOverhead = raised; break;
    case WorkloadKind::Batch: r.batchThroughputOverhead = raised; break;
    }
    const auto before = optionsUnder(c.project, {regime});
    const auto after = optionsUnder(slower, {regime});
    int compared = 0;
    for (std::size_t w = 0; w < before.size(); ++w) {
        const Workload& workload = c.project.workloads[w];
        const bool own = workload.kind() == kind;
        if (!own && before[w].size() != after[w].size())
            return broken("%s (another kind) has %zu options, %zu after", workload.id.c_str(),
                          before[w].size(), after[w].size());
        for (const OptionResult& o : after[w]) {
            const OptionResult* was = twinOf(before[w], o, regime);
            if (!was)
                return broken("%s: %s appears with a larger overhead", workload.id.c_str(),
                              describe(o).c_str());
            const double held = o.totalGpuHoursHeld(), wasHeld = was->totalGpuHoursHeld();
            if (own ? !atMost(wasHeld, held, 1e-9, 1e-6) : !near(held, wasHeld))
                return broken("%s on %s: %.3f GPU-hours held → %.3f with %s's %s overhead %.2f",
                              workload.id.c_str(), describe(o).c_str(), wasHeld, held,
                              std::string(regimeKey(regime)).c_str(),
                              std::string(workloadKindKey(kind)).c_str(), raised);
            ++compared;
        }
    }
    return compared ? holds() : notApplicable();
}

} // namespace
} // namespace fleet::invariants

class TestInvariantsRegimes : public QObject
{
    Q_OBJECT
    invariants::Cases m_cases;

private slots:
    void pooledShareIsItsLocalTwinPlusTheNetwork()
    {
        FLEET_CHECK_RELATION(m_cases, pooledShareIsItsLocalTwinPlusTheNetwork);
    }
    void kindOverheadMovesOnlyItsKind()
    {
        FLEET_CHECK_RELATION(m_cases, kindOverheadMovesOnlyItsKind);
    }
};

FLEET_TEST_MAIN(TestInvariantsRegimes)
#include "test_invariants_regimes.moc"
