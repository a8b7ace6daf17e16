// Issue 15, deliverable 1: a fixed fleet's reserved and owned pools are paid
// for their term whether used or not, in the engine and in the optimizer; the
// savings split into cash, capacity freed and the saving at renewal.

#include "engine/committed_level.h"
#include "engine/evaluate.h"
#include "engine/evaluate_fleet.h"
#include "model/pricing.h"
#include "optimize/regime_mix.h"
#include "project_generator.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace fleet;

namespace {

Project sample()
{
    return loadSampleProject().value();
}

double committedOf(const Project& project)
{
    double usd = 0;
    const PriceBook* book = project.activePriceBook();
    for (const FleetPool& pool : project.fleet.pools)
        if (isCommitted(pool.plan))
            usd += pool.count * kHoursPerMonth * project.horizonMonths *
                   *book->usdPerGpuHour(*project.catalog().gpu(pool.gpuId), pool.plan);
    return usd;
}

/// A sized project with one single-GPU batch workload allowed bare metal and MIG.
Project singleGpuJob(const std::string& policy)
{
    const std::string text = R"({
  "format": "fleetplanner-project", "format_version": 1, "name": "one GPU",
  "horizon": {"months": 12}, "active_price_book": "example-2024",
  "fleet": {"mode": "size", "pools": []}, "scheduler": {"policy": ")" +
                             policy + R"("},
  "segments": [{"id": "s", "name": "S", "isolation_floor": "hardware",
                "allowed_regimes": ["bare_metal", "partition"], "price_usd_per_gpu_hour": 4}],
  "workloads": [{"id": "b", "name": "B", "kind": "batch", "segment": "s",
                 "gpu_hours_per_month": 5000, "reference_gpu": "h100-sxm-80gb",
                 "gpus_per_job": 1, "memory_gb_per_gpu": 40, "preemptible": false,
                 "checkpoint_interval_min": 30, "choice": {"gpu": "h100-sxm-80gb"}}]
})";
    return parseProject(text, "one-gpu.json").value();
}

} // namespace

class TestCommitments : public QObject
{
    Q_OBJECT

private slots:
    void engineCostIncludesTheCommitment()
    {
        for (int reserved : {100, 1000, 1600, 2400}) {
            Project project = sample();
            project.fleet.pools[0].count = reserved;
            const Evaluation e = evaluate(project);
            const Kpis& k = e.kpis;
            QVERIFY(std::abs(k.committedCostUsd - committedOf(project)) <
                    1e-6 * k.committedCostUsd);
            QVERIFY(k.totalCostUsd >= k.committedCostUsd - 1e-6);
            // Never negative, whether demand fits the fleet or not.
            QVERIFY(k.unallocatedFleetCostUsd >= 0);
            QVERIFY(k.capacityFreedGpus >= 0 && k.capacityFreedGpus <= reserved);
            QVERIFY(k.renewalSavingUsd && *k.renewalSavingUsd >= 0);
            QVERIFY(*k.renewalSavingUsd <= k.totalCostUsd);
            // Cash saved is against the whole cost, commitment included.
            QCOMPARE(*k.savingsUsd, *k.baselineTotalCostUsd - k.totalCostUsd);
            // Attributed plus idle is the whole cost.
            QVERIFY(std::abs(k.attributedCostUsd + k.unallocatedFleetCostUsd - k.totalCostUsd) <=
                    1e-6 * k.totalCostUsd);
        }
    }

    void idleCommitmentIsFreedAndRenewedSmaller()
    {
        Project project = sample();
        // Far more reserved GPUs than the sample sets up (at most 2,065 at
        // the peaks: services and notebooks are held at theirs).
        project.fleet.pools[0].count = 3000;
        project.fleet.pools[1].count = 0;
        const Kpis k = evaluate(project).kpis;
        QCOMPARE(k.totalCostUsd, k.committedCostUsd); // nothing beyond the commitment
        QVERIFY(k.capacityFreedGpus > 500);
        QVERIFY(k.capacityFreedUsd > 0);
        QVERIFY(*k.renewalCommittedGpus < 3000 - 500);
        QVERIFY(*k.renewalSavingUsd >= k.capacityFreedUsd - 1e-6);
    }

