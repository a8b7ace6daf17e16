// The cluster simulator against queueing theory: single-GPU jobs, Poisson
// arrivals, exponential durations and FIFO on c GPUs are an M/M/c queue, so
// the mean wait must match Erlang C, and the queue length Little's law.

#include "simulate/cluster_simulator.h"
#include "simulate/frontier.h"

#include <QtTest>

#include <cmath>

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
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("load");
        QTest::newRow("16 GPUs at 70 %") << 16 << 0.70;
        QTest::newRow("16 GPUs at 85 %") << 16 << 0.85;
        QTest::newRow("64 GPUs at 90 %") << 64 << 0.90;
    }

    void fifoReproducesErlangC()
    {
        QFETCH(int, gpus);
        QFETCH(double, load);
        const ClusterShape cluster{gpus / 8, 8, 1.25};
        const double meanHours = 2.0;
        const int count = 300000;
        const auto jobs = syntheticJobs(cluster, 1, meanHours, load, count, 20261130);
        const SimulationResult result = simulateCluster(cluster, PlacementPolicy::Fifo, jobs);
        const double lambda = load * gpus / meanHours;
        const double expected = erlangCMeanWait(gpus, lambda, 1.0 / meanHours);
        // The run's statistical error shrinks as 1/√N; heavy loads correlate
        // waits for longer, so the tolerance grows with ρ/(1 − ρ).
        const double tolerance = 0.02 + 0.01 * load / (1.0 - load);
        qInfo("c=%d ρ=%.2f: mean wait %.4f h (Erlang C %.4f h), utilization %.4f", gpus, load,
              result.meanWaitHours, expected, result.utilization);
        QVERIFY2(std::abs(result.meanWaitHours - expected) <= tolerance * expected,
                 qPrintable(QStringLiteral("simulated %1 h, Erlang C %2 h")
                                .arg(result.meanWaitHours)
                                .arg(expected)));
        QVERIFY(std::abs(result.utilization - load) < 0.02);
        // Little's law: mean queue length = λ × mean wait.
        QVERIFY2(std::abs(result.meanQueueLength - lambda * result.meanWaitHours) <=
                     0.05 * result.meanQueueLength,
                 qPrintable(QStringLiteral("L %1, λW %2")
                                .arg(result.meanQueueLength)
                                .arg(lambda * result.meanWaitHours)));
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

    void topologyAwareKeepsGangsOnANode()
    {
        // 3-GPU gangs on 8-GPU nodes: first-free placement spreads some of
        // them over two nodes (where they run 1.25× slower); topology-aware
        // placement never does, at the price of GPUs stranded two per node.
        const ClusterShape cluster{8, 8, 1.25};
        const auto jobs = syntheticJobs(cluster, 3, 4, 0.6, 40000, 11);
        const auto naive = simulateCluster(cluster, PlacementPolicy::Naive, jobs);
        const auto packed = simulateCluster(cluster, PlacementPolicy::TopologyAware, jobs);
        qInfo("naive: %lld split gangs, wait %.3f h; topology-aware: %lld, wait %.3f h",
              static_cast<long long>(naive.splitGangs), naive.meanWaitHours,
              static_cast<long long>(packed.splitGangs), packed.meanWaitHours);
        QVERIFY(naive.splitGangs > 0);
        QCOMPARE(packed.splitGangs, std::int64_t(0));
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

QTEST_APPLESS_MAIN(TestSimulator)
#include "test_simulator.moc"
