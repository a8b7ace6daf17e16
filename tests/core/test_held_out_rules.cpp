// The structural rules issue 31's held-out references were brought closer by,
// each checked to change what it should and nothing else: a GPU on another's
// compute die runs at that GPU's fractions (serving.json same_compute_die_as);
// a run at a stack's default batch cap is checked at that cap (max_batch); the
// L40S has fractions of its own, fitted on fit rows only; a stack's host
// figure is read, or refused, as its own entry.

#include "calibration/calibration.h"
#include "model/engine_defaults.h"
#include "perf/references.h"
#include "perf/serving_table.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <regex>
#include <string>

using namespace fleet;

namespace {

const char* const kTableHead =
    R"({"format": "fleetplanner-perf-serving", "format_version": 1,
        "default_stack": {"nvidia": "tensorrt-llm", "amd": "vllm"},
        "interconnects": [],
        "scale_out": {"gb_per_s_per_gpu": 50, "bandwidth_share": 0.25, "latency_us": 20,
                      "source": "s", "as_of": "2024"},
        "efficiency": [
          {"gpu": "a", "precision": "fp8", "stack": "vllm", "memory_bandwidth": 0.5,
           "decode_compute": 0.35, "prefill_compute": 0.3, "kv_cache_fraction_of_free": 0.9,
           "source": "s", "as_of": "2024"},)";

std::string tableWith(const std::string& entry)
{
    return std::string(kTableHead) + entry + "]}";
}

/// The batch calibrate reports for a row ("TP 8, batch 256, ...").
int reportedBatch(const CalibrationRow& row)
{
    static const std::regex batch("batch ([0-9]+),");
    std::smatch m;
    return std::regex_search(row.detail, m, batch) ? std::stoi(m[1]) : -1;
}

} // namespace

