// Issue 15, deliverables 1 and 3: committed GPUs (reserved, owned) hold a
// service's peak; on-demand GPUs are rented by the hour, so the service's
// share on them is paid at its mean. The engine's fixed-fleet cost, its
// attribution and the optimizer apply the one rule (docs/MODEL.md, "Gangs
// and peaks").

#include "engine/evaluate.h"
#include "engine/evaluate_fleet.h"
#include "optimize/regime_mix.h"
#include "service_fixture.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

constexpr double kReservedUsd = 1.89; // example-2024: H100 SXM, one-year reservation
constexpr double kOnDemandUsd = 2.99; // example-2024: H100 SXM, on demand
constexpr int kMonths = 2;

/// One service pinned to H100 bare metal in a fixed fleet of `reserved`
/// one-year reserved and `onDemand` on-demand H100s; its assumption
/// peak_capacity_share written as `share`.
Project serviceFleet(int reserved, int onDemand, double share)
{
    const std::string fleet =
        R"({"mode": "fixed", "pools": [{"id": "r", "gpu": "h100-sxm-80gb", "count": )" +
        std::to_string(reserved) +
        R"(, "plan": "reserved_1y"}, {"id": "o", "gpu": "h100-sxm-80gb", "count": )" +
        std::to_string(onDemand) + R"(, "plan": "on_demand"}]})";
    const std::string text = test::oneServiceText(fleet, std::to_string(share), 400);
    auto project = parseProject(text, "service.json");
    if (!project)
        qFatal("%s", project.error().toString().c_str());
    return std::move(project).value();
}

double sum(const std::vector<double>& values)
{
    double total = 0;
    for (double value : values)
        total += value;
    return total;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
}

} // namespace

class TestCommittedPeaks : public QObject
{
    Q_OBJECT

private slots:
    void theServiceIsTheOnePeaking()
    {
        const Evaluation e = evaluate(serviceFleet(2, 100, 1.0));
        const OptionResult& option = *e.workloads.front().chosenOption();
        const MonthRequirement& month = option.months[0];
        // The rest of the tests need a peak well above the mean.
        qInfo("mean %.2f GPUs, peak %.2f", month.gpuEquivalents, month.peakGpus);
        QVERIFY(month.peakGpus > month.gpuEquivalents + 2);
        QCOMPARE(option.peakCapacityShare, 1.0);
        QVERIFY(near(option.elasticSavingFraction(0), 1 - month.gpuEquivalents / month.peakGpus));
        QVERIFY(near(option.setUpGpuHours(0), month.peakGpus * kHoursPerMonth));
        // At share 0 nothing is saved on demand: the mean is set up.
        const Evaluation atMean = evaluate(serviceFleet(2, 100, 0.0));
        QCOMPARE(atMean.workloads.front().chosenOption()->elasticSavingFraction(0), 0.0);
    }

    void committedHoldsThePeakOnDemandPaysTheMean()
    {
        // 2 reserved GPUs: the service's peak (well above 2) spills on demand.
        const int reserved = 2;
        const Evaluation e = evaluate(serviceFleet(reserved, 100, 1.0));
        const OptionResult& option = *e.workloads.front().chosenOption();
        double expected = reserved * kHoursPerMonth * kReservedUsd * kMonths;
        for (std::size_t m = 0; m < kMonths; ++m) {
            const MonthRequirement& month = option.months[m];
            const double setUp = std::ceil(month.peakGpus - 1e-6);
            const double onDemand = setUp - reserved;
            // On demand holds (1 − f) of the peak and pays (1 − f) of the
            // mean; f = what the reserved GPUs hold of the peak.
            const double heldThere = onDemand * kHoursPerMonth;
            expected += heldThere * (month.gpuEquivalents / month.peakGpus) * kOnDemandUsd;
        }
        QVERIFY2(near(e.kpis.totalCostUsd, expected),
                 qPrintable(QStringLiteral("cost $%1, expected $%2")
                                .arg(e.kpis.totalCostUsd, 0, 'f', 2)
                                .arg(expected, 0, 'f', 2)));
        // Below what renting the whole peak on demand would cost, above the mean's.
        const Evaluation atMean = evaluate(serviceFleet(reserved, 100, 0.0));
        QVERIFY(e.kpis.totalCostUsd > atMean.kpis.totalCostUsd);
        // Cost = attributed + idle commitment (the peak on committed GPUs).
        const double attributed = sum(e.workloads.front().monthlyCostUsd);
        QVERIFY(near(attributed + e.kpis.unallocatedFleetCostUsd, e.kpis.totalCostUsd));
        QVERIFY(e.kpis.unallocatedFleetCostUsd >= 0);
    }

    void theServicePaysItsMeanAndThePeakIsIdleCommitment()
    {
        // A reservation just holding the peak (issue 27, item 1): the service
        // is attributed the GPU-hours it holds (its mean) at the reserved
        // price; the GPUs between its mean and its peak, and the rounding to
        // whole GPUs, are idle commitment, a line of its own — at share 1 as
        // at share 0.
        const Evaluation probe = evaluate(serviceFleet(1, 0, 1.0));
        const OptionResult& option = *probe.workloads.front().chosenOption();
        double peak = 0;
        for (const MonthRequirement& month : option.months)
            peak = std::max(peak, month.peakGpus);
        const int reserved = int(std::ceil(peak - 1e-6));
        for (double share : {0.0, 1.0}) {
            const Evaluation e = evaluate(serviceFleet(reserved, 0, share));
            double heldUsd = 0;
            for (const MonthRequirement& month : option.months)
                heldUsd += month.gpuHoursHeld * kReservedUsd;
            QVERIFY2(near(sum(e.workloads.front().monthlyCostUsd), heldUsd),
                     qPrintable(QStringLiteral("share %1: attributed $%2, held × price $%3")
                                    .arg(share)
                                    .arg(sum(e.workloads.front().monthlyCostUsd), 0, 'f', 0)
                                    .arg(heldUsd, 0, 'f', 0)));
            QVERIFY(near(e.kpis.unallocatedFleetCostUsd, e.kpis.totalCostUsd - heldUsd));
            const double roundingUsd = kHoursPerMonth * kReservedUsd * kMonths; // < 1 GPU
            QVERIFY(e.kpis.unallocatedFleetCostUsd > roundingUsd);
        }
    }

    void theOptimizerCostsTheRuleAlike()
    {
        // Every reservation from none to past the peak, in both solve paths:
        // the optimizer's cost of its plan is the engine's cost of the same plan.
        for (int reserved : {0, 2, 11, 17, 40})
            for (double share : {0.0, 0.5, 1.0})
                for (bool fast : {true, false}) {
                    const Project project = serviceFleet(reserved, 100, share);
                    OptimizeOptions options;
                    options.fastPath = fast;
                    options.solve.timeLimitSeconds = 20;
                    const RegimeMixResult plan = optimizeRegimeMix(project, options).value();
                    const double engine = evaluate(project).kpis.totalCostUsd;
                    QVERIFY2(near(plan.costUsd, engine),
                             qPrintable(QStringLiteral("%1 reserved, share %2, %3: optimizer "
                                                       "$%4, engine $%5")
                                            .arg(reserved)
                                            .arg(share)
                                            .arg(fast ? "fast" : "exact")
                                            .arg(plan.costUsd, 0, 'f', 2)
                                            .arg(engine, 0, 'f', 2)));
                }
    }
};

FLEET_TEST_MAIN(TestCommittedPeaks)
#include "test_committed_peaks.moc"
