// A mixture of experts served expert-parallel (issue 31, item 3): the model
// table's attention kinds and expert counts, the all-to-all inside an NVLink
// domain and across domains, the decode attention of MLA against GQA, and
// the weights each GPU holds under attention data parallelism.

#include "engine/expert_parallel.h"
#include "engine/inference.h"
#include "engine/resource_unit.h"
#include "model/engine_defaults.h"
#include "perf/model_table.h"
#include "perf/serving_table.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>
#include <string>

using namespace fleet;

namespace {

ResourceUnit unitOf(const GpuModel& gpu, Precision precision)
{
    ResourceUnit unit;
    unit.computeFlopsPerS = densePeakFlopsPerS(gpu, precision);
    unit.bandwidthBytesPerS = gpu.memoryBandwidthGbPerS.value * 1e9;
    unit.memoryBytes = gpu.memoryGb.value * 1e9;
    return unit;
}

InferenceSpec offline(const ModelShape& model, double input, double output)
{
    InferenceSpec spec;
    spec.params = model.activeParams;
    spec.precision = Precision::Fp8;
    spec.requestsPerSecond = 1;
    spec.inputTokens = input;
    spec.outputTokens = output;
    spec.tpotMs = 1e9;
    spec.ttftMs = 1e12;
    return spec;
}

std::string modelTable(const std::string& entry)
{
    return R"({"format": "fleetplanner-perf-models", "format_version": 1, "models": [)" + entry +
           "]}";
}

} // namespace

class TestExpertParallel : public QObject
{
    Q_OBJECT

private slots:
    // Known expected maxima of n standard normals: 1/√π (n = 2), 3/(2√π) (n = 3),
    // and the tabulated 1.0294 (4) and 1.4236 (8); none for one draw.
    void theExpectedMaximumOfNormalsIsTheTabulatedOne()
    {
        QCOMPARE(expectedMaxOfNormals(1), 0.0);
        QVERIFY(std::abs(expectedMaxOfNormals(2) - 1 / std::sqrt(M_PI)) < 1e-6);
        QVERIFY(std::abs(expectedMaxOfNormals(3) - 1.5 / std::sqrt(M_PI)) < 1e-6);
        QVERIFY(std::abs(expectedMaxOfNormals(4) - 1.029375) < 1e-5);
        QVERIFY(std::abs(expectedMaxOfNormals(8) - 1.423600) < 1e-5);
        QVERIFY(expectedMaxOfNormals(200) > expectedMaxOfNormals(128));
    }

