// Metamorphic relations of the mixture-of-experts serving model (issue 31,
// item 3), over generated model shapes on calibrated and uncalibrated GPUs:
// each new model input moves the figures the way its meaning says. Each
// relation is a function with one line saying why it must hold; a broken one
// names the case's seed (FLEET_INVARIANT_SEED=S checks that seed alone).

#include "engine/expert_parallel.h"
#include "engine/inference.h"
#include "engine/resource_unit.h"
#include "model/engine_defaults.h"
#include "perf/model_table.h"
#include "perf/serving_table.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cstdlib>
#include <functional>
#include <random>
#include <string>

using namespace fleet;

namespace {

/// One generated case: a mixture of experts, its GPU, degree and workload.
struct MoeCase
{
    ModelShape model;
    std::string gpu;
    int degree = 8;
    InferenceSpec spec;
};

MoeCase generate(unsigned seed)
{
    std::mt19937 rng(seed);
    const auto pick = [&](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    MoeCase c;
    ModelShape& m = c.model;
    m.id = "generated";
    m.layers = pick(8, 64);
    m.hiddenSize = 512.0 * pick(2, 14);
    m.attentionDim = m.hiddenSize;
    m.experts = 1 << pick(3, 8);
    m.expertsPerToken = pick(1, std::min(8, m.experts - 1));
    m.moeLayers = pick(1, m.layers);
    m.sharedExperts = pick(0, 1);
    const double expert = 1e8 * pick(1, 40);
    const double nonExpert = 1e9 * pick(1, 20);
    m.activeParams = nonExpert + m.expertsPerToken * expert;
    m.totalParams = nonExpert + m.experts * expert;
    if (pick(0, 1)) {
        m.attention = AttentionKind::LatentMla;
        m.kvLatentDims = 576;
        m.kvLoraRank = 512;
        m.queryHeads = 16 * pick(1, 8);
    } else {
        m.kvHeads = 1 << pick(0, 3);
        m.headDim = 128;
        m.queryHeads = static_cast<int>(m.hiddenSize / 128);
    }
    static const char* gpus[] = {"h100-sxm-80gb", "h200-sxm-141gb", "b200-180gb", "mi300x-192gb"};
    c.gpu = gpus[pick(0, 3)];
    c.degree = 1 << pick(0, 3);
    InferenceSpec& s = c.spec;
    s.params = m.activeParams;
    s.precision = Precision::Fp8;
    s.requestsPerSecond = 1;
    s.inputTokens = 128.0 * pick(1, 40);
    s.outputTokens = 128.0 * pick(1, 16);
    s.tpotMs = pick(0, 1) ? 1e9 : 20.0 * pick(1, 10);
    s.ttftMs = 1e12;
    return c;
}

/// Output tokens/s per GPU of `model` on the case's GPU and degree, 0 when it
/// cannot be served.
double throughput(const MoeCase& c, const ModelShape& model, const Catalog& catalog)
{
    const GpuModel* gpu = catalog.gpu(c.gpu);
    ResourceUnit unit;
    unit.computeFlopsPerS = densePeakFlopsPerS(*gpu, c.spec.precision);
    unit.bandwidthBytesPerS = gpu->memoryBandwidthGbPerS.value * 1e9;
    unit.memoryBytes = gpu->memoryGb.value * 1e9;
    ServingContext context;
    context.gpu = gpu;
    context.model = &model;
    context.tensorParallel = c.degree;
    InferenceSpec spec = c.spec;
    spec.params = model.activeParams;
    const auto e = estimateInferenceReplica(spec, unit, true,
                                            assumptionsFrom(catalog.engineDefaults), context);
    return e ? e.value().outputTokensPerSecondPerGpu : 0.0;
}

/// `changed` of the case's model serves no more than the model did (or, with
/// `atLeast`, no less): a relation's test.
bool neverMore(const MoeCase& c, const ModelShape& changed, const Catalog& catalog,
               std::string& figures)
{
    const double before = throughput(c, c.model, catalog);
    const double after = throughput(c, changed, catalog);
    figures = std::to_string(before) + " → " + std::to_string(after) + " tokens/s per GPU on " +
              std::to_string(c.degree) + "× " + c.gpu;
    return after <= before * (1 + 1e-9);
}

} // namespace

class TestInvariantsMoe : public QObject
{
    Q_OBJECT

    const Catalog m_catalog = loadBuiltinCatalog().value();

    void forEachCase(const char* relation,
                     const std::function<bool(const MoeCase&, std::string&)>& holds)
    {
        const char* only = std::getenv("FLEET_INVARIANT_SEED");
        const unsigned first = only ? unsigned(std::strtoul(only, nullptr, 10)) : 1;
        const unsigned last = only ? first : 300;
        int served = 0;
        for (unsigned seed = first; seed <= last; ++seed) {
            const MoeCase c = generate(seed);
            served += throughput(c, c.model, m_catalog) > 0;
            std::string figures;
            QVERIFY2(holds(c, figures), qPrintable(QStringLiteral("%1 broken at seed %2: %3")
                                                       .arg(relation)
                                                       .arg(seed)
                                                       .arg(QString::fromStdString(figures))));
        }
        QVERIFY2(only || served > 50,
                 qPrintable(QStringLiteral("only %1 cases served").arg(served)));
    }

private slots:
    // One more routed expert per token is more work per token: never more throughput.
    void moreActiveExpertsNeverRaiseThroughput()
    {
        forEachCase("moreActiveExpertsNeverRaiseThroughput", [&](const MoeCase& c, std::string& f) {
            if (c.model.expertsPerToken + 1 >= c.model.experts)
                return true;
            ModelShape more = c.model;
            more.activeParams += more.routedExpertParams();
            more.expertsPerToken += 1;
            return neverMore(c, more, m_catalog, f);
        });
    }

