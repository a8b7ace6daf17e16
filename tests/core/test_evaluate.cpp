// The whole engine on the sample project and small projects: KPIs finite and
// positive, unit consistency, scaling properties, scenarios, determinism.

#include "engine/evaluate.h"
#include "engine/options.h"
#include "engine/sensitivity.h"
#include "sample_fixture.h"
#include "simulate/planned_ceiling.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;
using fleet::test::sample;
using fleet::test::workload;

namespace {

bool finitePositive(double value)
{
    return std::isfinite(value) && value > 0;
}

/// A sized (not fixed) project with one always-on 1-GPU service.
Project oneReplicaProject()
{
    Project project = sample();
    project.fleet.mode = FleetMode::Size;
    project.fleet.pools.clear();
    project.workloads.erase(project.workloads.begin(), project.workloads.end() - 1);
    Workload service;
    service.id = "tiny";
    service.name = "tiny";
    service.segmentId = "enterprise";
    InferenceSpec spec;
    spec.params = 1e9;
    spec.requestsPerSecond = 1;
    spec.inputTokens = 100;
    spec.outputTokens = 100;
    service.spec = spec;
    service.choice.gpuId = "h100-sxm-80gb";
    service.choice.regime = RegimeKind::BareMetal;
    service.choice.plan = Plan::OnDemand;
    project.workloads = {service};
    return project;
}

} // namespace

class TestEvaluate : public QObject
{
    Q_OBJECT

private slots:
    void gpusHeldBeyondIntRangeAreWarnedAbout()
    {
        // UBSan, through the property test: a fixed fleet whose demand holds
        // more than 2^31 GPUs cast the count to int (undefined; on x86 it
        // became negative and the warning vanished).
        Project project = loadSampleProject().value();
        Workload notebooks;
        for (const Workload& w : project.workloads)
            if (std::holds_alternative<NotebookSpec>(w.spec))
                notebooks = w;
        QVERIFY(!notebooks.id.empty());
        auto& spec = std::get<NotebookSpec>(notebooks.spec);
        spec.users = 10'000'000;
        spec.gpusPerUser = 64;
        spec.activeFraction = 1.0;
        spec.idleTimeoutMin = 0;
        notebooks.choice = {};
        for (int i = 0; i < 4; ++i) {
            Workload copy = notebooks;
            copy.id = "huge-notebooks-" + std::to_string(i);
            project.workloads.push_back(copy);
        }
        const Evaluation evaluation = evaluate(project);
        bool warned = false;
        for (const std::string& warning : evaluation.warnings)
            if (warning.find("month 1: the chosen options hold 2") == 0 &&
                warning.find("GPUs at their peaks; the fleet has 2,400") != std::string::npos)
                warned = true;
        QVERIFY2(warned,
                 evaluation.warnings.empty() ? "no warning" : evaluation.warnings.front().c_str());
    }

    void sampleNumbersAreFiniteAndPositive()
    {
        // The sample as every view plans it: on the knee it ships with.
        const Project stated = sample();
        const PlannedCeiling ceiling = plannedCeiling(stated);
        QVERIFY(ceiling.onMeasured());
        const Project project = onPlannedCeiling(stated, ceiling);
        const Evaluation e = evaluate(project);
        // No warning: the sample's 1,600 reserved GPUs are below its demand
        // in every month at the knee (on the assumed 0.85 they were at most
        // 17 more, 1.1 %, under the 10 % that warns, issue 15), and its
        // workloads' summed peaks fit its 2,400. Its services are sized for
        // their TTFT target at the 99th percentile (ttft_target_quantile
        // 0.99), so none warns that it misses it.
        QVERIFY2(e.warnings.empty(), e.warnings.empty() ? "" : e.warnings.front().c_str());
        // On the assumed ceiling, the one warning is that it is above the knee.
        const Evaluation onAssumed = evaluate(stated);
        QCOMPARE(onAssumed.warnings.size(), std::size_t(1));
        QVERIFY2(onAssumed.warnings.front().find("above the knee the simulator measured") !=
                     std::string::npos,
                 onAssumed.warnings.front().c_str());
        const Kpis& k = e.kpis;
        QCOMPARE(k.monthlyCostUsd.size(), std::size_t(12));
        for (double month : k.monthlyCostUsd)
            QVERIFY(finitePositive(month));
        for (auto value : {k.costPerTrillionTrainingTokensUsd, k.costPerMillionOutputTokensUsd,
                           k.costPerNotebookUserMonthUsd, k.baselineTotalCostUsd, k.savingsUsd})
            QVERIFY(value && finitePositive(*value));
        QVERIFY(finitePositive(k.utilization) && k.utilization < 1.0);
        QCOMPARE(e.workloads.size(), project.workloads.size());
        for (const WorkloadEvaluation& w : e.workloads) {
            const OptionResult* chosen = w.chosenOption();
            QVERIFY2(chosen, w.id.c_str());
            double cost = 0;
            for (double month : w.monthlyCostUsd)
                cost += month;
            QVERIFY2(finitePositive(cost), w.id.c_str());
            QVERIFY2(finitePositive(chosen->totalGpuHoursHeld()), w.id.c_str());
            QVERIFY2(chosen->totalGpuHoursBusy() <= chosen->totalGpuHoursHeld() * (1 + 1e-9),
                     w.id.c_str());
            for (const auto& [key, value] : chosen->details)
                QVERIFY2(std::isfinite(value), (w.id + " " + key).c_str());
            QVERIFY(w.baseline.has_value());
        }
    }

