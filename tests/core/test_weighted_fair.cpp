// Weighted fair sharing in the cluster simulator (issue 18, deliverable 2):
// under contention every tenant gets its weighted share of the GPU-hours; a
// tenant alone may use the whole cluster; a tenant's cap holds while others
// wait; one tenant is topology-aware placement exactly; deterministic.

#include "engine/evaluate.h"
#include "joblog/log_replay.h"
#include "simulate/cluster_simulator.h"
#include "simulate/project_jobs.h"
#include "simulate/project_tenants.h"
#include "store/project_json.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace fleet;

namespace {

struct TenantLoad
{
    int tenant;
    int gpus;    ///< gang size of its jobs
    double load; ///< offered GPU-hours ÷ cluster GPU-hours
};

/// Poisson arrivals and exponential durations (mean 1 h) per tenant, merged
/// and sorted by arrival.
std::vector<SimJob> jobsOf(const ClusterShape& cluster, const std::vector<TenantLoad>& loads,
                           double hours, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<SimJob> jobs;
    const double gpus = double(cluster.nodes) * cluster.gpusPerNode;
    for (const TenantLoad& t : loads) {
        const double rate = t.load * gpus / double(t.gpus); // jobs per hour, 1 h each
        std::exponential_distribution<double> gap(rate), duration(1.0);
        for (double at = gap(rng); at < hours; at += gap(rng)) {
            SimJob job;
            job.arrivalHours = at;
            job.durationHours = duration(rng);
            job.gpus = t.gpus;
            job.tenant = t.tenant;
            jobs.push_back(job);
        }
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const SimJob& a, const SimJob& b) {
        return a.arrivalHours < b.arrivalHours;
    });
    return jobs;
}

const ClusterShape kCluster{8, 8, 1.25, 1}; // 64 GPUs

/// A log of two tenants, each of which alone would keep 16 GPUs busy 1.5
/// times over for 100 hours: 1-GPU jobs of 1 h, in the order submitted.
joblog::JobLog contendedLog()
{
    joblog::JobLog log;
    std::mt19937_64 rng(17);
    std::exponential_distribution<double> gap(24.0), duration(1.0);
    for (const char* tenant : {"beta", "alpha"})
        for (double at = gap(rng); at < 100; at += gap(rng)) {
            joblog::LoggedJob job;
            job.id = std::to_string(log.jobs.size());
            job.tenant = tenant;
            job.submitS = at * 3600;
            job.startS = job.submitS;
            job.endS = job.startS + duration(rng) * 3600;
            job.gpus = 1;
            log.jobs.push_back(job);
        }
    return log;
}

Project fleetOf(int nodes)
{
    Project project = loadSampleProject().value();
    FleetPool pool = project.fleet.pools.front();
    pool.count = nodes * 8;
    pool.gpusPerNode = 8;
    project.fleet.pools = {pool};
    return project;
}

/// The sample cut down to its mid-stage batch work (2-GPU jobs) on 64
/// reserved GPUs, the mid-stage segment split into three tenants each sent a
/// third of the jobs (count 1 each: the count rule), weighing 1, 1 and 2.
Project tenantProject()
{
    Project project = fleetOf(8);
    std::vector<Workload> kept;
    for (const Workload& w : project.workloads)
        if (w.id == "midstage-finetune")
            kept.push_back(w);
    project.workloads = kept;
    project.fleet.pools.front().plan = Plan::Reserved1y;
    for (const auto& [id, weight] : {std::pair{"a", 1.0}, {"b", 1.0}, {"c", 2.0}}) {
        Tenant tenant;
        tenant.id = id;
        tenant.name = id;
        tenant.segmentId = "mid-stage";
        tenant.costWeight = weight;
        project.tenants.push_back(tenant);
    }
    return project;
}

} // namespace

class TestWeightedFair : public QObject
{
    Q_OBJECT

private slots:
    void policyKey()
    {
        QCOMPARE(placementPolicyKey(PlacementPolicy::WeightedFair),
                 std::string_view("weighted_fair"));
        QVERIFY(placementPolicyFromKey("weighted_fair") == PlacementPolicy::WeightedFair);
    }