    // More routing layers send more all-to-alls: never more throughput.
    void moreMoeLayersNeverRaiseThroughput()
    {
        forEachCase("moreMoeLayersNeverRaiseThroughput", [&](const MoeCase& c, std::string& f) {
            ModelShape more = c.model;
            more.moeLayers = more.layers;
            return neverMore(c, more, m_catalog, f);
        });
    }

    // More query heads reading an MLA latent is more decode math: never more throughput.
    void moreMlaHeadsNeverRaiseThroughput()
    {
        forEachCase("moreMlaHeadsNeverRaiseThroughput", [&](const MoeCase& c, std::string& f) {
            if (c.model.attention != AttentionKind::LatentMla)
                return true;
            ModelShape more = c.model;
            more.queryHeads *= 2;
            return neverMore(c, more, m_catalog, f);
        });
    }

    // A chunked layer reads and computes over its chunk, never more than the whole
    // context, and the cache is held as before: chunking never lowers throughput.
    void chunkedAttentionNeverLowersThroughput()
    {
        forEachCase("chunkedAttentionNeverLowersThroughput", [&](const MoeCase& c, std::string& f) {
            ModelShape chunked = c.model;
            chunked.attentionChunkTokens = 64 << (c.model.layers % 6);
            chunked.chunkedAttentionLayers = 1 + c.model.layers * 3 / 4;
            if (chunked.chunkedAttentionLayers > chunked.layers)
                chunked.chunkedAttentionLayers = chunked.layers;
            const double before = throughput(c, c.model, m_catalog);
            const double after = throughput(c, chunked, m_catalog);
            f = std::to_string(before) + " → " + std::to_string(after) + " tokens/s per GPU with " +
                std::to_string(chunked.chunkedAttentionLayers) + " layers chunked at " +
                std::to_string(chunked.attentionChunkTokens) + " tokens";
            return after >= before * (1 - 1e-9);
        });
    }

    // A stack books every sequence on the host each step, one scheduler per GPU at
    // most, whatever the GPU's speed: no GPU generates more tokens a second than
    // its stack's host can book.
    void noGpuOutpacesItsStacksHost()
    {
        int atThePace = 0;
        forEachCase("noGpuOutpacesItsStacksHost", [&](const MoeCase& c, std::string& f) {
            const StackHost* host = findStackHost(*m_catalog.gpu(c.gpu), "");
            const double perGpu = throughput(c, c.model, m_catalog);
            const double pace = host ? 1.0 / host->secondsPerSequenceStep : 0.0;
            f = std::to_string(perGpu) + " tokens/s per GPU on " + std::to_string(c.degree) + "× " +
                c.gpu + ", host pace " + std::to_string(pace);
            atThePace += host && perGpu >= pace * 0.999;
            return !host || perGpu <= pace * (1 + 1e-9);
        });
        const bool one = std::getenv("FLEET_INVARIANT_SEED");
        QVERIFY2(one || atThePace > 0, "no generated case reached its stack's host pace");
    }

    // The busiest GPU holds fewer experts when the same experts are spread over more
    // GPUs, and there are more GPUs to be the busiest: its excess never falls; more
    // experts over the same GPUs average out: it never rises.
    void theBusiestGpusShareFollowsTheLayout()
    {
        forEachCase("theBusiestGpusShareFollowsTheLayout", [&](const MoeCase& c, std::string& f) {
            const ExpertLayout fitted{8, 128};
            const double fittedFigure = 1.0 + 0.1 * (c.model.layers % 30);
            const ExpertLayout layout{c.degree, c.model.experts};
            const double here = expertLoadImbalance(fittedFigure, fitted, layout);
            const double wider =
                expertLoadImbalance(fittedFigure, fitted, {2 * c.degree, c.model.experts});
            const double moreExperts =
                expertLoadImbalance(fittedFigure, fitted, {c.degree, 2 * c.model.experts});
            f = std::to_string(here) + " on " + std::to_string(c.degree) + " GPUs, " +
                std::to_string(wider) + " on twice the GPUs, " + std::to_string(moreExperts) +
                " with twice the experts";
            return here >= 1.0 && wider >= here && moreExperts <= here;
        });
    }

    // A wider NVLink domain keeps more copies off the slower network; more tokens
    // send more bytes: the all-to-all never gets faster for either.
    void theAllToAllFollowsItsDomainAndItsTokens()
    {
        forEachCase(
            "theAllToAllFollowsItsDomainAndItsTokens", [&](const MoeCase& c, std::string& f) {
                ExpertRouting routing;
                routing.expertsPerToken = c.model.expertsPerToken;
                routing.moeLayers = c.model.moeLayers;
                routing.hidden = c.model.hiddenSize;
                AllToAllLink link;
                link.latencySeconds = 20e-6;
                link.domainBytesPerS = 225e9;
                link.scaleOutBytesPerS = 12.5e9;
                link.scaleOutLatencySeconds = 20e-6;
                const int gpus = 4 * c.degree; // 4 to 32 GPUs
                link.domainGpus = 8;
                const double narrow = allToAllSeconds(c.spec.inputTokens, routing, gpus, link);
                link.domainGpus = 72;
                const double wide = allToAllSeconds(c.spec.inputTokens, routing, gpus, link);
                const double more = allToAllSeconds(2 * c.spec.inputTokens, routing, gpus, link);
                f = std::to_string(narrow) + " s in 8-GPU domains, " + std::to_string(wide) +
                    " s in one, " + std::to_string(more) + " s at twice the tokens";
                return wide <= narrow * (1 + 1e-12) && more >= wide;
            });
    }
};

FLEET_TEST_MAIN(TestInvariantsMoe)
#include "test_invariants_moe.moc"