    void sampleFollowsTheFieldCase()
    {
        const Evaluation e = evaluate(sample());
        QCOMPARE(workload(e, "pretrain-70b").chosenOption()->regime, RegimeKind::BareMetal);
        // Sized for its 150 ms TTFT at p99, the partition chosen fits in as
        // many GPUs at the peak as whole GPUs do (2; 1g.10gb instances would
        // need 4) and keeps its isolation. Which slice among those that tie
        // moved with the BF16 efficiency (3g.40gb before 2026-12-07, 1g.20gb
        // since: one-slice 20 GB instances now hold batch 24, not 20).
        const WorkloadEvaluation& moderation = workload(e, "moderation-1b");
        QCOMPARE(moderation.chosenOption()->regime, RegimeKind::Partition);
        const OptionResult* whole = nullptr;
        for (const OptionResult& option : moderation.options)
            if (option.regime == RegimeKind::BareMetal)
                whole = &option;
        QVERIFY(whole);
        const auto peak = [](const OptionResult& option) {
            double most = 0;
            for (const MonthRequirement& month : option.months)
                most = std::max(most, month.peakGpus);
            return most;
        };
        QCOMPARE(peak(*moderation.chosenOption()), 2.0);
        QCOMPARE(peak(*whole), 2.0);
        // Notebooks: about a third of the fleet's hours in the naive plan, ~12 % allocated with the
        // timeout.
        const WorkloadEvaluation& notebooks = workload(e, "dev-notebooks");
        const double naiveShare = notebooks.baseline->totalGpuHoursHeld() / e.kpis.fleetGpuHours;
        QVERIFY2(naiveShare > 0.30 && naiveShare < 0.40, qPrintable(QString::number(naiveShare)));
        const double allocated = notebooks.chosenOption()->detail("allocated_fraction");
        QVERIFY2(allocated > 0.10 && allocated < 0.14, qPrintable(QString::number(allocated)));
    }

    void everyChosenOptionMeetsItsSegmentsIsolationFloor()
    {
        const Project project = sample();
        const Evaluation e = evaluate(project);
        for (std::size_t i = 0; i < e.workloads.size(); ++i) {
            const Segment* segment = project.segment(project.workloads[i].segmentId);
            for (const OptionResult& option : e.workloads[i].options) {
                QVERIFY(option.isolation >= segment->isolationFloor);
                QVERIFY(segment->allows(option.regime));
            }
        }
    }

    void hourlyPricesAreNeverTakenForMonthly()
    {
        // One always-on GPU for a month costs 730 h × the hourly price, not the price.
        const Project project = oneReplicaProject();
        const Evaluation e = evaluate(project);
        const WorkloadEvaluation& w = e.workloads.front();
        QVERIFY(w.chosenOption());
        QCOMPARE(w.chosenOption()->months.front().gpuEquivalents, 1.0);
        QCOMPARE(w.monthlyCostUsd.front(), 730.0 * 2.99);
        QCOMPARE(e.kpis.meanMonthlyCostUsd, 730.0 * 2.99);
    }