    void contentionGivesWeightedShares_data()
    {
        QTest::addColumn<std::vector<double>>("weights");
        QTest::addColumn<std::vector<int>>("gangs");
        QTest::addColumn<int>("nodes");
        QTest::newRow("weights 1:2:3, 1-GPU jobs")
            << std::vector<double>{1, 2, 3} << std::vector<int>{1, 1, 1} << 8;
        // Gangs make shares granular: a tenant of 2-GPU jobs holds an even
        // number of GPUs, so its 1/6 of 64 GPUs (10.7) can only be 10 or 12,
        // 6 % off; on 128 GPUs (21.3 → 22) the granularity is within 5 %.
        QTest::newRow("weights 1:2:3, mixed gangs, 128 GPUs")
            << std::vector<double>{1, 2, 3} << std::vector<int>{2, 1, 4} << 16;
        // 8-GPU gangs need whole nodes that 1-GPU jobs keep borrowing: only
        // reclaiming by preemption gives them their share.
        QTest::newRow("equal weights, 8-GPU gangs vs 1-GPU jobs")
            << std::vector<double>{1, 1} << std::vector<int>{8, 1} << 8;
        QTest::newRow("weights 3:1, 8-GPU vs 2-GPU")
            << std::vector<double>{3, 1} << std::vector<int>{8, 2} << 8;
    }

    void contentionGivesWeightedShares()
    {
        QFETCH(std::vector<double>, weights);
        QFETCH(std::vector<int>, gangs);
        QFETCH(int, nodes);
        const ClusterShape cluster{nodes, 8, 1.25, 1};
        std::vector<SimTenant> tenants;
        std::vector<TenantLoad> loads;
        double total = 0;
        for (std::size_t t = 0; t < weights.size(); ++t) {
            tenants.push_back({weights[t], 0, 0.6});
            // Each tenant alone offers 120 % of the cluster: together they
            // overload it, so every tenant always has work queued.
            loads.push_back({int(t), gangs[t], 1.2});
            total += weights[t];
        }
        const auto jobs = jobsOf(cluster, loads, 200, 7);
        const SimulationResult r =
            simulateCluster(cluster, PlacementPolicy::WeightedFair, jobs, 0.1, tenants);
        QCOMPARE(r.tenants.size(), weights.size());
        QVERIFY2(r.utilization > 0.9, qPrintable(QString::number(r.utilization)));
        for (std::size_t t = 0; t < weights.size(); ++t) {
            const double target = weights[t] / total;
            const double share = r.tenants[t].share;
            qInfo("tenant %zu: share %.4f, target %.4f, wait %.1f h, %lld preemptions", t, share,
                  target, r.tenants[t].meanWaitHours,
                  static_cast<long long>(r.tenants[t].preemptions));
            QVERIFY2(std::abs(share - target) <= 0.05 * target,
                     qPrintable(QStringLiteral("tenant %1: share %2, target %3")
                                    .arg(t)
                                    .arg(share)
                                    .arg(target)));
        }
    }

    void topologyAwareIsFirstComeNotFair()
    {
        // The contrast: without fair sharing the 1-GPU tenant takes far more
        // than its half, since the 8-GPU gangs wait for whole nodes.
        const auto jobs = jobsOf(kCluster, {{0, 8, 0.8}, {1, 1, 0.8}}, 200, 7);
        const SimulationResult r = simulateCluster(kCluster, PlacementPolicy::TopologyAware, jobs,
                                                   0.1, {{1, 0, 0.6}, {1, 0, 0.6}});
        qInfo("topology-aware: 8-GPU tenant share %.4f", r.tenants[0].share);
        QVERIFY(std::abs(r.tenants[0].share - 0.5) > 0.05 * 0.5);
    }