class TestHeldOutRules : public QObject
{
    Q_OBJECT

private slots:
    // A shared-die entry takes every figure of its sibling's entry at the same
    // precision and stack, and keeps its own GPU, source and date.
    void aSharedDieEntryTakesItsSiblingsFigures()
    {
        const auto table =
            parseServingTable(tableWith(R"({"gpu": "b", "precision": "fp8", "stack": "vllm",
                          "same_compute_die_as": "a", "source": "die", "as_of": "2025"})"),
                              "test.json");
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().toString().c_str());
        const ServingEfficiency& a = table.value().efficiencies[0];
        const ServingEfficiency& b = table.value().efficiencies[1];
        QCOMPARE(b.gpuId, std::string("b"));
        QCOMPARE(b.source, std::string("die"));
        QCOMPARE(b.memoryBandwidth, a.memoryBandwidth);
        QCOMPARE(b.decodeCompute, a.decodeCompute);
        QCOMPARE(b.prefillCompute, a.prefillCompute);
        QCOMPARE(b.kvCacheFractionOfFree, a.kvCacheFractionOfFree);
        QVERIFY(b.fitReferences.empty()); // chosen on the die, fitted on nothing
    }

    // A relation that names no entry of its own, names itself, or also states
    // figures is refused, naming the field and the rule.
    void aBrokenSharedDieIsRefusedNamingTheField()
    {
        const auto expectRefused = [](const std::string& entry, const std::string& pointer,
                                      const std::string& rule) {
            const auto table = parseServingTable(tableWith(entry), "test.json");
            QVERIFY(!table.ok());
            const std::string text = table.error().toString();
            QVERIFY2(text.find(pointer) != std::string::npos, text.c_str());
            QVERIFY2(text.find(rule) != std::string::npos, text.c_str());
        };
        expectRefused(R"({"gpu": "b", "precision": "fp8", "stack": "vllm",
                          "same_compute_die_as": "c", "source": "s", "as_of": "2025"})",
                      "/efficiency/1/same_compute_die_as", "c has none");
        // Same die, other stack: the fractions are the stack's, so none is taken.
        expectRefused(R"({"gpu": "b", "precision": "fp8", "stack": "sglang",
                          "same_compute_die_as": "a", "source": "s", "as_of": "2025"})",
                      "/efficiency/1/same_compute_die_as", "same precision and stack");
        expectRefused(R"({"gpu": "b", "precision": "fp8", "stack": "vllm",
                          "same_compute_die_as": "b", "source": "s", "as_of": "2025"})",
                      "/efficiency/1/same_compute_die_as", "another GPU");
        expectRefused(R"({"gpu": "b", "precision": "fp8", "stack": "vllm",
                          "same_compute_die_as": "a", "memory_bandwidth": 0.9,
                          "source": "s", "as_of": "2025"})",
                      "/efficiency/1", "memory_bandwidth");
    }

    // An expert imbalance states the layout it was fitted on, and the layout its
    // figure; either alone is refused naming the field.
    void anExpertImbalanceNeedsTheLayoutItWasFittedOn()
    {
        const std::string head = R"({"gpu": "b", "precision": "fp8", "stack": "vllm",
            "memory_bandwidth": 0.5, "decode_compute": 0.35, "prefill_compute": 0.3,
            "moe_attention_data_parallel": true, "source": "s", "as_of": "2025")";
        const auto table = parseServingTable(tableWith(head + R"(, "expert_load_imbalance": 2.5,
                "expert_load_imbalance_fitted_on": {"gpus": 8, "experts": 128}})"),
                                             "test.json");
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().toString().c_str());
        QCOMPARE(table.value().efficiencies[1].imbalanceFitGpus, 8);
        QCOMPARE(table.value().efficiencies[1].imbalanceFitExperts, 128);
        for (const std::string& half :
             {std::string(R"(, "expert_load_imbalance": 2.5})"),
              std::string(
                  R"(, "expert_load_imbalance_fitted_on": {"gpus": 8, "experts": 128}})")}) {
            const auto refused = parseServingTable(tableWith(head + half), "test.json");
            QVERIFY(!refused.ok());
            const std::string text = refused.error().toString();
            QVERIFY2(text.find("/efficiency/1/expert_load_imbalance_fitted_on") !=
                         std::string::npos,
                     text.c_str());
        }
        const auto oneGpu = parseServingTable(tableWith(head + R"(, "expert_load_imbalance": 2.5,
                "expert_load_imbalance_fitted_on": {"gpus": 1, "experts": 128}})"),
                                              "test.json");
        QVERIFY(!oneGpu.ok());
        QVERIFY2(oneGpu.error().toString().find("/expert_load_imbalance_fitted_on/gpus") !=
                     std::string::npos,
                 oneGpu.error().toString().c_str());
    }

    // A stack's host figure is read with the rows it was fitted on; a second
    // entry for the same stack, a negative figure or a missing source is
    // refused naming the field.
    void aStackHostIsReadOrRefusedNamingTheField()
    {
        const std::string good = R"("stack_hosts": [{"stack": "vllm",
            "host_us_per_sequence_step": 20, "source": "s", "as_of": "2025",
            "fit_references": ["r1"]}],)";
        const auto withHosts = [](const std::string& hosts) {
            std::string text = tableWith(R"({"gpu": "b", "precision": "fp8", "stack": "vllm",
                "same_compute_die_as": "a", "source": "s", "as_of": "2025"})");
            text.insert(text.find("\"interconnects\""), hosts);
            return text;
        };
        const auto table = parseServingTable(withHosts(good), "test.json");
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().toString().c_str());
        QCOMPARE(table.value().stackHosts.size(), std::size_t(1));
        QCOMPARE(table.value().stackHosts[0].secondsPerSequenceStep, 20e-6);
        QCOMPARE(table.value().stackHosts[0].fitReferences, std::vector<std::string>{"r1"});
        const auto expectRefused = [&](const std::string& hosts, const std::string& pointer) {
            const auto refused = parseServingTable(withHosts(hosts), "test.json");
            QVERIFY(!refused.ok());
            const std::string text = refused.error().toString();
            QVERIFY2(text.find(pointer) != std::string::npos, text.c_str());
        };
        expectRefused(R"("stack_hosts": [{"stack": "vllm", "host_us_per_sequence_step": -1,
                          "source": "s", "as_of": "2025"}],)",
                      "/stack_hosts/0/host_us_per_sequence_step");
        expectRefused(R"("stack_hosts": [{"stack": "vllm", "host_us_per_sequence_step": 5,
                          "as_of": "2025"}],)",
                      "/stack_hosts/0/source");
        expectRefused(R"("stack_hosts": [
                          {"stack": "vllm", "host_us_per_sequence_step": 5, "source": "s",
                           "as_of": "2025"},
                          {"stack": "vllm", "host_us_per_sequence_step": 6, "source": "s",
                           "as_of": "2025"}],)",
                      "/stack_hosts/1/stack");
    }

    // The fitted rows (Qwen3-235B on eight GPUs) run at the fitted figure; DeepSeek-R1
    // on four B200s at the scaled one, 1 + 1.5·(1.0294·√(4/256)) ÷ (1.4236·√(8/128)).
    void theCalibrationRowsRunAtTheirLayoutsImbalance()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const ReferenceSet all = builtinReferences().value();
        ReferenceSet two;
        two.families = all.families;
        for (const char* id : {"trtllm-1.0-qwen3-235b-h200-tp8-1000-1000",
                               "trtllm-dev-deepseek-r1-b200-fp4-dep4-1000-1000"}) {
            const PerfReference* ref = all.reference(id);
            QVERIFY2(ref, id);
            two.references.push_back(*ref);
        }
        const auto rows = calibrate(two, catalog);
        QVERIFY2(rows[0].detail.find("busiest GPU's routed work ×2.5)") != std::string::npos,
                 rows[0].detail.c_str());
        QVERIFY2(rows[1].detail.find("busiest GPU's routed work ×1.54)") != std::string::npos,
                 rows[1].detail.c_str());
    }

    // The built-in relations: MI325X on MI300X's CDNA 3 die, GB200 on B200's
    // Blackwell die. Every other GPU's lookup returns its own entry or none.
    void theBuiltInSharedDiesMoveOnlyTheirOwnGpus()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const auto entry = [&](const char* gpu, Precision p) {
            return findServingEfficiency(*catalog.gpu(gpu), p, "");
        };
        const ServingEfficiency* mi325x = entry("mi325x-256gb", Precision::Fp8);
        const ServingEfficiency* mi300x = entry("mi300x-192gb", Precision::Fp8);
        QVERIFY(mi325x && mi300x);
        QCOMPARE(mi325x->sameComputeDieAs, std::string("mi300x-192gb"));
        QCOMPARE(mi325x->memoryBandwidth, mi300x->memoryBandwidth);
        QCOMPARE(mi325x->decodeCompute, mi300x->decodeCompute);
        QCOMPARE(mi325x->prefillCompute, mi300x->prefillCompute);
        const ServingEfficiency* gb200 = entry("gb200-nvl72", Precision::Fp4);
        const ServingEfficiency* b200 = entry("b200-180gb", Precision::Fp4);
        QVERIFY(gb200 && b200);
        QCOMPARE(gb200->sameComputeDieAs, std::string("b200-180gb"));
        QCOMPARE(gb200->memoryBandwidth, b200->memoryBandwidth);
        QCOMPARE(gb200->expertLoadImbalance, b200->expertLoadImbalance);
        for (const ServingEfficiency& e : builtinServingTable().efficiencies) {
            const bool related = e.gpuId == "mi325x-256gb" || e.gpuId == "gb200-nvl72";
            QVERIFY2(e.sameComputeDieAs.empty() != related, e.gpuId.c_str());
        }
        // A sibling with other memory: same fractions, more bandwidth and
        // memory, so the MI325X serves at least what the MI300X does.
        const ReferenceSet all = builtinReferences().value();
        const PerfReference* ratio =
            all.reference("mlperf-5.0-llama2-70b-mi325x-over-h100-offline");
        QVERIFY(ratio);
        ReferenceSet pair;
        pair.families = all.families;
        pair.references = {*ratio, *ratio};
        pair.references[1].system.gpu = "mi300x-192gb";
        const auto rows = calibrate(pair, catalog);
        QVERIFY2(rows[0].detail.find("vllm on mi325x-256gb, calibrated") != std::string::npos,
                 rows[0].detail.c_str());
        QVERIFY(rows[0].tool >= rows[1].tool);
    }

    // A stack's default batch cap, stated on the reference, moves that row
    // only: the engine is sized at the cap and serves less than at the batch
    // memory alone allows.
    void aStacksDefaultBatchCapMovesOnlyItsRow()
    {
        const ReferenceSet all = builtinReferences().value();
        const PerfReference* capped =
            all.reference("amd-vllm0.6-llama-3.1-405b-mi300x-tp8-128-2048");
        QVERIFY(capped && capped->maxBatch == 256);
        ReferenceSet two;
        two.families = all.families;
        two.references = {*capped, *capped};
        two.references[1].maxBatch = 0;
        const auto rows = calibrate(two, loadBuiltinCatalog().value());
        QVERIFY2(reportedBatch(rows[0]) <= 256 && reportedBatch(rows[0]) > 240,
                 rows[0].detail.c_str());
        QVERIFY2(reportedBatch(rows[1]) > 256, rows[1].detail.c_str());
        QVERIFY(rows[0].tool < rows[1].tool);
        // Only vLLM runs carry a vLLM default, and only held-out ones do here.
        for (const PerfReference& r : all.references)
            if (r.maxBatch > 0 && r.system.stack == "vllm")
                QVERIFY2(r.use == ReferenceUse::HeldOut &&
                             (r.maxBatch == 256 || r.maxBatch == 1024),
                         r.id.c_str());
    }

    // The L40S (PCIe only) runs at its own fractions, fitted on its fit rows
    // only (the v0.17 perf-overview's L40S column); the PCIe all-reduce it
    // uses is the link of no GPU with NVLink or Infinity Fabric.
    void theL40sHasItsOwnFractionsAndThePcieLinkIsOnlyItsOwn()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const GpuModel* l40s = catalog.gpu("l40s-48gb");
        QVERIFY(l40s);
        const ServingEfficiency* e = findServingEfficiency(*l40s, Precision::Fp8, "");
        QVERIFY(e && e->gpuId == "l40s-48gb" && !e->fitReferences.empty());
        const ReferenceSet all = builtinReferences().value();
        for (const std::string& id : e->fitReferences) {
            const PerfReference* ref = all.reference(id);
            QVERIFY2(ref && ref->system.gpu == "l40s-48gb" && ref->use == ReferenceUse::Fit,
                     id.c_str());
        }
        for (const GpuModel& gpu : catalog.gpus) {
            if (gpu.isTpu())
                continue; // ICI has no entry: a TPU replica's all-reduce is not charged
                          // (docs/MODEL.md, "TPU slices")
            const InterconnectCost* link = findInterconnect(gpu);
            QVERIFY2(link, gpu.id.c_str());
            QVERIFY2((link->link == "none") == (gpu.scaleUpLink.rfind("none", 0) == 0),
                     gpu.id.c_str());
        }
    }
};

FLEET_TEST_MAIN(TestHeldOutRules)
#include "test_held_out_rules.moc"
