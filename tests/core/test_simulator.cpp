// The cluster simulator against queueing theory: single-GPU jobs, Poisson
// arrivals, exponential durations and FIFO on c GPUs are an M/M/c queue, so
// the mean wait must match Erlang C, and the queue length Little's law.

#include "simulate/cluster_simulator.h"
#include "simulate/frontier.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <random>

using namespace fleet;

class TestSimulator : public QObject
{
    Q_OBJECT

private slots:
    void erlangCByHand()
    {
        // M/M/1: W_q = ρ / (μ − λ). λ = 0.5, μ = 1 → 1 hour.
        QVERIFY(std::abs(erlangCMeanWait(1, 0.5, 1.0) - 1.0) < 1e-12);
        // M/M/2, a = 1 (ρ = 0.5): P_wait = 1/3, W_q = (1/3) / (2 − 1) = 1/3.
        QVERIFY(std::abs(erlangCMeanWait(2, 1.0, 1.0) - 1.0 / 3.0) < 1e-12);
        QVERIFY(std::isinf(erlangCMeanWait(4, 4.0, 1.0)));
    }

    void fifoReproducesErlangC_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gpusPerNode");
        QTest::addColumn<int>("slicesPerGpu");
        QTest::addColumn<double>("load");
        QTest::newRow("16 GPUs at 70 %") << 2 << 8 << 1 << 0.70;
        QTest::newRow("16 GPUs at 85 %") << 2 << 8 << 1 << 0.85;
        QTest::newRow("64 GPUs at 90 %") << 8 << 8 << 1 << 0.90;
        // One-slice requests on GPUs cut in 4: every slice is a server, so 8
        // GPUs serve as an M/M/32 queue.
        QTest::newRow("8 GPUs × 4 slices at 80 %") << 2 << 4 << 4 << 0.80;
    }

    void fifoReproducesErlangC()
    {
        QFETCH(int, nodes);
        QFETCH(int, gpusPerNode);
        QFETCH(int, slicesPerGpu);
        QFETCH(double, load);
        const ClusterShape cluster{nodes, gpusPerNode, 1.25, slicesPerGpu};
        const int servers = nodes * gpusPerNode * slicesPerGpu;
        const int slices = slicesPerGpu > 1 ? 1 : 0;
        const double meanHours = 2.0;
        const double lambda = load * servers / meanHours;
        const double expected = erlangCMeanWait(servers, lambda, 1.0 / meanHours);
        // Independent runs: their spread sets the tolerance, which shrinks
        // as the runs grow (1/√N). 3.5 standard errors: a correct simulator
        // fails about once in 2,000 runs of this test; one that is 10 % off
        // fails nearly always at these lengths.
        constexpr int kRuns = 8;
        constexpr int kJobs = 150000;
        std::vector<double> waits;
        for (int run = 0; run < kRuns; ++run) {
            const auto jobs = syntheticJobs(cluster, 1, meanHours, load, kJobs,
                                            20261130 + std::uint64_t(run), slices);
            const SimulationResult result = simulateCluster(cluster, PlacementPolicy::Fifo, jobs);
            waits.push_back(result.meanWaitHours);
            QVERIFY(std::abs(result.utilization - load) < 0.02);
            // Little's law: mean queue length = λ × mean wait.
            QVERIFY2(std::abs(result.meanQueueLength - lambda * result.meanWaitHours) <=
                         0.05 * result.meanQueueLength,
                     qPrintable(QStringLiteral("L %1, λW %2")
                                    .arg(result.meanQueueLength)
                                    .arg(lambda * result.meanWaitHours)));
        }
        double mean = 0, square = 0;
        for (double wait : waits)
            mean += wait / kRuns;
        for (double wait : waits)
            square += (wait - mean) * (wait - mean);
        const double standardError = std::sqrt(square / (kRuns - 1) / kRuns);
        qInfo("c=%d ρ=%.2f: mean wait %.4f h ± %.4f (Erlang C %.4f h)", servers, load, mean,
              standardError, expected);
        QVERIFY2(std::abs(mean - expected) <= 3.5 * standardError,
                 qPrintable(QStringLiteral("simulated %1 h ± %2, Erlang C %3 h")
                                .arg(mean)
                                .arg(standardError)
                                .arg(expected)));
        QVERIFY(standardError < 0.05 * expected); // the runs are long enough to tell
    }

    void mixedWorkOrdersThePolicies()
    {
        // Jobs of 1, 2, 4 and 8 GPUs and 32-GPU gangs on 8-GPU nodes, and
        // fractional requests of 1–3 of 7 slices. First-free placement
        // splits small gangs (slower) and strands slices; topology-aware
        // packing does neither and reserves nodes for the gangs; predictive
        // preemption fills the drained nodes with evictable work.
        const ClusterShape cluster{16, 8, 1.25, 7};
        std::mt19937_64 random(5);
        const std::vector<int> sizes{1, 2, 4, 8, 32, 0};
        const std::vector<double> share{0.1, 0.1, 0.15, 0.25, 0.3, 0.1}; // of GPU-hours
        const auto jobsAt = [&](double load, std::uint64_t seed) {
            std::mt19937_64 r(seed);
            std::vector<SimJob> jobs;
            for (std::size_t k = 0; k < sizes.size(); ++k) {
                const double gpus = sizes[k] > 0 ? sizes[k] : 2.0 / 7.0;
                const double rate = load * share[k] * 128 / (gpus * 3.0);
                std::exponential_distribution<double> gap(rate), run(1.0 / 3.0);
                std::uniform_int_distribution<int> slices(1, 3);
                for (double t = gap(r); t < 4000; t += gap(r)) {
                    SimJob job;
                    job.arrivalHours = t;
                    job.durationHours = run(r);
                    job.gpus = std::max(1, sizes[k]);
                    job.slices = sizes[k] > 0 ? 0 : slices(r);
                    job.preemptible = sizes[k] > 0 && sizes[k] <= 4;
                    job.priority = sizes[k] == 32 ? 10 : 0;
                    job.checkpointIntervalHours = 0.25;
                    jobs.push_back(job);
                }
            }
            std::stable_sort(jobs.begin(), jobs.end(), [](const SimJob& a, const SimJob& b) {
                return a.arrivalHours < b.arrivalHours;
            });
            return jobs;
        };
        std::vector<double> loads;
        for (double load = 0.4; load < 1.001; load += 0.05)
            loads.push_back(load);
        std::map<PlacementPolicy, Frontier> frontiers;
        for (PlacementPolicy policy : {PlacementPolicy::Naive, PlacementPolicy::TopologyAware,
                                       PlacementPolicy::PredictivePreemption}) {
            frontiers[policy] = sweepFrontier(cluster, policy, jobsAt, loads, 17);
            const Frontier& f = frontiers[policy];
            QVERIFY(f.kneeUtilization.has_value());
            qInfo("%s: knee at load %.3f, utilization %.3f", placementPolicyKey(policy).data(),
                  *f.kneeLoad, *f.kneeUtilization);
        }
        const double naive = *frontiers[PlacementPolicy::Naive].kneeUtilization;
        const double packed = *frontiers[PlacementPolicy::TopologyAware].kneeUtilization;
        const double predictive = *frontiers[PlacementPolicy::PredictivePreemption].kneeUtilization;
        QVERIFY(naive < packed);
        QVERIFY(packed <= predictive);
    }

    void sameSeedSameResult()
    {
        const ClusterShape cluster{4, 8, 1.25};
        const auto a = simulateCluster(cluster, PlacementPolicy::TopologyAware,
                                       syntheticJobs(cluster, 4, 3, 0.8, 20000, 7));
        const auto b = simulateCluster(cluster, PlacementPolicy::TopologyAware,
                                       syntheticJobs(cluster, 4, 3, 0.8, 20000, 7));
        QCOMPARE(a.meanWaitHours, b.meanWaitHours);
        QCOMPARE(a.events, b.events);
        const auto c = simulateCluster(cluster, PlacementPolicy::TopologyAware,
                                       syntheticJobs(cluster, 4, 3, 0.8, 20000, 8));
        QVERIFY(c.meanWaitHours != a.meanWaitHours);
    }

    void noPolicySplitsAPod()
    {
        // 3-GPU jobs on 8-GPU nodes are one pod each: naive (first node with
        // room) never spreads one over two nodes, as Kubernetes cannot;
        // neither does topology-aware (best fit). First fit strands GPUs as
        // best fit does, so the two wait alike here.
        const ClusterShape cluster{8, 8, 1.25};
        const auto jobs = syntheticJobs(cluster, 3, 4, 0.6, 40000, 11);
        const auto naive = simulateCluster(cluster, PlacementPolicy::Naive, jobs);
        const auto packed = simulateCluster(cluster, PlacementPolicy::TopologyAware, jobs);
        qInfo("naive: %lld split gangs, wait %.3f h; topology-aware: %lld, wait %.3f h",
              static_cast<long long>(naive.splitGangs), naive.meanWaitHours,
              static_cast<long long>(packed.splitGangs), packed.meanWaitHours);
        QCOMPARE(naive.splitGangs, std::int64_t(0));
        QCOMPARE(packed.splitGangs, std::int64_t(0));
        QCOMPARE(naive.usefulUtilization, naive.utilization); // nothing slowed
        QCOMPARE(naive.completedJobs, std::int64_t(jobs.size()));
        // A 12-GPU gang is a whole-node pod and a 4-GPU pod: two nodes, not three.
        const ClusterShape two{3, 8, 1.25};
        const auto gangs = syntheticJobs(two, 12, 4, 0.6, 4000, 12);
        const auto placed = simulateCluster(two, PlacementPolicy::Naive, gangs);
        QCOMPARE(placed.splitGangs, std::int64_t(0));
        QCOMPARE(placed.completedJobs, std::int64_t(gangs.size()));
    }

    void frontierIsThreadCountIndependentAndHasAKnee()
    {
        const ClusterShape cluster{4, 8, 1.25};
        const JobSource source = [&](double load, std::uint64_t seed) {
            return syntheticJobs(cluster, 2, 2.0, load, 20000, seed);
        };
        const std::vector<double> loads{0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99};
        const Frontier one =
            sweepFrontier(cluster, PlacementPolicy::TopologyAware, source, loads, 9, 1.0, 1);
        const Frontier two =
            sweepFrontier(cluster, PlacementPolicy::TopologyAware, source, loads, 9, 1.0, 2);
        QCOMPARE(one.points.size(), loads.size());
        for (std::size_t i = 0; i < loads.size(); ++i) {
            QCOMPARE(one.points[i].result.meanWaitHours, two.points[i].result.meanWaitHours);
            QCOMPARE(one.points[i].result.events, two.points[i].result.events);
        }
        // Waits grow with load, and explode past the knee.
        QVERIFY(one.points.back().result.meanWaitHours > one.points.front().result.meanWaitHours);
        QVERIFY(one.kneeLoad.has_value());
        QVERIFY(*one.kneeLoad > 0.5 && *one.kneeLoad <= 0.99);
        QCOMPARE(*one.kneeLoad, *two.kneeLoad);
    }

    /// A knee alone (the extra seeds of a knee's spread) skips the loads past
    /// the knee: the same knee as the whole sweep, from the same first points,
    /// and fewer points simulated when the knee lies inside the sweep.
    void sweepUntilTheKneeGivesTheSameKnee()
    {
        const ClusterShape cluster{4, 8, 1.25};
        const JobSource source = [&](double load, std::uint64_t seed) {
            return syntheticJobs(cluster, 2, 2.0, load, 20000, seed);
        };
        const std::vector<double> loads{0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.1, 1.3};
        for (unsigned threads : {1u, 2u}) {
            for (std::uint64_t seed : {9u, 10u, 11u}) {
                const Frontier whole = sweepFrontier(cluster, PlacementPolicy::TopologyAware,
                                                     source, loads, seed, 1.0, threads);
                const Frontier knee = sweepFrontier(cluster, PlacementPolicy::TopologyAware, source,
                                                    loads, seed, 1.0, threads, {}, true);
                QVERIFY(whole.kneeLoad.has_value());
                QCOMPARE(knee.kneeLoad, whole.kneeLoad);
                QCOMPARE(knee.kneeUtilization, whole.kneeUtilization);
                QVERIFY(knee.points.size() < whole.points.size());
                for (std::size_t i = 0; i < knee.points.size(); ++i)
                    QCOMPARE(knee.points[i].result.events, whole.points[i].result.events);
                // Every point below the first one past the knee is there.
                std::size_t past = 0;
                while (whole.points[past].result.waitToRun <= 1.0)
                    ++past;
                QVERIFY(knee.points.size() > past);
                QVERIFY(knee.points.size() <= past + threads);
            }
        }
    }

    void preemptionServesPriorityWorkFirst()
    {
        // Half the jobs are preemptible, low-priority batch; priority jobs evict them.
        const ClusterShape cluster{4, 8, 1.25};
        auto jobs = syntheticJobs(cluster, 2, 2, 0.9, 20000, 3);
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            jobs[i].preemptible = i % 2 == 0;
            jobs[i].priority = i % 2 == 0 ? 0 : 10;
        }
        const auto plain = simulateCluster(cluster, PlacementPolicy::TopologyAware, jobs);
        const auto preemptive =
            simulateCluster(cluster, PlacementPolicy::PredictivePreemption, jobs);
        QVERIFY(preemptive.preemptions > 0);
        QVERIFY(preemptive.gpuHoursLost > 0);
        QCOMPARE(plain.preemptions, std::int64_t(0));
        QCOMPARE(preemptive.completedJobs, std::int64_t(jobs.size()));
    }
};

FLEET_TEST_MAIN(TestSimulator)
#include "test_simulator.moc"
