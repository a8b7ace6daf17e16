// Disaggregated prefill and decode pools (issue 16): where they beat
// colocated serving and where they do not, the KV transfer's share of time
// to first token, the pools' busy time against what they hold, and the
// engine-wide switch in a project.

#include "engine/disaggregated.h"
#include "engine/evaluate.h"
#include "engine/queueing.h"
#include "engine/resource_unit.h"
#include "model/engine_defaults.h"
#include "perf/model_table.h"
#include "sample_fixture.h"
#include "simulate/disaggregated_service.h"
#include "store/catalog_loader.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

struct Fixture
{
    Catalog catalog = loadBuiltinCatalog().value();
    Assumptions assumptions = assumptionsFrom(catalog.engineDefaults);
    const GpuModel& gpu = *catalog.gpu("h100-sxm-80gb");

    ResourceUnit wholeGpu(Precision precision) const
    {
        ResourceUnit unit;
        unit.computeFlopsPerS = densePeakFlopsPerS(gpu, precision);
        unit.bandwidthBytesPerS = gpu.memoryBandwidthGbPerS.value * 1e9;
        unit.memoryBytes = gpu.memoryGb.value * 1e9;
        return unit;
    }
    ServingContext context(const ModelShape* model) const
    {
        ServingContext c;
        c.gpu = &gpu;
        c.model = model;
        return c;
    }
    Result<DisaggregatedServing> split(const InferenceSpec& spec, const ModelShape* model) const
    {
        return estimateDisaggregatedServing(spec, wholeGpu(spec.precision), true, assumptions,
                                            context(model));
    }
    Result<InferenceEstimate> colocated(const InferenceSpec& spec, const ModelShape* model) const
    {
        return estimateInferenceReplica(spec, wholeGpu(spec.precision), true, assumptions,
                                        context(model));
    }

    /// Both ways of serving `spec` at its rate (throughput sizing); fatal
    /// when either cannot, since the comparison would mean nothing.
    struct Both
    {
        DisaggregatedServing split;
        InferenceEstimate colocated;
        DisaggregatedPools pools;
        double colocatedGpus = 0;
    };
    Both both(const InferenceSpec& spec, const ModelShape* model) const
    {
        auto split = this->split(spec, model);
        auto together = colocated(spec, model);
        if (!split.ok() || !together.ok())
            qFatal("the case cannot be served both ways");
        Both b{split.value(), together.value(), {}, 0};
        b.pools = disaggregatedPools(b.split, spec, spec.requestsPerSecond, 0.0);
        b.colocatedGpus = colocatedReplicas(b.colocated, spec, spec.requestsPerSecond, 0.0) *
                          b.colocated.tensorParallel;
        return b;
    }
};

const ModelShape& knownModel(const char* id)
{
    const ModelShape* model = findModel(id);
    if (!model)
        qFatal("%s is not in data/perf/models.json", id);
    return *model;
}

const ModelShape& llama70b()
{
    return knownModel("llama-3.1-70b");
}

const ModelShape& llama8b()
{
    return knownModel("llama-3.1-8b");
}

/// Long prompts, short answers (summarizing documents): prefill-heavy.
InferenceSpec summarize()
{
    InferenceSpec spec;
    spec.params = llama70b().activeParams;
    spec.precision = Precision::Fp8;
    spec.requestsPerSecond = 5;
    spec.inputTokens = 8000;
    spec.outputTokens = 200;
    spec.tpotMs = 30;
    spec.ttftMs = 3000;
    return spec;
}

/// Short prompts, long answers at a low rate: decode-heavy.
InferenceSpec storyteller()
{
    InferenceSpec spec;
    spec.params = llama8b().activeParams;
    spec.precision = Precision::Bf16;
    spec.requestsPerSecond = 2;
    spec.inputTokens = 100;
    spec.outputTokens = 1000;
    spec.tpotMs = 50;
    spec.ttftMs = 500;
    return spec;
}

boost::json::object& assumptionsOf(boost::json::object& doc)
{
    boost::json::value& section = doc["assumptions"];
    if (!section.is_object())
        section.emplace_object();
    return section.as_object();
}

std::string why(const Error& error)
{
    return error.toString();
}

} // namespace

class TestDisaggregated : public QObject
{
    Q_OBJECT

private slots:
    void decodeReplicaCarriesNoPrefill()
    {
        Fixture f;
        const InferenceSpec spec = summarize();
        auto split = f.split(spec, &llama70b());
        QVERIFY2(split.ok(), split.ok() ? "" : why(split.error()).c_str());
        auto together = f.colocated(spec, &llama70b());
        QVERIFY2(together.ok(), together.ok() ? "" : why(together.error()).c_str());
        QCOMPARE(split.value().decode.prefillShare, 0.0);
        QVERIFY(together.value().prefillShare > 0.2); // 40 prompt tokens per output token
        // Without prompts in its steps the decode replica holds a larger batch
        // under the same per-token target.
        QVERIFY(split.value().decode.batch > together.value().batch);
    }