    // The fitted figure holds on the layout it was fitted on; the busiest GPU's excess
    // grows with the GPUs and shrinks with the experts each holds; one GPU has none.
    void theImbalanceFollowsTheExpertLayout()
    {
        const ExpertLayout fitted{8, 128};
        QCOMPARE(expertLoadImbalance(2.5, fitted, fitted), 2.5);
        QCOMPARE(expertLoadImbalance(2.5, fitted, {1, 128}), 1.0);
        QCOMPARE(expertLoadImbalance(1.0, fitted, {4, 128}), 1.0);
        QCOMPARE(expertLoadImbalance(2.5, {}, {4, 256}), 2.5); // no layout: as stated
        const double dep4 = expertLoadImbalance(2.5, fitted, {4, 128});
        const double dep8DeepSeek = expertLoadImbalance(2.5, fitted, {8, 256});
        const double dep4DeepSeek = expertLoadImbalance(2.5, fitted, {4, 256});
        QVERIFY(1.0 < dep4 && dep4 < 2.5);
        QVERIFY(dep4DeepSeek < dep8DeepSeek && dep8DeepSeek < 2.5);
        // 1 + 1.5 · (1.0294 · √(4/128)) ÷ (1.4236 · √(8/128)) = 1.767
        QVERIFY2(std::abs(dep4 - 1.767) < 0.001, std::to_string(dep4).c_str());
        QVERIFY(expertLoadImbalance(2.5, fitted, {16, 128}) > 2.5);
    }
    void theModelTableStatesAttentionAndExperts()
    {
        const ModelShape* v3 = findModel("deepseek-v3");
        const ModelShape* llama = findModel("llama-3.1-70b");
        QVERIFY(v3 && llama);
        QVERIFY(v3->attention == AttentionKind::LatentMla);
        QVERIFY(llama->attention == AttentionKind::GroupedQuery);
        // MLA decode: each of 128 heads reads the 576-value latent and its 512-value part.
        QCOMPARE(v3->decodeAttentionFlopsPerCachedToken(), 2.0 * 128 * (576 + 512));
        QCOMPARE(llama->decodeAttentionFlopsPerCachedToken(), 4.0 * 8192);
        // 671 B total, 37 B active, 8 of 256 experts: one expert is 2.56 B over its 58 layers.
        QVERIFY(std::abs(v3->routedExpertParams() - 634e9 / 248) < 1e3);
        QVERIFY(std::abs(v3->nonExpertParams() - (37e9 - 8 * 634e9 / 248)) < 1e3);
        QCOMPARE(v3->sharedExperts, 1);
        QCOMPARE(v3->moeLayers, 58);
        QCOMPARE(llama->routedExpertParams(), 0.0);
        QCOMPARE(llama->nonExpertParams(), llama->activeParams);
    }

    // Full attention: position t reads the t tokens before it (∫ t dt). A chunked
    // layer reads only its chunk: Llama 4's 36 of 48 layers within 8,192 tokens,
    // so a decode step at 32,768 tokens reads far less than the whole context.
    void chunkedLayersAttendWithinTheirChunk()
    {
        ModelShape m;
        m.layers = 4;
        QCOMPARE(m.attendedTokens(0, 4), 8.0);    // 4²/2
        QCOMPARE(m.attendedTokens(10, 12), 22.0); // (12² − 10²)/2
        m.attentionChunkTokens = 4;
        m.chunkedAttentionLayers = 4;                       // every layer chunked
        QCOMPARE(m.attendedTokens(0, 10), 18.0);            // two chunks of 4²/2 and 2²/2
        QCOMPARE(m.attendedTokens(5, 9), 8.0);              // 1²/2 … 4²/2, then 1²/2
        m.chunkedAttentionLayers = 2;                       // half of the layers
        QCOMPARE(m.attendedTokens(4, 6), (10.0 + 2.0) / 2); // full (6² − 4²)/2, chunked 2²/2
        const ModelShape* maverick = findModel("llama-4-maverick");
        QVERIFY(maverick);
        QCOMPARE(maverick->attentionChunkTokens, 8192);
        QCOMPARE(maverick->chunkedAttentionLayers, 36);
        const double decode = maverick->attendedTokens(1024, 1024 + 32768) / 32768;
        QVERIFY(decode < 0.45 * (1024 + 32768 / 2.0)); // 12 full layers, 36 within chunks
        QVERIFY(!findModel("llama-3.1-70b")->chunkedAttentionLayers);
    }

