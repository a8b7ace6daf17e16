// Network-pooled GPUs as a regime (issue 30 item 2; docs/MODEL.md,
// "Network-pooled GPUs"): its units (a whole remote GPU, then halving
// fractions), its per-kind throughput penalty and its network's price, all
// through generic regime figures; the optimizer chooses it where a segment
// allows it and it is cheapest, and never where a segment does not.

#include "engine/evaluate.h"
#include "engine/options.h"
#include "engine/regime_network.h"
#include "engine/resource_unit.h"
#include "model/regime_descriptor.h"
#include "optimize/regime_mix.h"
#include "store/catalog_loader.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

RegimeKind pooledKind()
{
    const auto kind = regimeFromKey("network_pooled");
    if (!kind)
        qFatal("network_pooled is not registered");
    return *kind;
}

/// A sized project: light notebooks in an early-stage segment that allows
/// bare metal and the pooled regime, and the same notebooks in a segment
/// that does not allow it.
Project notebookProject()
{
    const std::string text = R"({
  "format": "fleetplanner-project", "format_version": 1, "name": "pooled",
  "horizon": {"months": 6}, "active_price_book": "example-2024",
  "fleet": {"mode": "size", "pools": []},
  "segments": [
    {"id": "lab", "name": "Lab", "isolation_floor": "none",
     "allowed_regimes": ["bare_metal", "network_pooled"], "price_usd_per_gpu_hour": 4},
    {"id": "bank", "name": "Bank", "isolation_floor": "none",
     "allowed_regimes": ["bare_metal", "vm_passthrough"], "price_usd_per_gpu_hour": 4}],
  "workloads": [
    {"id": "nb-lab", "name": "Lab notebooks", "kind": "notebooks", "segment": "lab",
     "users": 40, "gpus_per_user": 1, "active_fraction": 0.05, "mean_idle_gap_min": 120,
     "idle_timeout_min": 0, "memory_gb_per_session": 8, "choice": {"gpu": "h100-sxm-80gb"}},
    {"id": "nb-bank", "name": "Bank notebooks", "kind": "notebooks", "segment": "bank",
     "users": 40, "gpus_per_user": 1, "active_fraction": 0.05, "mean_idle_gap_min": 120,
     "idle_timeout_min": 0, "memory_gb_per_session": 8, "choice": {"gpu": "h100-sxm-80gb"}}]
})";
    auto project = parseProject(text, "pooled.json");
    if (!project)
        qFatal("%s", project.error().toString().c_str());
    return std::move(project).value();
}

const GpuModel& h100(const Project& project)
{
    return *project.catalog().gpu("h100-sxm-80gb");
}

} // namespace

class TestNetworkPooled : public QObject
{
    Q_OBJECT

private slots:
    /// The sourced defaults: every kind's penalty stated, training and
    /// services above notebooks and batch, a network price, no isolation.
    void defaultsStateThePenaltyPerKind()
    {
        const Project project = notebookProject();
        const Regime& pooled = project.regime(pooledKind());
        QCOMPARE(pooled.isolation, IsolationLevel::None);
        QVERIFY(pooled.multiGpu);
        QVERIFY(pooled.networkUsdPerGpuHour > 0);
        const double training = throughputOverheadFor(pooled, WorkloadKind::Training);
        const double inference = throughputOverheadFor(pooled, WorkloadKind::Inference);
        const double notebooks = throughputOverheadFor(pooled, WorkloadKind::Notebooks);
        const double batch = throughputOverheadFor(pooled, WorkloadKind::Batch);
        QVERIFY(training > notebooks && training > batch);
        QVERIFY(inference > notebooks && inference > batch);
        // A regime stating no per-kind figure keeps its one overhead for all.
        const Regime& fractional = project.regime(RegimeKind::Fractional);
        QCOMPARE(fractional.networkUsdPerGpuHour, 0.0);
        for (WorkloadKind kind : {WorkloadKind::Training, WorkloadKind::Inference,
                                  WorkloadKind::Notebooks, WorkloadKind::Batch})
            QCOMPARE(throughputOverheadFor(fractional, kind), fractional.throughputOverhead);
        // Only the early stage allows it by default (no isolation between tenants).
        QCOMPARE(regimeDescriptor(pooledKind()).defaultStages, std::uint8_t(kStageEarly));
    }