    void prefillHeavyServiceNeedsFewerGpusDisaggregated()
    {
        const auto [split, together, pools, colocatedGpus] =
            Fixture().both(summarize(), &llama70b());
        qInfo("prefill-heavy 70B FP8, 8,000 in / 200 out, 5 req/s, TPOT 30 ms: colocated %.0f "
              "GPUs (TP %d, batch %d, prefill %.0f %% of the step); disaggregated %.0f + %.0f = "
              "%.0f GPUs (prefill TP %d, %.0f ms per prompt; decode TP %d, batch %d; KV %.1f ms)",
              colocatedGpus, together.tensorParallel, together.batch, together.prefillShare * 100,
              pools.prefillGpus, pools.decodeGpus, pools.gpus(), split.prefill.tensorParallel,
              split.prefill.prefillMs, split.decode.tensorParallel, split.decode.batch,
              split.kvTransferMs);
        QVERIFY(pools.gpus() < colocatedGpus);
    }

    void tightTpotOnlyDisaggregatedMeets()
    {
        // At 8 ms per token the colocated step cannot hold the 80 prompt
        // tokens it owes per output token even at batch 1, on any degree;
        // the decode pool, free of them, can.
        Fixture f;
        InferenceSpec spec = summarize();
        spec.inputTokens = 16000;
        spec.tpotMs = 8;
        auto together = f.colocated(spec, &llama70b());
        QVERIFY(!together.ok());
        QVERIFY2(why(together.error()).find("even at batch 1") != std::string::npos,
                 why(together.error()).c_str());
        auto split = f.split(spec, &llama70b());
        QVERIFY2(split.ok(), split.ok() ? "" : why(split.error()).c_str());
        QVERIFY(split.value().decode.stepMs <= 8.0);
    }

    void decodeHeavyShortPromptsStayColocated()
    {
        const auto [split, together, pools, colocatedGpus] =
            Fixture().both(storyteller(), &llama8b());
        qInfo("decode-heavy 8B BF16, 100 in / 1,000 out, 2 req/s: colocated %.0f GPUs (prefill "
              "%.1f %% of the step); disaggregated %.0f + %.0f GPUs",
              colocatedGpus, together.prefillShare * 100, pools.prefillGpus, pools.decodeGpus);
        QVERIFY(together.prefillShare < 0.1);
        QVERIFY(colocatedGpus < pools.gpus());
    }

    void kvTransferGrowsWithInputAndCountsTowardTtft()
    {
        Fixture f;
        InferenceSpec spec = summarize();
        spec.ttftMs = 60000;
        double previous = 0;
        for (double input : {1000.0, 4000.0, 16000.0}) {
            spec.inputTokens = input;
            auto split = f.split(spec, &llama70b());
            QVERIFY2(split.ok(), split.ok() ? "" : why(split.error()).c_str());
            const DisaggregatedServing& s = split.value();
            // Bytes: the prompt's KV cache as the decode replica holds it;
            // time: those bytes over the links of the smaller instance.
            QCOMPARE(s.kvTransferBytes, input * s.decode.kvBytesPerToken);
            const double links = std::min(s.prefill.tensorParallel, s.decode.tensorParallel);
            QVERIFY(std::abs(s.kvTransferMs - s.kvTransferBytes /
                                                  (f.assumptions.kvTransferGbPerS * 1e9 * links) *
                                                  1000.0) < 1e-9);
            QVERIFY(s.kvTransferMs > previous);
            previous = s.kvTransferMs;
            QCOMPARE(s.prefillPathMs, s.prefill.prefillMs + s.kvTransferMs);
            const DisaggregatedPools pools = disaggregatedPools(s, spec, 1.0, 0.0);
            QVERIFY(pools.ttft.meanTtftMs >= s.prefill.prefillMs + s.kvTransferMs);
        }
        // A slow link (0.1 GB/s) makes the transfer miss a target the prefill alone meets.
        spec.inputTokens = 8000;
        auto fast = f.split(spec, &llama70b());
        QVERIFY(fast.ok());
        spec.ttftMs = fast.value().prefill.prefillMs * 1.5;
        f.assumptions.kvTransferGbPerS = 0.1;
        auto slow = f.split(spec, &llama70b());
        QVERIFY(!slow.ok());
        QVERIFY2(why(slow.error()).find("sending their KV cache") != std::string::npos,
                 why(slow.error()).c_str());
    }