    void aloneUsesTheWholeCluster()
    {
        // Tenant 0 alone (weight 1 of 4, quota 8 GPUs) borrows everything.
        const auto jobs = jobsOf(kCluster, {{0, 2, 1.5}}, 200, 11);
        const std::vector<SimTenant> tenants{{1, 8, 0.6}, {3, 0, 0.6}};
        const SimulationResult r =
            simulateCluster(kCluster, PlacementPolicy::WeightedFair, jobs, 0.1, tenants);
        qInfo("alone: utilization %.4f", r.utilization);
        QVERIFY2(r.utilization > 0.97, qPrintable(QString::number(r.utilization)));
        QCOMPARE(r.tenants[0].share, 1.0);
        QCOMPARE(r.preemptions, std::int64_t(0));
    }

    void capHoldsWhileOthersWait()
    {
        // Tenant 0 weighs 3 of 4 (a 48-GPU share) but its quota is 40 GPUs:
        // while tenant 1 waits it holds at most 0.6 × 40 = 24 GPUs.
        const auto jobs = jobsOf(kCluster, {{0, 1, 0.9}, {1, 1, 0.9}}, 200, 13);
        const std::vector<SimTenant> tenants{{3, 40, 0.6}, {1, 0, 0.6}};
        const SimulationResult r =
            simulateCluster(kCluster, PlacementPolicy::WeightedFair, jobs, 0.1, tenants);
        const double capShare = 0.6 * 40 / 64.0;
        qInfo("capped: share %.4f, cap %.4f, utilization %.4f", r.tenants[0].share, capShare,
              r.utilization);
        QVERIFY(r.tenants[0].share <= capShare + 1e-6);
        // Never did it start a job beyond its cap while tenant 1 waited.
        QVERIFY(r.tenants[0].peakGpusStartedWhileOthersWait <= 24 + 1e-9);
        QVERIFY(r.tenants[0].peakGpusStartedWhileOthersWait >= 23);
        QVERIFY(r.tenants[0].share >= capShare * 0.95); // it does get its cap
        QVERIFY(r.utilization > 0.97);                  // tenant 1 uses the rest: work conserving
        // Without the quota the same tenant takes its weighted share.
        const SimulationResult free = simulateCluster(kCluster, PlacementPolicy::WeightedFair, jobs,
                                                      0.1, {{3, 0, 0.6}, {1, 0, 0.6}});
        QVERIFY(std::abs(free.tenants[0].share - 0.75) <= 0.05 * 0.75);
        QVERIFY(free.tenants[0].peakGpusStartedWhileOthersWait > 40); // no cap: ~48
    }

    void oneTenantIsTopologyAware()
    {
        std::vector<SimJob> jobs =
            jobsOf(kCluster, {{0, 1, 0.3}, {0, 4, 0.3}, {0, 16, 0.3}}, 200, 5);
        for (std::size_t i = 0; i < jobs.size(); ++i)
            jobs[i].priority = int(i % 3);
        const SimulationResult fair =
            simulateCluster(kCluster, PlacementPolicy::WeightedFair, jobs);
        const SimulationResult topo =
            simulateCluster(kCluster, PlacementPolicy::TopologyAware, jobs);
        QCOMPARE(fair.completedJobs, topo.completedJobs);
        QCOMPARE(fair.utilization, topo.utilization);
        QCOMPARE(fair.meanWaitHours, topo.meanWaitHours);
        QCOMPARE(fair.p95WaitHours, topo.p95WaitHours);
        QCOMPARE(fair.events, topo.events);
        QCOMPARE(fair.tenants.size(), std::size_t(1));
        QCOMPARE(fair.tenants[0].share, 1.0);
    }

    void deterministic()
    {
        const auto jobs = jobsOf(kCluster, {{0, 8, 0.8}, {1, 1, 0.8}, {2, 2, 0.8}}, 100, 3);
        const std::vector<SimTenant> tenants{{2, 32, 0.6}, {1, 0, 0.6}, {1, 0, 0.6}};
        const SimulationResult a =
            simulateCluster(kCluster, PlacementPolicy::WeightedFair, jobs, 0.1, tenants);
        const SimulationResult b =
            simulateCluster(kCluster, PlacementPolicy::WeightedFair, jobs, 0.1, tenants);
        QCOMPARE(a.events, b.events);
        QCOMPARE(a.preemptions, b.preemptions);
        for (std::size_t t = 0; t < a.tenants.size(); ++t) {
            QCOMPARE(a.tenants[t].gpuHours, b.tenants[t].gpuHours);
            QCOMPARE(a.tenants[t].meanWaitHours, b.tenants[t].meanWaitHours);
            QCOMPARE(a.tenants[t].preemptions, b.tenants[t].preemptions);
        }
    }