    /// A whole remote GPU, then 1/2, 1/4, 1/8; each keeps 1 − the kind's penalty.
    void unitsAreAWholeGpuThenHalvingFractions()
    {
        const Project project = notebookProject();
        const Regime forNotebooks =
            regimeFor(project.regime(pooledKind()), WorkloadKind::Notebooks);
        const Regime forTraining = regimeFor(project.regime(pooledKind()), WorkloadKind::Training);
        const auto notebookUnits = resourceUnits(h100(project), forNotebooks, Precision::Bf16, 0.0);
        const auto trainingUnits = resourceUnits(h100(project), forTraining, Precision::Bf16, 0.0);
        QCOMPARE(notebookUnits.size(), std::size_t(4));
        QCOMPARE(notebookUnits.front().profile, std::string("1 GPU"));
        QCOMPARE(notebookUnits.front().gpuShare, 1.0);
        QCOMPARE(notebookUnits.back().profile, std::string("1/8"));
        const double peak = densePeakFlopsPerS(h100(project), Precision::Bf16);
        QVERIFY(std::abs(notebookUnits.front().computeFlopsPerS - peak * 0.95) < 1e-6 * peak);
        QVERIFY(std::abs(trainingUnits.front().computeFlopsPerS - peak * 0.85) < 1e-6 * peak);
        for (const ResourceUnit& unit : notebookUnits)
            QCOMPARE(unit.isolation, IsolationLevel::None);
    }

    /// A per-kind override is a regime setting like any other: a project
    /// file may state one for any regime (and the network's price), it
    /// round-trips, a value out of range is refused naming the field, and
    /// only that kind meets it.
    void aProjectMayOverrideOneKindOfAnyRegime()
    {
        const auto withOverride = [](const std::string& value) {
            std::string text = projectToJsonText(notebookProject());
            const std::string anchor = "\"format_version\"";
            text.insert(text.find(anchor),
                        "\"regimes\": {\"bare_metal\": {\"notebooks_throughput_overhead\": " +
                            value + ", \"network_usd_per_gpu_hour\": 0.25}}, ");
            return parseProject(text, "override.json");
        };
        const auto parsed = withOverride("0.5");
        QVERIFY2(parsed, parsed ? "" : parsed.error().toString().c_str());
        const Regime& bare = parsed.value().regime(RegimeKind::BareMetal);
        QCOMPARE(bare.notebooksThroughputOverhead, 0.5);
        QCOMPARE(bare.networkUsdPerGpuHour, 0.25);
        QCOMPARE(regimeFor(bare, WorkloadKind::Notebooks).throughputOverhead, 0.5);
        QCOMPARE(regimeFor(bare, WorkloadKind::Training).throughputOverhead,
                 bare.throughputOverhead);
        const auto again = parseProject(projectToJsonText(parsed.value()), "again.json");
        QVERIFY(again);
        QCOMPARE(again.value().regime(RegimeKind::BareMetal).notebooksThroughputOverhead, 0.5);
        const auto refused = withOverride("1.5");
        QVERIFY(!refused);
        QVERIFY2(refused.error().toString().find("notebooks_throughput_overhead") !=
                     std::string::npos,
                 refused.error().toString().c_str());
    }

    /// The network is paid on every GPU-hour a pooled option holds, in every plan.
    void networkIsPaidOnTheHoursHeld()
    {
        const Project project = notebookProject();
        const Evaluation evaluation = evaluate(project);
        const double rate = project.regime(pooledKind()).networkUsdPerGpuHour;
        int pooledOptions = 0;
        for (const OptionResult& option : evaluation.workloads.front().options) {
            if (option.regime != pooledKind())
                continue;
            ++pooledOptions;
            QVERIFY(std::abs(networkTotalCostUsd(project, option) -
                             rate * option.totalGpuHoursHeld()) < 1e-6);
            const PlanCost* onDemand = option.cost(Plan::OnDemand);
            QVERIFY(onDemand);
            const double gpus = option.totalGpuHoursHeld() * onDemand->effectiveUsdPerGpuHour;
            QVERIFY(std::abs(onDemand->totalUsd - gpus - networkTotalCostUsd(project, option)) <
                    1e-6 * onDemand->totalUsd);
        }
        QCOMPARE(pooledOptions, 4);
    }

    /// Allowed and cheapest for the lab's light notebooks, the solve picks
    /// the pooled regime there (and the engine too), never for the bank's;
    /// the objective carries the network as the engine does.
    void solvePicksItWhereAllowedOnly()
    {
        const Project project = notebookProject();
        const Evaluation evaluation = evaluate(project);
        QCOMPARE(evaluation.workloads[0].chosenOption()->regime, pooledKind());
        QVERIFY(evaluation.workloads[1].chosenOption()->regime != pooledKind());
        const RegimeMixResult result = optimizeRegimeMix(project, {}).value();
        QCOMPARE(result.status, SolveStatus::Optimal);
        QCOMPARE(result.assignments.size(), std::size_t(2));
        for (const Assignment& a : result.assignments) {
            if (a.workloadId == "nb-lab")
                QCOMPARE(a.regime, pooledKind());
            else
                QVERIFY2(a.regime != pooledKind(), "the bank's segment does not allow it");
        }
        // With the network free the pooled share costs less, never more.
        Project free = project;
        free.regimes[std::size_t(pooledKind())].networkUsdPerGpuHour = 0;
        const RegimeMixResult freeResult = optimizeRegimeMix(free, {}).value();
        QVERIFY(freeResult.costUsd < result.costUsd);
    }
};

FLEET_TEST_MAIN(TestNetworkPooled)
#include "test_network_pooled.moc"