    void poolsHoldTheirBusyTime()
    {
        // Conservation: GPU-seconds each request costs a pool × the rate =
        // the pool's GPUs × its utilization.
        Fixture f;
        const InferenceSpec spec = summarize();
        auto split = f.split(spec, &llama70b());
        QVERIFY(split.ok());
        const DisaggregatedServing& s = split.value();
        for (double rps : {0.7, 5.0, 33.0}) {
            for (double quantile : {0.0, 0.99}) {
                const DisaggregatedPools pools = disaggregatedPools(s, spec, rps, quantile);
                const double prefillBusy =
                    rps * s.prefill.prefillMs / 1000.0 * s.prefill.tensorParallel;
                const double decodeBusy = rps * spec.outputTokens * s.decode.stepMs / 1000.0 /
                                          s.decode.batch * s.decode.tensorParallel;
                QVERIFY(std::abs(prefillBusy - pools.prefillGpus * pools.prefillUtilization) <
                        1e-9 * pools.prefillGpus);
                QVERIFY(std::abs(decodeBusy - pools.decodeGpus * pools.decodeUtilization) <
                        1e-9 * pools.decodeGpus);
                QVERIFY(pools.prefillUtilization < 1.0 + 1e-12);
                QVERIFY(pools.decodeUtilization < 1.0 + 1e-12);
                if (quantile > 0 && !pools.ttftTargetMissed)
                    QVERIFY(pools.ttft.p99TtftMs <= spec.ttftMs);
            }
        }
    }

    void projectSwitchServesEveryServiceDisaggregated()
    {
        Project project = test::sample();
        const Evaluation colocated = evaluate(project);
        project.assumptions.inferenceDisaggregated = 1;
        const Evaluation split = evaluate(project);
        int services = 0;
        for (const WorkloadEvaluation& w : split.workloads) {
            if (w.kind != WorkloadKind::Inference)
                continue;
            const OptionResult* chosen = w.chosenOption();
            if (!chosen)
                continue;
            ++services;
            QCOMPARE(chosen->detail("serving_disaggregated"), 1.0);
            QVERIFY(chosen->detail("prefill_instances_first_month") >= 1);
            QVERIFY(chosen->detail("decode_replicas_first_month") >= 1);
            const OptionResult* before = test::workload(colocated, w.id).chosenOption();
            qInfo("%s: colocated %.2f GPU equivalents in its first month, disaggregated %.2f",
                  w.id.c_str(), before ? before->months.front().gpuEquivalents : 0.0,
                  chosen->months.front().gpuEquivalents);
        }
        QVERIFY(services > 0);
    }

