// Training formulas by hand: 6·N·D vs 8·N·D, Young's interval, failure overhead.

#include "engine/training.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {
bool nearTraining(double actual, double expected, double relative = 1e-9)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}
#define QVERIFY_NEAR(actual, expected)                                                             \
    QVERIFY2(nearTraining((actual), (expected)), qPrintable(QStringLiteral("%1 = %2, expected %3") \
                                                                .arg(#actual)                      \
                                                                .arg(actual, 0, 'g', 12)           \
                                                                .arg(expected, 0, 'g', 12)))

TrainingSpec spec1B()
{
    TrainingSpec spec;
    spec.activeParams = 1e9;
    spec.tokensPerRun = 1e12;
    spec.gpusPerJob = 1000;
    spec.efficiency = 0.5;
    return spec;
}
} // namespace

class TestTraining : public QObject
{
    Q_OBJECT

private slots:
    void modelFlopsAndIdealGpuHours()
    {
        Assumptions a;
        auto run = estimateTrainingRun(spec1B(), 1e15, 0.0, a);
        QVERIFY(run.ok());
        QVERIFY_NEAR(run.value().modelFlops, 6e21);
        // 6e21 FLOPs ÷ (1e15 FLOP/s × 0.5) = 1.2e7 s = 3,333.33 GPU-hours.
        QVERIFY_NEAR(run.value().idealGpuHours, 1.2e7 / 3600.0);
    }

    void hfuWithRecomputationCountsEightND()
    {
        Assumptions a;
        TrainingSpec spec = spec1B();
        spec.measure = EfficiencyMeasure::HfuWithRecompute;
        auto run = estimateTrainingRun(spec, 1e15, 0.0, a);
        QVERIFY(run.ok());
        QVERIFY_NEAR(run.value().modelFlops, 6e21); // model FLOPs are model FLOPs either way
        QVERIFY_NEAR(run.value().hardwareFlops, 8e21);
        QVERIFY_NEAR(run.value().idealGpuHours, 1.6e7 / 3600.0);
    }

    void aGpusMfuFactorScalesTheStatedMfu()
    {
        Assumptions a;
        TrainingScale scale;
        scale.mfuFactor = 0.8;
        auto run = estimateTrainingRun(spec1B(), 1e15, 0.0, a, scale);
        QVERIFY(run.ok());
        QVERIFY_NEAR(run.value().achievedEfficiency, 0.4);
        // 6e21 FLOPs ÷ (1e15 FLOP/s × 0.5 × 0.8) = 1.5e7 s.
        QVERIFY_NEAR(run.value().idealGpuHours, 1.5e7 / 3600.0);
    }

    void youngIntervalMatchesTheWorkedExample()
    {
        // facts.md: C = 40 s, M = 3.1 h → τ = √(2·C·M) ≈ 16 min.
        Assumptions a;
        a.checkpointWriteGbPerS = 57.5;
        a.checkpointBytesPerParam = 14;
        a.gpuMtbfHours = 3.1 * 16384;
        TrainingSpec spec = spec1B();
        spec.activeParams = 40.0 * 57.5e9 / 14.0; // a 40-second checkpoint
        spec.gpusPerJob = 16384;
        auto run = estimateTrainingRun(spec, 1e15, 0.0, a, TrainingScale{}); // fixed bandwidth
        QVERIFY(run.ok());
        QVERIFY_NEAR(run.value().checkpointSeconds, 40.0);
        QVERIFY_NEAR(run.value().jobMtbfHours, 3.1);
        QVERIFY_NEAR(run.value().checkpointIntervalMin,
                     std::sqrt(2.0 * (40.0 / 3600.0) * 3.1) * 60.0);
        QVERIFY(std::abs(run.value().checkpointIntervalMin - 15.75) < 0.01);
    }

    void overheadByHand()
    {
        Assumptions a; // MTBF 50,677 h, 14 B/param, 57.5 GB/s, 10 min restart
        auto run = estimateTrainingRun(spec1B(), 1e15, 0.0, a, TrainingScale{}); // fixed bandwidth
        QVERIFY(run.ok());
        const double cHours = 1e9 * 14 / 57.5e9 / 3600.0;
        const double m = a.gpuMtbfHours / 1000.0;
        const double tau = std::sqrt(2 * cHours * m);
        const double overhead = cHours / tau + (tau / 2 + 10.0 / 60.0) / m;
        QVERIFY_NEAR(run.value().overheadFraction, overhead);
        QVERIFY_NEAR(run.value().gpuHours, run.value().idealGpuHours / (1 - overhead));
        QVERIFY_NEAR(run.value().wallClockDays, run.value().gpuHours / 1000.0 / 24.0);
    }

