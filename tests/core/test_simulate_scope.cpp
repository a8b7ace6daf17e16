// Huge projects are simulated within bounded memory: a 10-million-GPU fleet
// on a slice of its cluster with thinned arrivals, never by generating every
// job of the whole fleet (which grew past 20 GB before).

#include "engine/evaluate.h"
#include "simulate/project_jobs.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

using namespace fleet;

namespace {

/// The sample with its fleet scaled to `gpus` GPUs and its job demand with it.
Project scaledSample(std::int64_t gpus)
{
    Project project = loadSampleProject().value();
    std::int64_t before = 0;
    for (const FleetPool& pool : project.fleet.pools)
        before += pool.count;
    const double factor = double(gpus) / double(before);
    for (FleetPool& pool : project.fleet.pools)
        pool.count = int(std::llround(pool.count * factor));
    for (Workload& workload : project.workloads) {
        if (auto* batch = std::get_if<BatchSpec>(&workload.spec))
            batch->gpuHoursPerMonth *= factor;
        if (auto* training = std::get_if<TrainingSpec>(&workload.spec))
            training->runsPerMonth *= factor;
    }
    return project;
}

} // namespace

class TestSimulateScope : public QObject
{
    Q_OBJECT

private slots:
    void theSampleIsSimulatedWhole()
    {
        const Project project = loadSampleProject().value();
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        const SimulationScope scope =
            simulationScope(project, evaluation, cluster, 1.0, kDefaultSimulationDays);
        QVERIFY(!scope.reduced());
        QCOMPARE(scope.nodes, cluster.shape.nodes);
        QCOMPARE(scope.days, kDefaultSimulationDays);
    }

    void aTenMillionGpuFleetIsSliced()
    {
        const Project project = scaledSample(10'000'000);
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        QVERIFY(double(cluster.shape.nodes) * cluster.shape.gpusPerNode > 9e6);
        const SimulationScope scope =
            simulationScope(project, evaluation, cluster, 1.0, kDefaultSimulationDays);
        QVERIFY(scope.reduced());
        QVERIFY(double(scope.nodes) * cluster.shape.gpusPerNode <= double(kMaxSimulatedGpus));
        QVERIFY(scope.expectedJobs <= kMaxSimulatedJobs);
        // The generated jobs match the scope (Poisson: within a few per cent).
        ProjectCluster slice = cluster;
        slice.shape.nodes = scope.nodes;
        const auto jobs = projectJobs(project, evaluation, slice, 1.0, scope.days, 42,
                                      kDefaultBatchJobHours, scope.share);
        QVERIFY2(double(jobs.size()) < 1.1 * kMaxSimulatedJobs,
                 qPrintable(QString::number(jobs.size())));
        QVERIFY(!jobs.empty());
        // The slice is offered the load asked for. Checked on the batch work
        // alone: thousands of short jobs, so that neither Poisson noise in a
        // few long training runs nor runs that outlast the window blur it.
        Project batchOnly = project;
        std::erase_if(batchOnly.workloads,
                      [](const Workload& w) { return !std::holds_alternative<BatchSpec>(w.spec); });
        const Evaluation batchEvaluation = evaluate(batchOnly);
        ProjectCluster batchCluster = projectCluster(batchOnly, batchEvaluation);
        const SimulationScope batchScope =
            simulationScope(batchOnly, batchEvaluation, batchCluster, 1.0, 30);
        QVERIFY(batchScope.reduced());
        batchCluster.shape.nodes = batchScope.nodes;
        double batchHours = 0;
        for (const SimJob& job :
             projectJobs(batchOnly, batchEvaluation, batchCluster, 1.0, batchScope.days, 42,
                         kDefaultBatchJobHours, batchScope.share))
            batchHours += job.gpus * job.durationHours;
        const double offered = batchHours / (double(batchScope.nodes) *
                                             batchCluster.shape.gpusPerNode * batchScope.days * 24);
        QVERIFY2(std::abs(offered - 1.0) < 0.03,
                 qPrintable(QStringLiteral("offered %1 on a share %2 over %3 days")
                                .arg(offered)
                                .arg(batchScope.share)
                                .arg(batchScope.days)));
        // And every gang still fits the slice several times over.
        for (const SimJob& job : jobs)
            QVERIFY(job.gpus * kSliceGangMultiple <= scope.nodes * slice.shape.gpusPerNode);
    }

    void aSlicedFrontierRuns()
    {
        const Project project = scaledSample(10'000'000);
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        const Frontier frontier = projectFrontier(project, evaluation, cluster,
                                                  PlacementPolicy::TopologyAware, {0.5}, 30, 42);
        QCOMPARE(frontier.points.size(), std::size_t(1));
        QVERIFY(frontier.simulatedShare < 1.0);
        QVERIFY(frontier.simulatedGpus <= kMaxSimulatedGpus);
        const SimulationResult& r = frontier.points.front().result;
        QVERIFY(r.completedJobs > 0);
        QVERIFY(r.utilization > 0.3 && r.utilization <= 1.0);
    }
};

FLEET_TEST_MAIN(TestSimulateScope)
#include "test_simulate_scope.moc"
