// A project whose own job work is many times its job GPUs (issue 28: property
// project 1825 at 19.6 × its load took 160 s and 553 MB in `simulate`). The
// per-tenant run at that load stops at the end of the arrivals instead of
// draining a backlog that would take load × the days, states the backlog it
// measured, and holds a bounded number of jobs, events and bytes however
// large the load.

#include "engine/evaluate.h"
#include "simulate/project_jobs.h"
#include "simulate/tenant_run.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace fleet;

namespace {

/// The sample cut to its mid-stage batch work (2-GPU jobs) on 64 GPUs, one
/// tenant, its GPU-hours multiplied by `factor` (its own load ≈ 1.32 × factor).
Project overloadedProject(double factor)
{
    Project project = loadSampleProject().value();
    FleetPool pool = project.fleet.pools.front();
    pool.count = 64;
    pool.gpusPerNode = 8;
    project.fleet.pools = {pool};
    std::vector<Workload> kept;
    for (Workload w : project.workloads)
        if (w.id == "midstage-finetune") {
            std::get<BatchSpec>(w.spec).gpuHoursPerMonth *= factor;
            kept.push_back(w);
        }
    project.workloads = kept;
    Tenant tenant;
    tenant.id = tenant.name = "lab";
    tenant.segmentId = "mid-stage";
    project.tenants = {tenant};
    return project;
}

/// This process's resident memory now, MB (/proc/self/status VmRSS).
double residentMb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

} // namespace

class TestOverloadedSimulation : public QObject
{
    Q_OBJECT

private slots:
    void overloadedRunStopsAndStatesItsBacklog()
    {
        const Project project = overloadedProject(15); // own load ≈ 20, as issue 28's 19.6
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        QCOMPARE(cluster.shape.nodes * cluster.shape.gpusPerNode, 64);
        QVERIFY2(cluster.nominalLoad > 5, qPrintable(QString::number(cluster.nominalLoad)));
        const TenantRun run =
            tenantRun(project, evaluation, cluster, PlacementPolicy::TopologyAware, 20, 42);
        const SimulationResult& r = run.result;
        QVERIFY(run.overloaded);
        // Stopped at the end of the arrivals, not after the drain.
        QCOMPARE(r.stoppedAtHours, run.scope.days * 24.0);
        QVERIFY(r.completedJobs < std::int64_t(run.jobs.size()));
        // The backlog is the work that arrived beyond what the GPUs served:
        // (load − utilization) × GPUs × hours, within the noise of the
        // arrivals and of the warm-up (utilization is the measured window's).
        // On the GPUs simulated (a slice, if the job budget cut one: its
        // arrivals are thinned alike, so it is offered the same load).
        const double gpus = double(run.shape.nodes) * run.shape.gpusPerNode;
        const double hours = run.scope.days * 24.0;
        const double expected = (run.load - r.utilization) * gpus * hours;
        qInfo("load %.2f, %zu jobs over %.1f days: %lld waiting, backlog %.0f GPU-hours "
              "(expected about %.0f), growing %.0f a day; %lld events",
              run.load, run.jobs.size(), run.scope.days, static_cast<long long>(r.backlogJobs),
              r.backlogGpuHours, expected, run.backlogGrowthGpuHoursPerDay,
              static_cast<long long>(r.events));
        QVERIFY(r.backlogJobs > 0);
        QVERIFY(std::abs(r.backlogGpuHours - expected) <= 0.05 * expected);
        QVERIFY(std::abs(run.backlogGrowthGpuHoursPerDay * run.scope.days - r.backlogGpuHours) <=
                1e-6 * r.backlogGpuHours);
        // The runs going at the stop are recorded cut there, and only those.
        int cut = 0;
        for (const JobRun& jobRun : r.runs)
            if (jobRun.cut) {
                ++cut;
                QCOMPARE(jobRun.endHours, r.stoppedAtHours);
            }
        QVERIFY(cut > 0 && cut <= 32); // at most 64 GPUs ÷ 2-GPU jobs
        // Events: an arrival per job, a completion per job served, no drain.
        QVERIFY(r.events <= std::int64_t(run.jobs.size()) + r.completedJobs + cut + 1);
    }

    void underloadedRunStillDrains()
    {
        // At its own load below 1 the run is as before: every job ends.
        const Project project = overloadedProject(0.5);
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        QVERIFY(cluster.nominalLoad < 1);
        const TenantRun run =
            tenantRun(project, evaluation, cluster, PlacementPolicy::TopologyAware, 20, 42);
        QVERIFY(!run.overloaded);
        QCOMPARE(run.result.stoppedAtHours, 0.0);
        QCOMPARE(run.result.backlogJobs, std::int64_t(0));
        QCOMPARE(run.result.completedJobs, std::int64_t(run.jobs.size()));
    }

    void memoryStaysBoundedAsTheLoadGrows()
    {
        // A hundred times more work: the jobs simulated stay within the
        // scope's budget, and so does the memory the run takes (measured in
        // a child process, as the growth of its peak resident memory).
        for (double factor : {15.0, 15000.0}) {
            int pipeEnds[2];
            QVERIFY(pipe(pipeEnds) == 0);
            const pid_t pid = fork();
            if (pid == 0) {
                const Project project = overloadedProject(factor);
                const Evaluation evaluation = evaluate(project);
                const ProjectCluster cluster = projectCluster(project, evaluation);
                const double before = residentMb();
                const TenantRun run = tenantRun(project, evaluation, cluster,
                                                PlacementPolicy::TopologyAware, 180, 42);
                rusage usage{};
                getrusage(RUSAGE_SELF, &usage);
                const double figures[3] = {double(usage.ru_maxrss) / 1024.0 - before,
                                           double(run.jobs.size()), run.load};
                const bool written = write(pipeEnds[1], figures, sizeof figures) == sizeof figures;
                _exit(written && run.overloaded ? 0 : 1);
            }
            close(pipeEnds[1]);
            double figures[3] = {0, 0, 0};
            const bool read = ::read(pipeEnds[0], figures, sizeof figures) == sizeof figures;
            close(pipeEnds[0]);
            int status = 0;
            QVERIFY(waitpid(pid, &status, 0) == pid);
            QVERIFY(read && WIFEXITED(status) && WEXITSTATUS(status) == 0);
            qInfo("own load %.0f: %.0f jobs, peak memory grew %.0f MB", figures[2], figures[1],
                  figures[0]);
            QVERIFY(figures[1] <= 1.05 * kMaxSimulatedJobs);
            QVERIFY2(figures[0] <= 100, qPrintable(QString::number(figures[0])));
        }
    }
};

FLEET_TEST_MAIN(TestOverloadedSimulation)
#include "test_overloaded_simulation.moc"