    void doublingPricesDoublesDollars()
    {
        const Project base = sample();
        Project doubled = base;
        sensitivityInput("gpu_prices")->scale(doubled, 2.0);
        const Kpis a = evaluate(base).kpis;
        const Kpis b = evaluate(doubled).kpis;
        QCOMPARE(b.totalCostUsd, 2 * a.totalCostUsd);
        QCOMPARE(*b.costPerMillionOutputTokensUsd, 2 * *a.costPerMillionOutputTokensUsd);
        QCOMPARE(*b.baselineTotalCostUsd, 2 * *a.baselineTotalCostUsd);
        QCOMPARE(b.utilization, a.utilization);
    }

    void moreTokensMoreHoursHigherMfuFewer()
    {
        const Project base = sample();
        const auto hours = [](const Project& p) {
            return workload(evaluate(p), "pretrain-70b").chosenOption()->totalGpuHoursBusy();
        };
        Project more = base, faster = base;
        sensitivityInput("training_tokens")->scale(more, 1.5);
        sensitivityInput("training_efficiency")->scale(faster, 1.2);
        QVERIFY(hours(more) > hours(base));
        QVERIFY(hours(faster) < hours(base));
    }

    void asynchronousCheckpointingCutsTheCheckpointStall()
    {
        // checkpoint_stall_fraction below 1: the project checkpoints
        // asynchronously (data/defaults/engine.json: 0.042 with DCP async_save).
        const Project base = sample();
        Project async = base;
        async.assumptions.checkpointStallFraction = 0.042;
        const Evaluation syncEval = evaluate(base), asyncEval = evaluate(async);
        const OptionResult* a = workload(syncEval, "pretrain-70b").chosenOption();
        const OptionResult* b = workload(asyncEval, "pretrain-70b").chosenOption();
        QVERIFY(a && b);
        QVERIFY(b->detail("checkpoint_idle_fraction") < a->detail("checkpoint_idle_fraction"));
        QVERIFY(b->detail("gpu_hours_per_run") < a->detail("gpu_hours_per_run"));
        QVERIFY(b->detail("checkpoint_interval_min") >= b->detail("checkpoint_seconds") / 60.0);
    }

    void scenariosChangeWhatTheySay()
    {
        const Evaluation base = evaluate(sample());
        const Evaluation sliced = evaluate(sample("notebooks-time-sliced"));
        QCOMPARE(workload(sliced, "dev-notebooks").chosenOption()->regime, RegimeKind::TimeSliced);
        const Evaluation noTimeout = evaluate(sample("no-idle-timeout"));
        QVERIFY(workload(noTimeout, "dev-notebooks").chosenOption()->totalGpuHoursHeld() >
                5 * workload(base, "dev-notebooks").chosenOption()->totalGpuHoursHeld());
        const Evaluation reserved = evaluate(sample("reserve-60"));
        // The reservation is paid used or not. Services and notebooks held at
        // their peak set up more than 1,600 GPUs in the busiest months, so no
        // reserved GPU idles in every month; with 1,440 reserved more of them
        // run on demand, paid at their mean, and the whole costs less.
        QCOMPARE(reserved.kpis.committedCostUsd, 1440 * 730 * 12 * 1.89);
        QCOMPARE(base.kpis.committedCostUsd, 1600 * 730 * 12 * 1.89);
        QVERIFY(base.kpis.totalCostUsd >= base.kpis.committedCostUsd);
        QVERIFY(reserved.kpis.totalCostUsd < base.kpis.totalCostUsd);
        QCOMPARE(base.kpis.capacityFreedGpus, 0.0);
        // Set up at their mean (peak_capacity_share 0), 1,440 reserved GPUs
        // cover the demand and the base's 1,600 leave GPUs idle (capacity freed).
        Project meanBase = sample();
        meanBase.assumptions.peakCapacityShare = 0.0;
        Project meanReserved = sample("reserve-60");
        meanReserved.assumptions.peakCapacityShare = 0.0;
        QVERIFY(evaluate(meanBase).kpis.capacityFreedGpus >
                evaluate(meanReserved).kpis.capacityFreedGpus);
        auto missing = loadSampleProject("no-such-scenario");
        QVERIFY(!missing.ok());
        QVERIFY(QString::fromStdString(missing.error().toString())
                    .contains(QStringLiteral("known: reserve-60")));
    }

