// Issue 15, deliverable 1: a fixed fleet's reserved and owned pools are paid
// for their term whether used or not, in the engine and in the optimizer; the
// savings split into cash, capacity freed and the saving at renewal.

#include "engine/evaluate.h"
#include "optimize/regime_mix.h"
#include "store/project_json.h"

#include <QtTest>

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
        project.fleet.pools[0].count = 2400; // far more reserved GPUs than the sample uses
        project.fleet.pools[1].count = 0;
        const Kpis k = evaluate(project).kpis;
        QCOMPARE(k.totalCostUsd, k.committedCostUsd); // nothing beyond the commitment
        QVERIFY(k.capacityFreedGpus > 500);
        QVERIFY(k.capacityFreedUsd > 0);
        QVERIFY(*k.renewalCommittedGpus < 2400 - 500);
        QVERIFY(*k.renewalSavingUsd >= k.capacityFreedUsd - 1e-6);
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
                // homogeneous layouts: within 0.5 %).
                const Kpis k = evaluate(project).kpis;
                QVERIFY2(std::abs(k.totalCostUsd - r.costUsd) <= 5e-3 * r.costUsd,
                         qPrintable(QStringLiteral("engine %1, optimizer %2")
                                        .arg(k.totalCostUsd, 0, 'f', 0)
                                        .arg(r.costUsd, 0, 'f', 0)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCommitments)
#include "test_commitments.moc"