    // One answer at renewal: the engine's resize and the optimizer's exact
    // one name the same count and saving, and the count keeps the busiest
    // month within the reservation plus the on-demand pool's limit.
    void renewalIsOneAnswer()
    {
        const Project project = sample(); // 1,600 reserved, 800 on demand
        const Kpis k = evaluate(project).kpis;
        OptimizeOptions options;
        options.fastPath = false;
        const RegimeMixResult r = optimizeRegimeMix(project, options).value();
        QCOMPARE(r.resize.size(), std::size_t(1));
        QVERIFY(k.renewalCommittedGpus && k.renewalSavingUsd && r.renewalSavingUsd);
        QCOMPARE(double(r.resize.front().proposedGpus), *k.renewalCommittedGpus);
        QVERIFY2(std::abs(*r.renewalSavingUsd - *k.renewalSavingUsd) <= 1e-3 * *k.renewalSavingUsd,
                 qPrintable(QStringLiteral("optimizer %1, engine %2")
                                .arg(*r.renewalSavingUsd)
                                .arg(*k.renewalSavingUsd)));
        QVERIFY(*k.renewalSavingUsd > 0 && *k.renewalCommittedGpus < 1600);
        // The floor: the busiest month's GPUs set up less the 800 on demand.
        const std::vector<FleetModelCash> cash =
            fixedFleetCash(project, evaluate(project).workloads);
        QCOMPARE(cash.size(), std::size_t(1));
        const double busiest = *std::max_element(cash[0].gpusUsed.begin(), cash[0].gpusUsed.end());
        QVERIFY(busiest - 800 > 1198); // below it, the unconstrained optimum
        QCOMPARE(*k.renewalCommittedGpus, std::ceil(busiest - 800 - 1e-9));
        // No on-demand pool: a limit of none. The commitment keeps the
        // busiest month, as the optimizer's resize must (issue 27: the
        // engine used to rent the rest at list price, a pool the fleet does
        // not have — private-cloud's 184 GPUs against `solve`'s 218).
        Project unlimited = project;
        unlimited.fleet.pools[1].count = 0;
        const Evaluation ue = evaluate(unlimited);
        const std::vector<FleetModelCash> own = fixedFleetCash(unlimited, ue.workloads);
        const double most = *std::max_element(own[0].gpusUsed.begin(), own[0].gpusUsed.end());
        QCOMPARE(*ue.kpis.renewalCommittedGpus, std::min(1600.0, most));
    }

    // The renewal level is found by bisection (the cost is convex in the
    // level: engine/committed_level.h): the same least cost as trying every
    // whole level from the floor the on-demand pools allow to the busiest
    // month's GPUs, on the sample's scenarios and generated fixed fleets.
    void renewalBisectionFindsTheLeastLevel()
    {
        const Project sample = loadSampleProject().value();
        std::vector<Project> projects = {sample};
        for (const Scenario& scenario : sample.scenarios)
            projects.push_back(applyScenario(sample, scenario.id).value());
        testing::ProjectGenerator generator(sample, 23, true);
        for (int i = 0; i < 400; ++i)
            projects.push_back(generator.next());
        int checked = 0;
        for (const Project& project : projects) {
            if (project.fleet.mode != FleetMode::Fixed)
                continue;
            const Evaluation e = evaluate(project);
            for (const FleetModelCash& model : fixedFleetCash(project, e.workloads)) {
                if (!model.flexiblePriced || model.committedGpus <= 0)
                    continue;
                const CommittedLevels levels(model.options, model.needs);
                const auto cost = [&](double level) {
                    return levels.cost(level, 0, model.committedUsdPerGpuHour,
                                       model.flexibleUsdPerGpuHour);
                };
                // Every whole level at which each month's flexible GPUs fit the pools.
                double least = cost(model.committedGpus);
                double floor = model.committedGpus;
                const double top = std::max(model.committedGpus, levels.mostWholeGpus());
                if (top > 3000)
                    continue; // the exhaustive search would take too long
                for (double level = 0; level <= top; ++level) {
                    bool fits = true;
                    for (std::size_t m = 0; m < levels.months(); ++m)
                        fits = fits && levels.flexibleGpus(m, level) <= model.flexibleGpus + 1e-9;
                    if (level <= model.committedGpus && fits)
                        floor = std::min(floor, level);
                    if (level >= floor)
                        least = std::min(least, cost(level));
                }
                const auto [level, usd] = renewalLevel(model);
                QVERIFY(level >= floor - 1e-9);
                QVERIFY2(usd <= least + 1e-6 + 1e-9 * std::abs(least),
                         qPrintable(QStringLiteral("%1: bisection $%2 at %3, every level $%4")
                                        .arg(QString::fromStdString(project.name))
                                        .arg(usd, 0, 'f', 2)
                                        .arg(level)
                                        .arg(least, 0, 'f', 2)));
                ++checked;
            }
        }
        qInfo("%d fleets' GPU models checked", checked);
        QVERIFY(checked >= 10);
    }