    void sameInputSameOutput()
    {
        const Project project = sample();
        const Evaluation a = evaluate(project);
        const Evaluation b = evaluate(project);
        QCOMPARE(a.kpis.monthlyCostUsd, b.kpis.monthlyCostUsd);
        QCOMPARE(a.kpis.totalCostUsd, b.kpis.totalCostUsd);
        QCOMPARE(a.kpis.gpuHoursHeld, b.kpis.gpuHoursHeld);
    }

    void notebookAllocationByHand()
    {
        NotebookSpec spec;
        spec.activeFraction = 0.035;
        spec.meanIdleGapMin = 180;
        spec.idleTimeoutMin = 15;
        Assumptions a;
        a.notebookRestoreMin = 1;
        const double held = 0.035 + 0.965 * (1 - std::exp(-15.0 / 180.0));
        const double restores = 0.965 / 180.0 * std::exp(-15.0 / 180.0) * 1.0;
        QCOMPARE(notebookAllocatedFraction(spec, a, true), held + restores);
        QCOMPARE(notebookAllocatedFraction(spec, a, false), 1.0);
        spec.idleTimeoutMin = 0;
        QCOMPARE(notebookAllocatedFraction(spec, a, true), 1.0);
    }

    void batchScalesFromItsReferenceGpu()
    {
        // 40,000 H100-hours of work take 40,000 × 989.4 ÷ 312 A100-hours.
        Project project = sample();
        project.fleet.mode = FleetMode::Size;
        project.fleet.pools.clear();
        project.activePriceBookId = "market-2026"; // the example book prices no A100
        Workload& finetune = project.workloads[1];
        finetune.choice.gpuId = "a100-sxm-80gb";
        finetune.choice.regime = RegimeKind::BareMetal;
        const auto options = buildOptions(project, finetune, OptionFilter{}, nullptr);
        bool found = false;
        for (const OptionResult& option : options) {
            if (option.gpuId != "a100-sxm-80gb" || option.regime != RegimeKind::BareMetal)
                continue;
            found = true;
            QVERIFY(std::abs(option.months.front().gpuHoursBusy - 40000.0 * 989.4 / 312.0) < 1e-6);
            QVERIFY(std::abs(option.months.front().gpuHoursHeld -
                             option.months.front().gpuHoursBusy / 0.85) < 1e-6);
        }
        QVERIFY(found);
    }

    void fixedFleetOverflowIsReported()
    {
        Project project = sample();
        project.fleet.pools[0].count = 100;
        project.fleet.pools[1].count = 100;
        const Evaluation e = evaluate(project);
        QVERIFY(!e.warnings.empty());
        QVERIFY(QString::fromStdString(e.warnings.front())
                    .contains(QStringLiteral("the fleet has 200")));
    }

    void tornadoAndSweep()
    {
        const Project project = sample();
        const Tornado t = tornado(project, Kpi::CostPerMillionOutputTokens, 0.1,
                                  {"gpu_prices", "request_rate", "notebook_users"});
        QCOMPARE(t.bars.size(), std::size_t(3));
        QVERIFY(t.base);
        const TornadoBar& prices = t.bars.front(); // prices move inference cost most
        QCOMPARE(prices.key, std::string("gpu_prices"));
        QVERIFY(std::abs(*prices.low - 0.9 * *t.base) < 1e-9 * *t.base);
        QVERIFY(std::abs(*prices.high - 1.1 * *t.base) < 1e-9 * *t.base);
        // Notebook users touch inference cost only through the fleet's rate:
        // in a fixed fleet the workloads share the month's mix of committed
        // and on-demand GPUs (more notebooks, more on-demand months).
        QVERIFY(t.bars.back().swing() < 0.01 * *t.base);
        const auto points = sensitivitySweep(project, *sensitivityInput("fleet_size"),
                                             Kpi::Utilization, {0.8, 1.0, 1.2});
        QCOMPARE(points.size(), std::size_t(3));
        QVERIFY(*points[0].kpi > *points[1].kpi && *points[1].kpi > *points[2].kpi);
    }
};

FLEET_TEST_MAIN(TestEvaluate)
#include "test_evaluate.moc"
