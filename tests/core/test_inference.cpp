// Inference sizing by hand: roofline step time, batch limits, prefill, replicas;
// partitions never get more than their share.

#include "engine/inference.h"
#include "engine/resource_unit.h"
#include "model/engine_defaults.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

bool nearInference(double actual, double expected, double relative = 1e-9)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}

/// Efficiencies of 1 so that the arithmetic is the roofline alone.
Assumptions ideal()
{
    Assumptions a;
    a.memoryBandwidthEfficiency = 1.0;
    a.decodeComputeEfficiency = 1.0;
    a.prefillMfu = 1.0;
    a.usableMemoryFraction = 1.0;
    a.tensorParallelEfficiency = 1.0;
    return a;
}

ResourceUnit simpleUnit()
{
    ResourceUnit unit;
    unit.computeFlopsPerS = 1e15;
    unit.bandwidthBytesPerS = 1e12;
    unit.memoryBytes = 100e9;
    return unit;
}

InferenceSpec simpleService()
{
    InferenceSpec spec;
    spec.params = 1e9; // 2 GB of BF16 weights
    spec.precision = Precision::Bf16;
    spec.kvBytesPerToken = 1e5;
    spec.inputTokens = 1000;
    spec.outputTokens = 1000;
    spec.tpotMs = 10;
    spec.ttftMs = 100;
    spec.requestsPerSecond = 20;
    return spec;
}

} // namespace

class TestInference : public QObject
{
    Q_OBJECT

private slots:
    void rooflineByHand()
    {
        auto estimate = estimateInferenceReplica(simpleService(), simpleUnit(), false, ideal());
        QVERIFY2(estimate.ok(), estimate.ok() ? "" : estimate.error().toString().c_str());
        const InferenceEstimate& e = estimate.value();
        // A step at batch b reads the weights and b KV caches of I + O/2 = 1,500
        // tokens, decodes b tokens (2·N each) and prefills b·I/O prompt tokens
        // of arriving requests (2·N + attention: 4 × 16 layers × 2,048 × I/2 each;
        // N = 1e9 is below Llama 3.2 1B, so its 16 layers and hidden size 2,048):
        //   t(b) = 2 ms + b × (1,500 × 1e5 / 1e12 + 2e9 / 1e15 + 2.065536e9 / 1e15).
        const double perSequence = 1500 * 1e5 / 1e12 + 2e9 / 1e15 + 2.065536e9 / 1e15;
        // TPOT 10 ms: b ≤ 8 ms ÷ 0.154 ms = 51.9 → 51; memory allows 490.
        QCOMPARE(e.batch, 51);
        QVERIFY(!e.computeBound);
        QVERIFY(nearInference(e.stepMs, (0.002 + 51 * perSequence) * 1000));
        QVERIFY(nearInference(e.prefillMs, 2.065536e9 * 1000 / 1e15 * 1000)); // 2.07 ms
        QVERIFY(nearInference(e.prefillShare, 51 * 2.065536e9 / 1e15 / (e.stepMs / 1000)));
        // 51 sequences emit a token each step; a request needs 1,000 of them.
        QVERIFY(nearInference(e.requestsPerSecondPerReplica, 51 / (e.stepMs / 1000) / 1000));
        QCOMPARE(replicasFor(20, e), std::ceil(20 / e.requestsPerSecondPerReplica));
        QVERIFY(nearInference(e.outputTokensPerSecondPerGpu, e.requestsPerSecondPerReplica * 1000));
        QCOMPARE(e.efficiencyBasis, std::string("engine assumptions"));
    }

    void computeBoundAtLargeBatch()
    {
        InferenceSpec spec = simpleService();
        spec.kvBytesPerToken = 1.0; // negligible KV traffic: compute becomes the limit
        ResourceUnit unit = simpleUnit();
        unit.computeFlopsPerS = 1e14;
        auto estimate = estimateInferenceReplica(spec, unit, false, ideal());
        QVERIFY(estimate.ok());
        // With KV reads negligible, decode attention is bound by its math: 1,500
        // cached tokens × 16 layers × 4 × 2,048 FLOPs (GQA) at the BF16 peak.
        // 8 ms ÷ (1.96608e8 / 1e14 + 2e9 / 1e14 + 2.065536e9 / 1e14) = 187.7
        QCOMPARE(estimate.value().batch, 187);
        QVERIFY(estimate.value().computeBound);
    }