    void asynchronousCheckpointByHand()
    {
        // The 40-second checkpoint of the worked example, M = 3.1 h: training
        // stalls 4.2 % of the write; the write must end before the next one,
        // and a failure loses the write lag too (τ/2 + C + restart).
        Assumptions a;
        a.checkpointWriteGbPerS = 57.5;
        a.checkpointBytesPerParam = 14;
        a.gpuMtbfHours = 3.1 * 16384;
        TrainingSpec spec = spec1B();
        spec.activeParams = 40.0 * 57.5e9 / 14.0;
        spec.gpusPerJob = 16384;
        TrainingScale scale; // fixed bandwidth
        const double sync = estimateTrainingRun(spec, 1e15, 0.0, a, scale).value().gpuHours;
        scale.asyncCheckpoint = true;
        scale.asyncStallFraction = 0.042;
        auto run = estimateTrainingRun(spec, 1e15, 0.0, a, scale);
        QVERIFY(run.ok());
        const double c = 40.0 / 3600.0, stall = 0.042 * c, m = 3.1;
        const double tau = std::max(std::sqrt(2 * stall * m), c);
        QVERIFY_NEAR(run.value().checkpointStallSeconds, 0.042 * 40.0);
        QVERIFY_NEAR(run.value().checkpointIntervalMin, tau * 60.0);
        QVERIFY_NEAR(run.value().lostWorkPerInterruptionHours, tau / 2 + c + 10.0 / 60.0);
        const double overhead = stall / tau + (tau / 2 + c + 10.0 / 60.0) / m;
        QVERIFY_NEAR(run.value().overheadFraction, overhead);
        QVERIFY(run.value().gpuHours < sync);
    }

    void asynchronousIntervalShorterThanTheWriteIsRefused()
    {
        Assumptions a;
        TrainingSpec spec = spec1B();
        spec.activeParams = 40.0 * 57.5e9 / 14.0; // a 40-second write at 57.5 GB/s
        spec.checkpointIntervalMin = 0.5;
        TrainingScale scale;
        scale.asyncCheckpoint = true;
        scale.asyncStallFraction = 0.042;
        auto run = estimateTrainingRun(spec, 1e15, 0.0, a, scale);
        QVERIFY(!run.ok());
        QVERIFY2(QString::fromStdString(run.error().toString())
                     .contains(QStringLiteral("must be at least the write")),
                 run.error().toString().c_str());
    }

    void setIntervalIsUsed()
    {
        Assumptions a;
        TrainingSpec spec = spec1B();
        spec.checkpointIntervalMin = 30.0;
        auto run = estimateTrainingRun(spec, 1e15, 0.0, a);
        QVERIFY(run.ok());
        QCOMPARE(run.value().checkpointIntervalMin, 30.0);
    }

    void regimeOverheadDividesThroughput()
    {
        Assumptions a;
        const double bare = estimateTrainingRun(spec1B(), 1e15, 0.0, a).value().gpuHours;
        const double vm = estimateTrainingRun(spec1B(), 1e15, 0.03, a).value().gpuHours;
        QVERIFY_NEAR(vm, bare / 0.97);
    }

    void monotonicInTokensAndMfu()
    {
        Assumptions a;
        TrainingSpec more = spec1B();
        more.tokensPerRun *= 2;
        TrainingSpec faster = spec1B();
        faster.efficiency = 0.6;
        const double base = estimateTrainingRun(spec1B(), 1e15, 0, a).value().gpuHours;
        QVERIFY(estimateTrainingRun(more, 1e15, 0, a).value().gpuHours > base);
        QVERIFY(estimateTrainingRun(faster, 1e15, 0, a).value().gpuHours < base);
    }

    void hopelessFailureRateIsRefusedWithAReason()
    {
        Assumptions a;
        a.gpuMtbfHours = 1.0; // a job of 1,000 GPUs fails every 3.6 s
        auto run = estimateTrainingRun(spec1B(), 1e15, 0, a);
        QVERIFY(!run.ok());
        QVERIFY(QString::fromStdString(run.error().toString())
                    .contains(QStringLiteral("leaves no time to train")));
    }

    void noFp8IsRefused()
    {
        Assumptions a;
        auto run = estimateTrainingRun(spec1B(), 0.0, 0, a);
        QVERIFY(!run.ok());
        QVERIFY(
            QString::fromStdString(run.error().toString()).contains(QStringLiteral("no dense")));
    }

    // Issue 31: an MFU is whole-step. Pipelining is reported (its bubble and
    // the MFU the stages reach while busy) and never charged on top of it.
    void aPipelineBubbleIsInsideTheMfuNotOnTopOfIt()
    {
        const Assumptions a;
        TrainingScale flat;
        TrainingScale piped;
        piped.pipelineStages = 4;
        piped.microBatches = 16;
        const auto one = estimateTrainingRun(spec1B(), 1e15, 0.0, a, flat);
        const auto four = estimateTrainingRun(spec1B(), 1e15, 0.0, a, piped);
        QVERIFY(one.ok() && four.ok());
        QCOMPARE(four.value().gpuHours, one.value().gpuHours);
        QVERIFY_NEAR(four.value().pipelineBubbleFraction, 3.0 / 19.0);
        QVERIFY_NEAR(four.value().busyEfficiency, 0.5 / (1.0 - 3.0 / 19.0));
        QCOMPARE(one.value().busyEfficiency, 0.5);
        // A whole-step MFU the busy stages could not reach is refused.
        TrainingSpec high = spec1B();
        high.efficiency = 0.9;
        const auto refused = estimateTrainingRun(high, 1e15, 0.0, a, piped);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().messages().find("while busy") != std::string::npos,
                 refused.error().messages().c_str());
    }
};

FLEET_TEST_MAIN(TestTraining)
#include "test_training.moc"