    void switchIsZeroOrOne()
    {
        boost::json::object doc = projectToJson(test::sample());
        assumptionsOf(doc)["inference_disaggregated"] = 0.5;
        auto half = parseProject(boost::json::serialize(doc), "half.fleetplan.json");
        QVERIFY(!half.ok());
        QVERIFY2(half.error().toString().find("/assumptions/inference_disaggregated") !=
                         std::string::npos &&
                     half.error().toString().find("whole number") != std::string::npos,
                 half.error().toString().c_str());
        assumptionsOf(doc)["inference_disaggregated"] = 1;
        assumptionsOf(doc)["kv_transfer_gb_per_s"] = 0;
        auto zero = parseProject(boost::json::serialize(doc), "zero.fleetplan.json");
        QVERIFY(!zero.ok());
        QVERIFY2(zero.error().toString().find("/assumptions/kv_transfer_gb_per_s") !=
                     std::string::npos,
                 zero.error().toString().c_str());
        assumptionsOf(doc)["kv_transfer_gb_per_s"] = 400;
        auto ok = parseProject(boost::json::serialize(doc), "ok.fleetplan.json");
        QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().toString().c_str());
        QCOMPARE(ok.value().assumptions.inferenceDisaggregated, 1.0);
        QCOMPARE(ok.value().assumptions.kvTransferGbPerS, 400.0);
    }

    void overflowIsRefusedAndSaid()
    {
        // A preemptible segment's service served disaggregated: overflow splits
        // colocated replicas only, so both pools stay dedicated — and a
        // detail and a warning say so (before, it was silently left out).
        Project project = test::sample();
        for (Segment& segment : project.segments)
            if (segment.id == "enterprise")
                segment.preemptible = true;
        project.assumptions.inferenceDisaggregated = 1;
        const Evaluation e = evaluate(project);
        const OptionResult* chat = test::workload(e, "chat-70b").chosenOption();
        QVERIFY(chat);
        QCOMPARE(chat->detail("serving_disaggregated"), 1.0);
        QCOMPARE(chat->detail("overflow_refused_disaggregated"), 1.0);
        for (const MonthRequirement& month : chat->months)
            QCOMPARE(month.overflowGpuHoursHeld, 0.0);
        bool warned = false;
        for (const std::string& warning : e.warnings)
            warned = warned || (warning.find("workload chat-70b: preemptible overflow not "
                                             "applied") != std::string::npos &&
                                warning.find("inference_disaggregated") != std::string::npos);
        QVERIFY(warned);
        // Not preemptible: nothing to refuse, nothing said.
        project.segments = test::sample().segments;
        const Evaluation notPreemptible = evaluate(project);
        const OptionResult* dedicated = test::workload(notPreemptible, "chat-70b").chosenOption();
        QVERIFY(dedicated);
        QVERIFY(std::isnan(dedicated->detail("overflow_refused_disaggregated")));
    }

    void simulatorRunsBothPools()
    {
        // simulate-service found "no replicas" in a disaggregated option: its
        // prefill and decode pools are simulated instead, each against the
        // engine's M/M/c figures for the first month.
        Project project = test::sample();
        project.assumptions.inferenceDisaggregated = 1;
        const Evaluation e = evaluate(project);
        const Workload& workload = project.workloads[4]; // claims-triage-8b
        QCOMPARE(workload.id, std::string("claims-triage-8b"));
        const OptionResult* option = test::workload(e, workload.id).chosenOption();
        QVERIFY(option);
        const auto colocated = firstMonthOfService(project, workload, *option);
        QVERIFY(!colocated.ok());
        QVERIFY2(colocated.error().toString().find("served disaggregated") != std::string::npos,
                 colocated.error().toString().c_str());
        auto input = firstMonthOfDisaggregatedService(project, workload, *option);
        QVERIFY2(input.ok(), input.ok() ? "" : input.error().toString().c_str());
        const DisaggregatedServiceInput& in = input.value();
        QCOMPARE(double(in.prefill.dedicatedReplicas),
                 option->detail("prefill_instances_first_month"));
        QCOMPARE(double(in.decode.dedicatedReplicas),
                 option->detail("decode_replicas_first_month"));
        QCOMPARE(double(in.decode.slotsPerReplica), option->detail("batch"));
        QCOMPARE(in.prefill.slotsPerReplica, 1);
        QCOMPARE(in.prefill.overflowReplicas + in.decode.overflowReplicas, 0);
        const double prefillPathMs =
            option->detail("prefill_ms") + option->detail("kv_transfer_ms");
        QCOMPARE(in.prefill.prefillMs, prefillPathMs);
        const DisaggregatedServiceReport r = simulateDisaggregatedService(in, 2.0, 7);
        const TtftQueueing ttft =
            ttftQueueing(in.prefill.dedicatedReplicas, 1, 1.0 / in.prefill.meanSlotSeconds,
                         prefillPathMs, in.prefill.requestsPerSecond);
        const TtftQueueing decode =
            ttftQueueing(in.decode.dedicatedReplicas, in.decode.slotsPerReplica,
                         option->detail("decode_requests_per_second_per_replica"), 0.0,
                         in.decode.requestsPerSecond);
        qInfo("%s: %d prefill instances, %d decode replicas of %d slots, %.2f requests/s; "
              "simulated %.0f requests: TTFT mean %.1f ms, p99 %.1f ms (engine %.1f, %.1f); decode "
              "slot wait mean %.2f ms, p99 %.2f ms (engine %.2f, %.2f)",
              workload.id.c_str(), in.prefill.dedicatedReplicas, in.decode.dedicatedReplicas,
              in.decode.slotsPerReplica, in.prefill.requestsPerSecond, r.prefill.requests,
              r.prefill.meanTtftMs, r.prefill.p99TtftMs, ttft.meanTtftMs, ttft.p99TtftMs,
              r.decode.meanTtftMs, r.decode.p99TtftMs, decode.meanTtftMs, decode.p99TtftMs);
        QVERIFY(r.prefill.requests > 1000 && r.decode.requests > 1000);
        // Both pools keep up; the simulated TTFT is the engine's within 10 %.
        QVERIFY(ttft.stable && decode.stable);
        QVERIFY2(std::abs(r.prefill.meanTtftMs - ttft.meanTtftMs) < 0.1 * ttft.meanTtftMs,
                 qPrintable(QString::number(r.prefill.meanTtftMs)));
        QVERIFY2(std::abs(r.prefill.p99TtftMs - ttft.p99TtftMs) < 0.1 * ttft.p99TtftMs,
                 qPrintable(QString::number(r.prefill.p99TtftMs)));
        QVERIFY(r.prefill.meanTtftMs >= prefillPathMs);
        QCOMPARE(r.prefill.preemptions + r.decode.preemptions, 0.0);
    }
};

FLEET_TEST_MAIN(TestDisaggregated)
#include "test_disaggregated.moc"