    void latencyAndMemoryFailuresSayWhy()
    {
        InferenceSpec spec = simpleService();
        spec.tpotMs = 1; // weights alone take 2 ms to read
        auto slow = estimateInferenceReplica(spec, simpleUnit(), false, ideal());
        QVERIFY(!slow.ok());
        QVERIFY(QString::fromStdString(slow.error().toString())
                    .contains(QStringLiteral("even at batch 1")));

        spec = simpleService();
        spec.ttftMs = 1; // prefill takes 2 ms
        auto late = estimateInferenceReplica(spec, simpleUnit(), false, ideal());
        QVERIFY(QString::fromStdString(late.error().toString())
                    .contains(QStringLiteral("time-to-first-token")));

        spec = simpleService();
        spec.params = 100e9; // 200 GB of weights on a 100 GB unit
        spec.tpotMs = 100;
        auto big = estimateInferenceReplica(spec, simpleUnit(), false, ideal());
        QVERIFY(
            QString::fromStdString(big.error().toString()).contains(QStringLiteral("do not fit")));
        auto split = estimateInferenceReplica(spec, simpleUnit(), true, ideal());
        QVERIFY(split.ok());
        QVERIFY(split.value().tensorParallel >= 4);
    }

    void kvCacheEstimateFollowsLlama3Shapes()
    {
        // Llama 3 70B: 80 layers × 2 × 8 KV heads × 128 dims × 2 bytes = 327,680 bytes/token.
        QCOMPARE(estimatedKvBytesPerToken(70e9, Precision::Bf16), 327680.0);
        QCOMPARE(estimatedKvBytesPerToken(8e9, Precision::Bf16), 131072.0);
        QCOMPARE(estimatedKvBytesPerToken(70e9, Precision::Fp8), 163840.0);
        QVERIFY(estimatedKvBytesPerToken(30e9, Precision::Bf16) > 131072.0);
        QVERIFY(estimatedKvBytesPerToken(30e9, Precision::Bf16) < 327680.0);
    }

    void partitionsNeverGetMoreThanTheirSlices()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const auto regimes = regimesFrom(catalog.engineDefaults);
        for (const GpuModel& gpu : catalog.gpus) {
            const double peak = densePeakFlopsPerS(gpu, Precision::Bf16);
            for (RegimeKind kind : allRegimes()) {
                for (const ResourceUnit& unit :
                     resourceUnits(gpu, regimes[std::size_t(kind)], Precision::Bf16, 1.0)) {
                    const std::string what =
                        gpu.id + " " + std::string(regimeKey(kind)) + " " + unit.profile;
                    QVERIFY2(unit.computeFlopsPerS <= peak * unit.computeShare * (1 + 1e-12),
                             what.c_str());
                    QVERIFY2(unit.computeShare * unit.unitsPerGpu <= 1.0 + 1e-12, what.c_str());
                    QVERIFY2(unit.memoryBytes <= gpu.memoryGb.value * 1e9 + 1, what.c_str());
                    if (kind == RegimeKind::Partition && gpu.mig) {
                        // Its own SMs where the catalog lists them (1g.20gb has 26 of
                        // 132 on an H100), else its compute slices of 7; no bursting.
                        const MigProfile* profile = gpu.mig->profile(unit.profile);
                        QVERIFY(profile);
                        const double bound =
                            profile->streamingMultiprocessors
                                ? double(*profile->streamingMultiprocessors) / *gpu.mig->totalSms
                                : double(profile->computeSlices) / 7;
                        QVERIFY2(unit.computeShare <= bound + 1e-12, what.c_str());
                    }
                }
            }
        }
        // Seven 1g instances use 112 of an H100's 132 SMs: each gets 16/132 of it.
        const GpuModel& h100 = *catalog.gpu("h100-sxm-80gb");
        const auto units =
            resourceUnits(h100, regimes[std::size_t(RegimeKind::Partition)], Precision::Bf16, 1.0);
        QCOMPARE(units.front().profile, std::string("1g.10gb"));
        QCOMPARE(units.front().computeShare, 16.0 / 132.0);
    }

    void timeSlicingLosesToContention()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const auto regimes = regimesFrom(catalog.engineDefaults);
        const GpuModel& h100 = *catalog.gpu("h100-sxm-80gb");
        const Regime& sliced = regimes[std::size_t(RegimeKind::TimeSliced)];
        const auto busy = resourceUnits(h100, sliced, Precision::Bf16, 1.0).front();
        const auto idle = resourceUnits(h100, sliced, Precision::Bf16, 0.0).front();
        const double k = sliced.maxTenantsPerGpu;
        const double peak = densePeakFlopsPerS(h100, Precision::Bf16);
        QVERIFY(nearInference(idle.computeFlopsPerS, peak / k * (1 - sliced.throughputOverhead)));
        QVERIFY(nearInference(busy.computeFlopsPerS,
                              peak / k * (1 - sliced.throughputOverhead) *
                                  (1 - sliced.contentionPerExtraTenant * (k - 1))));
    }
};

FLEET_TEST_MAIN(TestInference)
#include "test_inference.moc"
