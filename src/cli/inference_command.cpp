#include "inference_command.h"

#include "cli_support.h"
#include "engine/inference.h"
#include "engine/resource_unit.h"
#include "model/engine_defaults.h"
#include "model/spot.h"
#include "perf/model_table.h"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

namespace fleet::cli {

namespace {
const QString kCommand = QStringLiteral("inference");
}

int runInferenceCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Size an inference service: the largest batch that meets the time-per-output-token target "
        "and fits\n"
        "memory (roofline of weight + KV-cache reads against compute), prefill against the "
        "time-to-first-token\n"
        "target, replicas for the request rate, GPUs, and cost per million output tokens."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("gpu"), QStringLiteral("GPU id."), QStringLiteral("ID")},
        {QStringLiteral("params"),
         QStringLiteral("Parameters N (active parameters for MoE), e.g. 70B; default: --model's."),
         QStringLiteral("N")},
        {QStringLiteral("model"),
         QStringLiteral("A known model (data/perf/models.json: llama-3.1-70b, mixtral-8x7b, "
                        "deepseek-v3, qwen3-235b-a22b, ...): its total and active parameters and "
                        "KV cache shape."),
         QStringLiteral("ID")},
        {QStringLiteral("total-params"),
         QStringLiteral("All parameters of a mixture of experts, for the weights' memory "
                        "(default: --params, or --model's)."),
         QStringLiteral("N")},
        {QStringLiteral("stack"),
         QStringLiteral("Serving stack whose measured efficiency applies (tensorrt-llm, vllm; "
                        "default: the GPU vendor's, data/perf/serving.json)."),
         QStringLiteral("NAME")},
        {QStringLiteral("precision"), QStringLiteral("bf16 or fp8 (weights and KV cache)."),
         QStringLiteral("P")},
        {QStringLiteral("rps"), QStringLiteral("Requests per second."), QStringLiteral("R")},
        {QStringLiteral("input-tokens"), QStringLiteral("Prompt tokens per request."),
         QStringLiteral("I")},
        {QStringLiteral("output-tokens"), QStringLiteral("Output tokens per request."),
         QStringLiteral("O")},
        {QStringLiteral("tpot-ms"), QStringLiteral("Time-per-output-token target (default 50)."),
         QStringLiteral("T")},
        {QStringLiteral("ttft-ms"), QStringLiteral("Time-to-first-token target (default 2000)."),
         QStringLiteral("F")},
        {QStringLiteral("kv-bytes-per-token"),
         QStringLiteral("KV-cache bytes per token (default: estimated from N)."),
         QStringLiteral("B")},
        {QStringLiteral("regime"),
         QStringLiteral(
             "bare_metal (default), vm_passthrough, partition, time_sliced, fractional, mps."),
         QStringLiteral("R")},
        {QStringLiteral("profile"),
         QStringLiteral("Partition profile (3g.40gb, CPX-NPS4) or share (1/4); default: the "
                        "cheapest that fits."),
         QStringLiteral("P")},
        {QStringLiteral("plan"),
         QStringLiteral("on_demand (default), reserved_1y, reserved_3y, spot, owned."),
         QStringLiteral("PLAN")},
        {QStringLiteral("price-book"), QStringLiteral("Price book id (default: the first)."),
         QStringLiteral("ID")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
    });
    const QCommandLineOption catalogOption = addCatalogOption(parser);
    int parseExit = Ok;
    if (!parseOrExit(parser, args, 0, &parseExit))
        return parseExit;
    InferenceSpec spec;
    double kvBytes = 0, totalParams = 0;
    const ModelShape* model = nullptr;
    if (parser.isSet(QStringLiteral("model"))) {
        model = findModel(parser.value(QStringLiteral("model")).toStdString());
        if (!model) {
            printErr(QStringLiteral("fleetplanner-cli inference: --model '%1' is not a known "
                                    "model; known: %2\n")
                         .arg(parser.value(QStringLiteral("model")),
                              QString::fromStdString(knownModelIds())));
            return UserError;
        }
        spec.params = model->activeParams;
    }
    if (!numberOption(parser, kCommand, QStringLiteral("params"), 0, 1e14, false, !model,
                      &spec.params) ||
        !numberOption(parser, kCommand, QStringLiteral("total-params"), 0, 1e14, false, false,
                      &totalParams) ||
        !numberOption(parser, kCommand, QStringLiteral("rps"), 0, 1e7, false, true,
                      &spec.requestsPerSecond) ||
        !numberOption(parser, kCommand, QStringLiteral("input-tokens"), 0, 1e7, true, true,
                      &spec.inputTokens) ||
        !numberOption(parser, kCommand, QStringLiteral("output-tokens"), 0, 1e6, false, true,
                      &spec.outputTokens) ||
        !numberOption(parser, kCommand, QStringLiteral("tpot-ms"), 0, 1e4, false, false,
                      &spec.tpotMs) ||
        !numberOption(parser, kCommand, QStringLiteral("ttft-ms"), 0, 6e5, false, false,
                      &spec.ttftMs) ||
        !numberOption(parser, kCommand, QStringLiteral("kv-bytes-per-token"), 0, 1e8, false, false,
                      &kvBytes))
        return UserError;
    if (kvBytes > 0)
        spec.kvBytesPerToken = kvBytes;
    if (totalParams > 0 && totalParams < spec.params) {
        printErr(QStringLiteral(
            "fleetplanner-cli inference: --total-params must be ≥ --params (active)\n"));
        return UserError;
    }
    const auto precision =
        precisionFromKey(parser.value(QStringLiteral("precision")).toStdString());
    if (!precision) {
        printErr(QStringLiteral(
                     "fleetplanner-cli inference: --precision must be bf16 or fp8; got '%1'\n")
                     .arg(parser.value(QStringLiteral("precision"))));
        return UserError;
    }
    spec.precision = *precision;

    int exitCode = Ok;
    const auto catalog = loadCatalogOrReport(parser.values(catalogOption), &exitCode);
    if (!catalog)
        return exitCode;
    const auto context =
        resolvePricingContext(parser, kCommand, *catalog,
                              std::vector<RegimeKind>(kAllRegimes.begin(), kAllRegimes.end()));
    if (!context)
        return UserError;
    const Assumptions assumptions = assumptionsFrom(catalog->engineDefaults);
    const auto units = resourceUnits(*context->gpu, context->regime, spec.precision, 1.0);
    if (units.empty()) {
        printErr(densePeakFlopsPerS(*context->gpu, spec.precision) <= 0
                     ? QStringLiteral("fleetplanner-cli inference: %1 has no FP8 tensor cores; use "
                                      "--precision bf16\n")
                           .arg(QString::fromStdString(context->gpu->id))
                     : QStringLiteral("fleetplanner-cli inference: %1 cannot be partitioned; "
                                      "choose another --regime\n")
                           .arg(QString::fromStdString(context->gpu->id)));
        return UserError;
    }
    const QString profile = parser.value(QStringLiteral("profile"));
    std::optional<InferenceEstimate> best;
    const ResourceUnit* bestUnit = nullptr;
    QStringList reasons, profiles;
    for (const ResourceUnit& unit : units) {
        profiles << QString::fromStdString(unit.profile);
        if (!profile.isEmpty() && QString::fromStdString(unit.profile) != profile)
            continue;
        ServingContext serving;
        serving.gpu = context->gpu;
        serving.stack = parser.value(QStringLiteral("stack")).toStdString();
        serving.model = model && model->activeParams == spec.params ? model : nullptr;
        serving.totalParams = totalParams;
        if (model && !serving.model) // --params overrides the model's size: keep its MoE total
            serving.totalParams = std::max(totalParams, model->totalParams);
        auto estimate =
            estimateInferenceReplica(spec, unit, context->regime.multiGpu, assumptions, serving);
        if (!estimate) {
            reasons << (unit.profile.empty()
                            ? QString()
                            : QString::fromStdString(unit.profile) + QStringLiteral(": ")) +
                           QString::fromStdString(estimate.error().toString());
            continue;
        }
        if (!best ||
            estimate.value().outputTokensPerSecondPerGpu > best->outputTokensPerSecondPerGpu) {
            best = estimate.value();
            bestUnit = &unit;
        }
    }
    if (!profile.isEmpty() && !profiles.contains(profile)) {
        printErr(QStringLiteral("fleetplanner-cli inference: --profile '%1' is not offered by %2 "
                                "on %3; offered: %4\n")
                     .arg(profile, QString::fromUtf8(regimeKey(context->regime.kind).data()),
                          QString::fromStdString(context->gpu->id),
                          profiles.join(QStringLiteral(", "))));
        return UserError;
    }
    if (!best) {
        printErr(QStringLiteral(
                     "fleetplanner-cli inference: the service cannot run on %1 under %2:\n  %3\n")
                     .arg(QString::fromStdString(context->gpu->id),
                          QString::fromUtf8(regimeKey(context->regime.kind).data()),
                          reasons.join(QStringLiteral("\n  "))));
        return UserError;
    }
    const InferenceEstimate& e = *best;
    const double replicas = replicasFor(spec.requestsPerSecond, e);
    const double gpus = gpusHeldForUnits(*bestUnit, replicas * e.tensorParallel,
                                         assumptions.sharedPackingEfficiency);
    double usdPerGpuHour = context->usdPerGpuHour;
    if (context->plan == Plan::Spot) {
        // An interrupted replica (its tensor-parallel GPUs) is reloaded.
        const double lost =
            spotLostWorkFraction(assumptions, e.tensorParallel, assumptions.restartMin / 60.0);
        const auto effective = spotEffectiveUsdPerGpuHour(usdPerGpuHour, lost);
        if (!effective) {
            printErr(QStringLiteral("fleetplanner-cli inference: on spot a replica would lose %1 "
                                    "% of its time to reloads after interruptions (spot is "
                                    "refused from %2 %)\n")
                         .arg(lost * 100, 0, 'f', 0)
                         .arg(kSpotMaxLostWorkFraction * 100, 0, 'f', 0));
            return UserError;
        }
        usdPerGpuHour = *effective;
    }
    const double costPerHour = gpus * usdPerGpuHour;
    const double tokensPerHour = spec.requestsPerSecond * spec.outputTokens * 3600.0;
    const double costPerMillion = costPerHour / tokensPerHour * 1e6;
    boost::json::object out{
        {"gpu", context->gpu->id},
        {"regime", std::string(regimeKey(context->regime.kind))},
        {"profile", bestUnit->profile},
        {"plan", std::string(planKey(context->plan))},
        {"price_book", context->book->id},
        {"tensor_parallel", e.tensorParallel},
        {"batch", e.batch},
        {"step_ms", e.stepMs},
        {"compute_bound", e.computeBound},
        {"prefill_ms", e.prefillMs},
        {"kv_bytes_per_token", e.kvBytesPerToken},
        {"weights_gb", e.weightBytes / 1e9},
        {"prefill_share_of_step", e.prefillShare},
        {"efficiency_basis", e.efficiencyBasis},
        {"memory_gb_per_replica", e.memoryGbPerReplica},
        {"decode_tokens_per_second_per_replica", e.decodeTokensPerSecond},
        {"requests_per_second_per_replica", e.requestsPerSecondPerReplica},
        {"tokens_per_second_per_gpu", e.outputTokensPerSecondPerGpu},
        {"replicas", replicas},
        {"gpus", gpus},
        {"usd_per_gpu_hour", usdPerGpuHour},
        {"cost_usd_per_hour", costPerHour},
        {"cost_per_million_output_tokens_usd", costPerMillion},
    };
    if (parser.isSet(QStringLiteral("json"))) {
        printJson(out);
        return Ok;
    }
    const QString where =
        QString::fromStdString(context->gpu->id) + QLatin1Char(' ') +
        QString::fromUtf8(regimeKey(context->regime.kind).data()) +
        (bestUnit->profile.empty() ? QString()
                                   : QLatin1Char(' ') + QString::fromStdString(bestUnit->profile));
    printOut(
        QStringLiteral("Serving %1 parameters (%2) at %3 requests/s on %4\n")
            .arg(formatQuantity(spec.params),
                 QString::fromUtf8(precisionKey(spec.precision).data()))
            .arg(spec.requestsPerSecond)
            .arg(where) +
        QStringLiteral(
            "  replica                 %1 GPU(s) or units, batch %2, %3 ms per token (%4-bound)\n")
            .arg(e.tensorParallel)
            .arg(e.batch)
            .arg(e.stepMs, 0, 'f', 1)
            .arg(e.computeBound ? QStringLiteral("compute") : QStringLiteral("bandwidth")) +
        QStringLiteral("  prefill                 %1 ms per request alone; %2 % of each step "
                       "(chunked with decoding)\n")
            .arg(e.prefillMs, 0, 'f', 1)
            .arg(e.prefillShare * 100, 0, 'f', 0) +
        QStringLiteral("  efficiency              %1\n")
            .arg(QString::fromStdString(e.efficiencyBasis)) +
        QStringLiteral("  per replica             %1 requests/s\n")
            .arg(e.requestsPerSecondPerReplica, 0, 'f', 2) +
        QStringLiteral("  output tokens/s per GPU %1\n")
            .arg(e.outputTokensPerSecondPerGpu, 0, 'f', 0) +
        QStringLiteral("  replicas, GPUs          %1, %2\n").arg(replicas).arg(gpus, 0, 'f', 2) +
        QStringLiteral("  cost                    $%1 per hour; $%2 per million output tokens\n")
            .arg(costPerHour, 0, 'f', 2)
            .arg(costPerMillion, 0, 'f', 3));
    return Ok;
}

} // namespace fleet::cli