    void tenantHoursAddUpToBusyHours()
    {
        const auto jobs = jobsOf(kCluster, {{0, 4, 0.5}, {1, 1, 0.5}}, 100, 9);
        for (PlacementPolicy policy :
             {PlacementPolicy::TopologyAware, PlacementPolicy::WeightedFair}) {
            const SimulationResult r = simulateCluster(kCluster, policy, jobs, 0.1, {});
            double sum = 0;
            for (const TenantResult& t : r.tenants)
                sum += t.gpuHours;
            QVERIFY(std::abs(sum - r.utilization * 64 * r.measuredHours) < 1e-6 * sum);
        }
    }

    void replayUsesTheLogsTenants()
    {
        const joblog::JobLog log = contendedLog();
        const Project fleet = fleetOf(2);
        double alphaHours = 0;
        for (const joblog::LoggedJob& job : log.jobs)
            if (job.tenant == "alpha")
                alphaHours += (job.endS - job.startS) / 3600.0;
        // Topology-aware: every job runs once, as long as logged.
        auto plain = joblog::replayLog(log, fleet, PlacementPolicy::TopologyAware, {1.0});
        QVERIFY(plain);
        QCOMPARE(plain.value().tenants, (std::vector<std::string>{"alpha", "beta"}));
        QVERIFY(std::abs(plain.value().asLogged.tenants[0].runGpuHours - alphaHours) <
                1e-6 * alphaHours);
        // Weighted fair, alpha weighing 3: alpha gets 3/4 while both wait.
        auto fair =
            joblog::replayLog(log, fleet, PlacementPolicy::WeightedFair, {1.0}, {{"alpha", 3.0}});
        QVERIFY(fair);
        const SimulationResult& r = fair.value().asLogged;
        qInfo("replay: alpha share %.4f (target 0.75), beta %.4f", r.tenants[0].share,
              r.tenants[1].share);
        QVERIFY(std::abs(r.tenants[0].share - 0.75) <= 0.05 * 0.75);
        QCOMPARE(fair.value().tenantWeights, (std::vector<double>{3.0, 1.0}));
        // A tenant the log lacks, or a weight not above 0: a clear error.
        auto unknown =
            joblog::replayLog(log, fleet, PlacementPolicy::WeightedFair, {1.0}, {{"gamma", 2}});
        QVERIFY(!unknown);
        QVERIFY(unknown.error().toString().find("'gamma'") != std::string::npos);
        QVERIFY(
            !joblog::replayLog(log, fleet, PlacementPolicy::WeightedFair, {1.0}, {{"alpha", 0}}));
    }

    void projectTenantsGetWeightedShares()
    {
        // The project's own tenants (issue 18): each is sent a third of the
        // jobs and, at three times the cluster's capacity, always has work
        // waiting; weighted fair gives them 1/4, 1/4 and 1/2 of the GPUs,
        // first come first served about a third each.
        const Project project = tenantProject();
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        QCOMPARE(cluster.shape.nodes * cluster.shape.gpusPerNode, 64);
        const ProjectTenants tenants = projectTenants(project);
        QCOMPARE(tenants.tenants.size(), std::size_t(3));
        QCOMPARE(tenants.tenants[2].sim.weight, 2.0);
        QCOMPARE(tenants.tenants[0].rule, std::string("count"));
        const Frontier fair = projectFrontier(project, evaluation, cluster,
                                              PlacementPolicy::WeightedFair, {3.0}, 20, 42);
        const Frontier fcfs = projectFrontier(project, evaluation, cluster,
                                              PlacementPolicy::TopologyAware, {3.0}, 20, 42);
        const std::vector<double> targets{0.25, 0.25, 0.5};
        for (std::size_t t = 0; t < targets.size(); ++t) {
            const double share = fair.points[0].result.tenants[t].share;
            const double firstCome = fcfs.points[0].result.tenants[t].share;
            qInfo("project tenant %zu: weighted fair %.4f (target %.4f), topology-aware %.4f", t,
                  share, targets[t], firstCome);
            QVERIFY2(std::abs(share - targets[t]) <= 0.05 * targets[t],
                     qPrintable(QStringLiteral("tenant %1: share %2").arg(t).arg(share)));
            QVERIFY(std::abs(firstCome - 1.0 / 3.0) <= 0.05 / 3.0);
        }
    }

