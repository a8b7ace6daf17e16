// Planned pre-training runs (docs/MODEL.md, "Planned runs"): their nodes are
// reserved and drained ahead, so they start on time under every policy but
// fifo, while the same gangs arriving unannounced wait behind a busy cluster.
// And the knee over several seeds: its median and spread (knee_spread.h).

#include "simulate/cluster_simulator.h"
#include "simulate/knee_spread.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <algorithm>
#include <random>

using namespace fleet;

namespace {

/// 128 GPUs; 1- and 4-GPU jobs of 6 h on average (exponential) at 75 % of
/// the cluster, and a 64-GPU run of 48 h every 240 h: 10 % more.
std::vector<SimJob> busyClusterWithRuns(double leadHours)
{
    std::mt19937_64 random(7);
    const double horizon = 60 * 24;
    std::vector<SimJob> jobs;
    const double smallGpuHoursPerHour = 0.75 * 128;
    const double meanGpus = 2.5; // 1 or 4 GPUs, alike
    std::exponential_distribution<double> gap(smallGpuHoursPerHour / (meanGpus * 6.0));
    std::exponential_distribution<double> duration(1.0 / 6.0);
    std::bernoulli_distribution four(0.5);
    for (double now = gap(random); now < horizon; now += gap(random)) {
        SimJob job;
        job.arrivalHours = now;
        job.durationHours = duration(random);
        job.gpus = four(random) ? 4 : 1;
        jobs.push_back(job);
    }
    for (double start = 100; start < horizon; start += 240) {
        SimJob run;
        run.arrivalHours = start;
        run.durationHours = 48;
        run.gpus = 64;
        run.plannedLeadHours = leadHours;
        jobs.push_back(run);
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const SimJob& a, const SimJob& b) {
        return a.arrivalHours < b.arrivalHours;
    });
    return jobs;
}

Frontier frontierWithKnee(std::optional<double> load, std::optional<double> utilization)
{
    Frontier frontier;
    frontier.policy = PlacementPolicy::TopologyAware;
    frontier.kneeLoad = load;
    frontier.kneeUtilization = utilization;
    return frontier;
}

} // namespace

class TestPlannedRuns : public QObject
{
    Q_OBJECT

private slots:
    void plannedRunsStartOnTime_data()
    {
        QTest::addColumn<PlacementPolicy>("policy");
        QTest::newRow("naive") << PlacementPolicy::Naive;
        QTest::newRow("topology_aware") << PlacementPolicy::TopologyAware;
        QTest::newRow("predictive_preemption") << PlacementPolicy::PredictivePreemption;
    }

    void plannedRunsStartOnTime()
    {
        QFETCH(PlacementPolicy, policy);
        const ClusterShape cluster{16, 8, 1.25, 1};
        const SimulationResult planned = simulateCluster(cluster, policy, busyClusterWithRuns(168));
        QCOMPARE(planned.planned.jobs, std::int64_t(6));
        QVERIFY2(planned.planned.maxStartDelayHours < 1e-9,
                 qPrintable(QString::number(planned.planned.maxStartDelayHours)));
        QVERIFY(planned.gangs.meanWaitHours < 1e-9);
        // The drain costs the small jobs little: the cluster stays busy.
        QVERIFY2(planned.utilization > 0.75, qPrintable(QString::number(planned.utilization)));
        // The same runs unannounced are not planned: no start delay is
        // reported, and under naive (which reserves nothing) they wait.
        const SimulationResult unannounced =
            simulateCluster(cluster, policy, busyClusterWithRuns(0));
        QCOMPARE(unannounced.planned.jobs, std::int64_t(0));
        if (policy == PlacementPolicy::Naive)
            QVERIFY2(unannounced.gangs.meanWaitHours > 5,
                     qPrintable(QString::number(unannounced.gangs.meanWaitHours)));
    }

    void fifoPlansNothing()
    {
        const SimulationResult fifo = simulateCluster(
            ClusterShape{16, 8, 1.25, 1}, PlacementPolicy::Fifo, busyClusterWithRuns(168));
        QCOMPARE(fifo.planned.jobs, std::int64_t(0));
    }

    void kneeSpreadTakesTheMedian()
    {
        const std::vector<std::uint64_t> seeds{42, 43, 44, 45, 46};
        const KneeSpread spread =
            kneeSpread({frontierWithKnee(0.6, 0.50), frontierWithKnee(0.5, 0.40),
                        frontierWithKnee(std::nullopt, std::nullopt), frontierWithKnee(0.7, 0.62),
                        frontierWithKnee(0.4, 0.30)},
                       seeds);
        QCOMPARE(spread.knees.size(), std::size_t(5));
        QCOMPARE(spread.knees[2].seed, std::uint64_t(44));
        QVERIFY(!spread.knees[2].utilization);
        QCOMPARE(spread.seedsWithoutKnee, 1);
        // A seed without a knee counts as above every load: the median of
        // {0.30, 0.40, 0.50, 0.62, ∞} is 0.50, seed 42's knee, at its load 0.6.
        QCOMPARE(*spread.medianUtilization, 0.50);
        QCOMPARE(*spread.medianLoad, 0.6);
        QCOMPARE(*spread.lowUtilization, 0.30);
        QCOMPARE(*spread.highUtilization, 0.62);
        const Frontier median = withMedianKnee(frontierWithKnee(0.4, 0.30), spread);
        QCOMPARE(*median.kneeUtilization, 0.50);
        // An even count averages the middle two.
        const KneeSpread even =
            kneeSpread({frontierWithKnee(0.4, 0.3), frontierWithKnee(0.6, 0.5)}, {1, 2});
        QCOMPARE(*even.medianUtilization, 0.4);
        QCOMPARE(*even.medianLoad, 0.5);
        // Load and utilization stay a pair: the median load is the median
        // knee's, not the median of the loads.
        const KneeSpread paired = kneeSpread(
            {frontierWithKnee(0.9, 0.30), frontierWithKnee(0.3, 0.40), frontierWithKnee(0.4, 0.50)},
            {1, 2, 3});
        QCOMPARE(*paired.medianUtilization, 0.40);
        QCOMPARE(*paired.medianLoad, 0.3);
        // Half the seeds or more without a knee: no median, so nothing to apply.
        const KneeSpread mostlyNone =
            kneeSpread({frontierWithKnee(0.4, 0.3), frontierWithKnee(std::nullopt, std::nullopt),
                        frontierWithKnee(std::nullopt, std::nullopt)},
                       {1, 2, 3});
        QVERIFY(!mostlyNone.medianUtilization && !mostlyNone.medianLoad);
        QCOMPARE(*mostlyNone.lowUtilization, 0.3);
    }
};

FLEET_TEST_MAIN(TestPlannedRuns)
#include "test_planned_runs.moc"
