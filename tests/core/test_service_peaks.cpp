// Issue 15, deliverable 3, its services: capacity sets a service's and
// notebooks' GPUs aside towards their peak (assumption peak_capacity_share,
// default 1), in the engine's GPUs set up and the optimizer's capacity rows
// alike. What on-demand GPUs charge for them: test_committed_peaks.

#include "engine/evaluate.h"
#include "engine/evaluate_fleet.h"
#include "optimize/regime_mix.h"
#include "plan_counts.h"
#include "sample_fixture.h"
#include "service_fixture.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

/// A sized project's text: one service pinned to H100 bare metal, nothing
/// else, its assumption peak_capacity_share written as `share`.
std::string serviceText(const std::string& share)
{
    return test::oneServiceText(R"({"mode": "size", "pools": []})", share, 40);
}

Project serviceAlone(double share)
{
    auto project = parseProject(serviceText(std::to_string(share)), "service.json");
    if (!project)
        qFatal("%s", project.error().toString().c_str());
    return std::move(project).value();
}

} // namespace

class TestServicePeaks : public QObject
{
    Q_OBJECT

private slots:
    void capacityGrowsFromTheMeanToThePeak()
    {
        const Evaluation base = evaluate(test::sample());
        // The default (data/defaults/engine.json): services held at their peak.
        QCOMPARE(test::workload(base, "chat-70b").chosenOption()->peakCapacityShare, 1.0);
        for (double share : {0.0, 0.5, 1.0}) {
            Project project = test::sample();
            project.assumptions.peakCapacityShare = share;
            const Evaluation e = evaluate(project);
            for (const char* id : {"chat-70b", "dev-notebooks", "claims-triage-8b"}) {
                const OptionResult& option = *test::workload(e, id).chosenOption();
                QCOMPARE(option.peakCapacityShare, share);
                const MonthRequirement& month = option.months[0];
                const MonthRequirement held = option.capacity(0);
                QVERIFY2(month.peakGpus > month.gpuEquivalents, id); // the sample's do peak
                const double scale = 1 + share * (month.peakGpus / month.gpuEquivalents - 1);
                QCOMPARE(held.gpuEquivalents, month.gpuEquivalents * scale);
                QCOMPARE(held.gpuHoursHeld, month.gpuHoursHeld * scale);
                QCOMPARE(held.units, month.units * scale);
                QCOMPARE(held.memoryGb, month.memoryGb * scale);
                QCOMPARE(option.capacityGpuHours(0), held.gpuHoursHeld);
                if (share == 1.0) // at the peak: the GPUs held at once, all month
                    QVERIFY(std::abs(held.gpuHoursHeld - month.peakGpus * kHoursPerMonth) <
                            1e-9 * held.gpuHoursHeld);
                // What is held (and paid on demand) stays the mean.
                QCOMPARE(option.totalGpuHoursHeld(),
                         test::workload(base, id).chosenOption()->totalGpuHoursHeld());
            }
            // Training keeps its gang rule; batch and training ignore the share.
            const OptionResult& run = *test::workload(e, "pretrain-70b").chosenOption();
            QCOMPARE(run.peakCapacityShare, 0.0);
            QVERIFY(run.gang);
        }
    }

    void fixedFleetSetsUpServicesAtTheirPeak()
    {
        // The engine's GPUs set up (what a fixed fleet pays on demand) grow
        // with the share: at 1, at least the whole-GPU services' summed peaks.
        Project mean = test::sample();
        mean.assumptions.peakCapacityShare = 0.0;
        Project peak = test::sample();
        peak.assumptions.peakCapacityShare = 1.0;
        const Evaluation atMean = evaluate(mean);
        const Evaluation atPeak = evaluate(peak);
        std::vector<const OptionResult*> meanOptions, peakOptions;
        double servicePeaks = 0;
        for (std::size_t w = 0; w < atPeak.workloads.size(); ++w) {
            meanOptions.push_back(atMean.workloads[w].chosenOption());
            peakOptions.push_back(atPeak.workloads[w].chosenOption());
            const OptionResult& option = *peakOptions.back();
            if (option.peakCapacityShare > 0 && isWholeGpu(option.regime))
                servicePeaks += option.months[0].peakGpus;
        }
        const double before = gpusSetUp(meanOptions, 0);
        const double after = gpusSetUp(peakOptions, 0);
        QVERIFY2(after > before, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(after)));
        QVERIFY(after >= std::ceil(servicePeaks - 1e-6));
        // The sample's commitment (1,600 reserved) no longer holds month 1's
        // set-ups: the on-demand pool pays the rest (services and notebooks
        // at their mean), so the cost rises.
        QVERIFY(atPeak.kpis.totalCostUsd > atMean.kpis.totalCostUsd);
    }

    void optimizerHoldsTheServicePeak()
    {
        const Project atMean = serviceAlone(0.0);
        const Project atPeak = serviceAlone(1.0);
        const MonthRequirement month =
            evaluate(atMean).workloads.front().chosenOption()->months.front();
        QVERIFY(month.peakGpus > month.gpuEquivalents + 1);
        for (bool fast : {true, false}) {
            OptimizeOptions options;
            options.fastPath = fast;
            options.solve.timeLimitSeconds = 20;
            const RegimeMixResult meanPlan = optimizeRegimeMix(atMean, options).value();
            const RegimeMixResult peakPlan = optimizeRegimeMix(atPeak, options).value();
            for (int m = 1; m <= 2; ++m) {
                const int held = test::gpusInMonth(meanPlan, "h100-sxm-80gb", m);
                QCOMPARE(held, int(std::ceil(month.gpuEquivalents - 1e-6)));
                const int peak = test::gpusInMonth(peakPlan, "h100-sxm-80gb", m);
                QCOMPARE(peak, int(std::ceil(month.peakGpus - 1e-6)));
            }
            QVERIFY(peakPlan.costUsd > meanPlan.costUsd);
        }
    }

    void aShareOutsideZeroToOneIsRefused()
    {
        for (const char* share : {"1.5", "-0.1"}) {
            const auto parsed = parseProject(serviceText(share), "bad.json");
            QVERIFY(!parsed);
            const std::string message = parsed.error().toString();
            QVERIFY2(message.find("/assumptions/peak_capacity_share") != std::string::npos,
                     message.c_str());
        }
    }
};

FLEET_TEST_MAIN(TestServicePeaks)
#include "test_service_peaks.moc"