    void tenantsDoNotChangeTheJobs()
    {
        // Tenants are drawn from a generator of their own: with and without
        // them the jobs are the same, and a policy that ignores tenants
        // gives the same result.
        Project with = tenantProject();
        Project without = with;
        without.tenants.clear();
        const Evaluation evaluation = evaluate(with);
        const ProjectCluster cluster = projectCluster(with, evaluation);
        const auto a = projectJobs(with, evaluation, cluster, 0.8, 10, 7);
        const auto b = projectJobs(without, evaluation, cluster, 0.8, 10, 7);
        QCOMPARE(a.size(), b.size());
        std::vector<int> perTenant(3, 0);
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].arrivalHours, b[i].arrivalHours);
            QCOMPARE(a[i].durationHours, b[i].durationHours);
            QCOMPARE(a[i].gpus, b[i].gpus);
            QCOMPARE(b[i].tenant, 0);
            ++perTenant[std::size_t(a[i].tenant)];
        }
        for (int count : perTenant) // a third each, binomially
            QVERIFY2(std::abs(count - double(a.size()) / 3) < 4 * std::sqrt(double(a.size())),
                     qPrintable(QString::number(count)));
        const Frontier x = projectFrontier(with, evaluation, cluster,
                                           PlacementPolicy::TopologyAware, {0.8}, 10, 7);
        const Frontier y = projectFrontier(without, evaluation, cluster,
                                           PlacementPolicy::TopologyAware, {0.8}, 10, 7);
        QCOMPARE(x.points[0].result.utilization, y.points[0].result.utilization);
        QCOMPARE(x.points[0].result.meanWaitHours, y.points[0].result.meanWaitHours);
        QCOMPARE(x.points[0].result.events, y.points[0].result.events);
        QCOMPARE(y.points[0].result.tenants.size(), std::size_t(1));
    }

    void quotaSpreadsJobsAndCaps()
    {
        // Every tenant states a quota: jobs spread in proportion to count ×
        // quota, and weighted fair caps each at 0.6 × count × quota.
        Project project = tenantProject();
        project.tenants[0].quotaGpus = 10;
        project.tenants[1].quotaGpus = 10;
        project.tenants[2].quotaGpus = 20;
        project.tenants[2].count = 2;
        const ProjectTenants tenants = projectTenants(project);
        QCOMPARE(tenants.tenants[0].rule, std::string("quota_gpus"));
        QCOMPARE(tenants.tenants[2].jobShare, 40.0 / 60.0);
        QCOMPARE(tenants.tenants[2].sim.quotaGpus, 40.0);
        QCOMPARE(tenants.tenants[2].sim.weight, 4.0);
        QCOMPARE(tenants.pick("mid-stage", 0.1), 0);
        QCOMPARE(tenants.pick("mid-stage", 0.2), 1);
        QCOMPARE(tenants.pick("mid-stage", 0.99), 2);
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        const Frontier fair = projectFrontier(project, evaluation, cluster,
                                              PlacementPolicy::WeightedFair, {3.0}, 10, 42);
        for (std::size_t t = 0; t < 3; ++t) {
            const TenantResult& r = fair.points[0].result.tenants[t];
            const double cap = 0.6 * tenants.tenants[t].sim.quotaGpus;
            qInfo("capped project tenant %zu: peak %.1f GPUs while others waited, cap %.1f", t,
                  r.peakGpusStartedWhileOthersWait, cap);
            QVERIFY(r.peakGpusStartedWhileOthersWait <= cap + 1e-9);
        }
    }
};

QTEST_APPLESS_MAIN(TestWeightedFair)
#include "test_weighted_fair.moc"