    // Deliverable 4: the ceiling is the same for every regime, and the baseline
    // does not move with the scheduler.
    void wholeGpuPartitionNeverBeatsBareMetal()
    {
        for (const char* policy : {"naive", "topology_aware", "predictive_preemption"}) {
            const Evaluation e = evaluate(singleGpuJob(policy));
            const WorkloadEvaluation& w = e.workloads.front();
            const OptionResult *bare = nullptr, *whole = nullptr;
            for (const OptionResult& option : w.options) {
                if (option.regime == RegimeKind::BareMetal)
                    bare = &option;
                if (option.regime == RegimeKind::Partition && option.profile == "7g.80gb")
                    whole = &option;
            }
            QVERIFY(bare && whole);
            QVERIFY2(whole->cost(Plan::OnDemand)->totalUsd >=
                         bare->cost(Plan::OnDemand)->totalUsd * (1 - 1e-12),
                     qPrintable(QStringLiteral("%1: MIG 7g $%2 < bare metal $%3")
                                    .arg(QLatin1String(policy))
                                    .arg(whole->cost(Plan::OnDemand)->totalUsd)
                                    .arg(bare->cost(Plan::OnDemand)->totalUsd)));
            QCOMPARE(w.options[std::size_t(w.chosen)].regime, RegimeKind::BareMetal);
        }
    }

    void baselineDoesNotMoveWithTheScheduler()
    {
        std::optional<double> first;
        for (SchedulerPolicy policy : kAllPolicies) {
            Project project = sample();
            project.scheduler.policy = policy;
            const Kpis k = evaluate(project).kpis;
            QVERIFY(k.baselineTotalCostUsd);
            if (!first)
                first = k.baselineTotalCostUsd;
            QCOMPARE(*k.baselineTotalCostUsd, *first);
        }
    }

    void optimizerNeverPaysLessThanTheCommitment()
    {
        for (int reserved : {1000, 1600, 2400}) {
            Project project = sample();
            project.fleet.pools[0].count = reserved;
            project.fleet.pools[1].count = 2400 - std::min(reserved, 2400);
            for (bool fast : {true, false}) {
                OptimizeOptions options;
                options.fastPath = fast;
                const RegimeMixResult r = optimizeRegimeMix(project, options).value();
                QVERIFY(r.status == SolveStatus::Optimal || r.status == SolveStatus::Feasible);
                const double committed = committedOf(project);
                QVERIFY2(r.costUsd >= committed - 1e-6,
                         qPrintable(QStringLiteral("%1 < %2").arg(r.costUsd).arg(committed)));
                QVERIFY(std::abs(r.committedUsd - committed) < 1e-6 * committed);
                // The resize never costs more, and keeps at most today's commitment.
                QVERIFY(r.renewalCostUsd && *r.renewalCostUsd <= r.costUsd + 1e-6);
                QCOMPARE(r.resize.size(), std::size_t(1));
                QCOMPARE(r.resize.front().currentGpus, reserved);
                QVERIFY(r.resize.front().proposedGpus <= reserved);
                // The engine and the optimizer agree on the fleet's cash (the
                // optimizer may pack partitions tighter than the engine's
                // homogeneous layouts: within 0.5 %; the fast path's rounding
                // may choose partition profiles the engine would not: within
                // 1 % — 0.67 % at 1,000 reserved, where services and notebooks
                // at their peak spill on demand; measured 2026-12-02).
                const Kpis k = evaluate(project).kpis;
                const double tolerance = fast ? 1e-2 : 5e-3;
                QVERIFY2(std::abs(k.totalCostUsd - r.costUsd) <= tolerance * r.costUsd,
                         qPrintable(QStringLiteral("engine %1, optimizer %2")
                                        .arg(k.totalCostUsd, 0, 'f', 0)
                                        .arg(r.costUsd, 0, 'f', 0)));
            }
        }
    }
};

FLEET_TEST_MAIN(TestCommitments)
#include "test_commitments.moc"