    void aBrokenAttentionOrExpertEntryNamesTheFieldAndTheRule()
    {
        const std::string base = R"({"id": "x", "name": "X", "total_params": 4e9,
            "active_params": 1e9, "layers": 4, "hidden_size": 512, "source": "s", "as_of": "2025",
            "experts": 8, "experts_per_token": 2, )";
        const auto cases = {
            std::pair<std::string, std::string>{
                base + R"("attention": "mla", "kv_latent_dims": 576, "query_heads": 8,
                          "shared_experts": 0, "moe_layers": 4})",
                "needs kv_latent_dims, kv_lora_rank and query_heads"},
            {base + R"("attention": "gqa", "kv_heads": 2, "head_dim": 64})",
             "needs shared_experts and moe_layers"},
            {base + R"("attention": "sliding", "kv_heads": 2, "head_dim": 64,
                       "shared_experts": 0, "moe_layers": 4})",
             "/models/0/attention"},
            {base + R"("attention": "gqa", "kv_heads": 2, "head_dim": 64,
                       "shared_experts": 0, "moe_layers": 5})",
             "/models/0/moe_layers"},
            {base + R"("attention": "gqa", "kv_heads": 2, "head_dim": 64,
                       "shared_experts": 0, "moe_layers": 4, "attention_chunk_tokens": 64})",
             "needs both attention_chunk_tokens and chunked_attention_layers"},
            {base + R"("attention": "gqa", "kv_heads": 2, "head_dim": 64,
                       "shared_experts": 0, "moe_layers": 4, "attention_chunk_tokens": 64,
                       "chunked_attention_layers": 5})",
             "/models/0/chunked_attention_layers"},
        };
        for (const auto& [entry, expected] : cases) {
            const auto parsed = parseModelTable(modelTable(entry), "test.json");
            QVERIFY2(!parsed.ok(), entry.c_str());
            const std::string text = parsed.error().toString();
            QVERIFY2(text.find(expected) != std::string::npos, text.c_str());
        }
        // Active parameters that leave nothing outside the experts are refused.
        const auto tooFew = parseModelTable(
            modelTable(R"({"id": "x", "name": "X", "total_params": 8e9, "active_params": 2e9,
                "layers": 4, "hidden_size": 512, "source": "s", "as_of": "2025", "experts": 8,
                "experts_per_token": 2, "attention": "gqa", "kv_heads": 2, "head_dim": 64,
                "shared_experts": 0, "moe_layers": 4})"),
            "test.json");
        QVERIFY(!tooFew.ok());
        QVERIFY(tooFew.error().toString().find("must be positive") != std::string::npos);
    }

    void anAllToAllCostsItsRemoteCopiesOverTheLinkTheyCross()
    {
        QCOMPARE(remoteGpusPerToken(8, 1), 0.0);
        QVERIFY(std::abs(remoteGpusPerToken(8, 8) - 7.0 * (1.0 - std::pow(7.0 / 8.0, 8))) < 1e-12);
        ExpertRouting routing;
        routing.expertsPerToken = 8;
        routing.moeLayers = 58;
        routing.hidden = 7168;
        AllToAllLink link;
        link.latencySeconds = 20e-6;
        link.domainBytesPerS = 225e9;
        link.scaleOutBytesPerS = 12.5e9;
        link.scaleOutLatencySeconds = 20e-6;
        link.domainGpus = 8;
        QCOMPARE(allToAllSeconds(100, routing, 1, link), 0.0);
        // Inside one domain: the copies' bytes at the domain's rate, two latencies a layer.
        const double copies = 100 * remoteGpusPerToken(8, 8);
        const double expected = 58 * (copies * 7168 * 3 / 225e9 + 2 * 20e-6);
        QVERIFY(std::abs(allToAllSeconds(100, routing, 8, link) - expected) < 1e-12);
        // Sixteen GPUs over two 8-GPU domains: most copies leave the domain on the slow
        // network; one 72-GPU domain (GB200 NVL72) keeps them on NVLink.
        const double twoDomains = allToAllSeconds(100, routing, 16, link);
        link.domainGpus = 72;
        const double oneDomain = allToAllSeconds(100, routing, 16, link);
        QVERIFY2(twoDomains > 5 * oneDomain,
                 qPrintable(QStringLiteral("%1 s vs %2 s").arg(twoDomains).arg(oneDomain)));
    }

    void mlaDecodeAttentionIsBoundByItsMathAndGqaByItsReads()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const Assumptions assumptions = assumptionsFrom(catalog.engineDefaults);
        const GpuModel* b200 = catalog.gpu("b200-180gb");
        const ModelShape* v3 = findModel("deepseek-v3");
        QVERIFY(b200 && v3);
        ServingContext context;
        context.gpu = b200;
        context.model = v3;
        context.tensorParallel = 8;
        // B200 in FP8 has no calibrated entry under either stack; vLLM's has no host
        // pace either, so the GPU's attention alone sets the step compared here.
        context.stack = "vllm";
        // The same shape with its latent read by one head (as a GQA cache would be read)
        // serves more at long contexts: MLA's 128 heads each read the latent.
        ModelShape oneHead = *v3;
        oneHead.queryHeads = 1;
        ServingContext light = context;
        light.model = &oneHead;
        const InferenceSpec spec = offline(*v3, 1024, 8192);
        auto mla = estimateInferenceReplica(spec, unitOf(*b200, Precision::Fp8), true, assumptions,
                                            context);
        auto cheap =
            estimateInferenceReplica(spec, unitOf(*b200, Precision::Fp8), true, assumptions, light);
        QVERIFY2(mla.ok() && cheap.ok(), mla.ok() ? "" : mla.error().toString().c_str());
        QVERIFY(mla.value().computeBound);
        QVERIFY(mla.value().outputTokensPerSecondPerGpu <
                cheap.value().outputTokensPerSecondPerGpu * 0.9);
        // A GQA model's decode attention is its KV reads: more query heads do not change a
        // decode-only step (no prompts in it).
        const ModelShape* llama = findModel("llama-3.1-70b");
        QVERIFY(llama);
        ModelShape moreHeads = *llama;
        moreHeads.attentionDim *= 2;
        context.model = llama;
        context.tensorParallel = 2;
        context.chunkedPrefill = false;
        light = context;
        light.model = &moreHeads;
        const InferenceSpec llamaSpec = offline(*llama, 1000, 1000);
        auto a = estimateInferenceReplica(llamaSpec, unitOf(*b200, Precision::Fp8), true,
                                          assumptions, context);
        auto b = estimateInferenceReplica(llamaSpec, unitOf(*b200, Precision::Fp8), true,
                                          assumptions, light);
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(a.value().stepMs, b.value().stepMs);
    }

    void expertParallelismHoldsTheNonExpertWeightsOnEveryGpu()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const Assumptions assumptions = assumptionsFrom(catalog.engineDefaults);
        const GpuModel* h200 = catalog.gpu("h200-sxm-141gb");
        const ModelShape* v3 = findModel("deepseek-v3");
        QVERIFY(h200 && v3);
        const ServingEfficiency* trt = findServingEfficiency(*h200, Precision::Fp8, "");
        QVERIFY(trt && trt->moeAttentionDataParallel && trt->expertLoadImbalance >= 1.0);
        ServingContext context;
        context.gpu = h200;
        context.model = v3;
        context.tensorParallel = 8;
        auto e = estimateInferenceReplica(offline(*v3, 1024, 1024), unitOf(*h200, Precision::Fp8),
                                          true, assumptions, context);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().toString().c_str());
        QVERIFY(e.value().efficiencyBasis.find("expert-parallel") != std::string::npos);
        QCOMPARE(e.value().weightBytes, 671e9); // every expert once
        // Held: eight copies of the non-expert weights and the experts once, plus the KV
        // caches, which attention data parallelism does not replicate.
        const double held = 8 * v3->nonExpertParams() + 256 * v3->routedExpertParams();
        QCOMPARE(e.value().kvBytesPerToken, v3->kvBytesPerToken(Precision::Fp8));
        const double kv = e.value().batch * 2048.0 * e.value().kvBytesPerToken;
        QVERIFY(std::abs(e.value().memoryGbPerReplica - (held + kv) / 1e9) < 1e-6);
        QVERIFY(held > 671e9 + 100e9); // DeepSeek's 16.5 B non-expert weights, seven more times
    }
};

FLEET_TEST_MAIN(TestExpertParallel)
#include "test_expert_parallel.moc"
