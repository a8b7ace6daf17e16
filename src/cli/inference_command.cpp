#include "inference_command.h"

#include "cli_support.h"
#include "disaggregated_output.h"
#include "engine/disaggregated.h"
#include "engine/inference.h"
#include "engine/resource_unit.h"
#include "model/engine_defaults.h"
#include "model/spot.h"
#include "perf/model_table.h"
#include "views/number_format.h"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

namespace fleet::cli {

namespace {
const QString kInferenceCommand = QStringLiteral("inference");
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
        {QStringLiteral("precision"),
         QStringLiteral("bf16, fp8 or fp4 (weights; an fp4 model keeps an FP8 KV cache)."),
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
         // The registered regimes, bare metal the default.
         QString::fromStdString(knownRegimeKeys() + ".")
             .replace(QStringLiteral("bare_metal,"), QStringLiteral("bare_metal (default),")),
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
        {QStringLiteral("serving"),
         QStringLiteral("colocated (every replica prefills and decodes, chunked prefill), "
                        "disaggregated (a prefill pool and a decode pool, the KV cache sent "
                        "between them) or best (whichever needs fewer GPUs); default: the "
                        "engine's inference_disaggregated."),
         QStringLiteral("MODE")},
        {QStringLiteral("ttft-quantile"),
         QStringLiteral("Size for this quantile of time to first token, queueing included "
                        "(e.g. 0.99; default: the engine's ttft_target_quantile, 0 = throughput "
                        "only)."),
         QStringLiteral("Q")},
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
    if (!numberOption(parser, kInferenceCommand, QStringLiteral("params"), 0, 1e14, false, !model,
                      &spec.params) ||
        !numberOption(parser, kInferenceCommand, QStringLiteral("total-params"), 0, 1e14, false,
                      false, &totalParams) ||
        !numberOption(parser, kInferenceCommand, QStringLiteral("rps"), 0, 1e7, false, true,
                      &spec.requestsPerSecond) ||
        !numberOption(parser, kInferenceCommand, QStringLiteral("input-tokens"), 0, 1e7, true, true,
                      &spec.inputTokens) ||
        !numberOption(parser, kInferenceCommand, QStringLiteral("output-tokens"), 0, 1e6, false,
                      true, &spec.outputTokens) ||
        !numberOption(parser, kInferenceCommand, QStringLiteral("tpot-ms"), 0, 1e4, false, false,
                      &spec.tpotMs) ||
        !numberOption(parser, kInferenceCommand, QStringLiteral("ttft-ms"), 0, 6e5, false, false,
                      &spec.ttftMs) ||
        !numberOption(parser, kInferenceCommand, QStringLiteral("kv-bytes-per-token"), 0, 1e8,
                      false, false, &kvBytes))
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
                     "fleetplanner-cli inference: --precision must be bf16, fp8 or fp4; got '%1'\n")
                     .arg(parser.value(QStringLiteral("precision"))));
        return UserError;
    }
    spec.precision = *precision;

    int exitCode = Ok;
    const auto catalog = loadCatalogOrReport(parser.values(catalogOption), &exitCode);
    if (!catalog)
        return exitCode;
    const auto context =
        resolvePricingContext(parser, kInferenceCommand, *catalog,
                              std::vector<RegimeKind>(allRegimes().begin(), allRegimes().end()));
    if (!context)
        return UserError;
    const Assumptions assumptions = assumptionsFrom(catalog->engineDefaults);
    const auto units = resourceUnits(
        *context->gpu, regimeFor(context->regime, WorkloadKind::Inference), spec.precision, 1.0);
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
    const QString servingKey =
        parser.isSet(QStringLiteral("serving"))
            ? parser.value(QStringLiteral("serving"))
            : (assumptions.inferenceDisaggregated > 0 ? QStringLiteral("disaggregated")
                                                      : QStringLiteral("colocated"));
    const auto mode = servingModeFromKey(servingKey);
    if (!mode) {
        printErr(QStringLiteral("fleetplanner-cli inference: --serving must be colocated, "
                                "disaggregated or best; got '%1'\n")
                     .arg(servingKey));
        return UserError;
    }
    double quantile = assumptions.ttftTargetQuantile;
    if (!numberOption(parser, kInferenceCommand, QStringLiteral("ttft-quantile"), 0, 0.9999, true,
                      false, &quantile))
        return UserError;
    const QString profile = parser.value(QStringLiteral("profile"));
    std::optional<InferenceEstimate> best;
    const ResourceUnit* bestUnit = nullptr;
    std::optional<DisaggregatedServing> split;
    const ResourceUnit* splitUnit = nullptr;
    double splitGpus = 0;
    QStringList reasons, splitReasons, profiles;
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
        const QString where = unit.profile.empty()
                                  ? QString()
                                  : QString::fromStdString(unit.profile) + QStringLiteral(": ");
        // The disaggregated pools on this unit: the fewest GPUs of any unit.
        auto pools = estimateDisaggregatedServing(spec, unit, context->regime.multiGpu, assumptions,
                                                  serving);
        if (!pools) {
            splitReasons << where + QString::fromStdString(pools.error().toString());
        } else {
            const double gpus =
                disaggregatedPools(pools.value(), spec, spec.requestsPerSecond, quantile).gpus();
            if (!split || gpus < splitGpus) {
                split = pools.value();
                splitUnit = &unit;
                splitGpus = gpus;
            }
        }
        auto estimate =
            estimateInferenceReplica(spec, unit, context->regime.multiGpu, assumptions, serving);
        if (!estimate) {
            reasons << where + QString::fromStdString(estimate.error().toString());
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
    const QString gpuAndRegime = QString::fromStdString(context->gpu->id) +
                                 QStringLiteral(" under ") +
                                 QString::fromUtf8(regimeKey(context->regime.kind).data());
    double colocatedGpus = 0, replicas = 0;
    if (best) {
        replicas = colocatedReplicas(*best, spec, spec.requestsPerSecond, quantile);
        colocatedGpus = gpusHeldForUnits(*bestUnit, replicas * best->tensorParallel,
                                         assumptions.sharedPackingEfficiency);
    }
    DisaggregatedPools pools;
    if (split)
        pools = disaggregatedPools(*split, spec, spec.requestsPerSecond, quantile);
    const double disaggregatedGpus =
        split ? gpusHeldForUnits(*splitUnit, pools.prefillUnits + pools.decodeUnits,
                                 assumptions.sharedPackingEfficiency)
              : 0.0;
    // best: the fewer GPUs; colocated on a tie (one pool to run, not two).
    const bool useSplit =
        *mode == ServingMode::Disaggregated ||
        (*mode == ServingMode::Best && split && (!best || disaggregatedGpus < colocatedGpus));
    if (useSplit ? !split : !best) {
        const QStringList& why = useSplit                     ? splitReasons
                                 : *mode == ServingMode::Best ? reasons + splitReasons
                                                              : reasons;
        printErr(
            QStringLiteral("fleetplanner-cli inference: the service cannot run %1 on %2:\n  %3\n")
                .arg(useSplit ? QStringLiteral("disaggregated") : QStringLiteral("colocated"),
                     gpuAndRegime, why.join(QStringLiteral("\n  "))));
        return UserError;
    }
    const double gpus = useSplit ? disaggregatedGpus : colocatedGpus;
    const int largestTensorParallel =
        useSplit ? std::max(split->prefill.tensorParallel, split->decode.tensorParallel)
                 : best->tensorParallel;
    double usdPerGpuHour = context->usdPerGpuHour;
    if (context->plan == Plan::Spot) {
        // An interrupted replica (its tensor-parallel GPUs) is reloaded.
        const double lost =
            spotLostWorkFraction(assumptions, context->book, context->gpu->id,
                                 largestTensorParallel, assumptions.restartMin / 60.0);
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
    const ResourceUnit& unit = useSplit ? *splitUnit : *bestUnit;
    boost::json::object out{
        {"gpu", context->gpu->id},         {"regime", std::string(regimeKey(context->regime.kind))},
        {"profile", unit.profile},         {"plan", std::string(planKey(context->plan))},
        {"price_book", context->book->id}, {"serving", useSplit ? "disaggregated" : "colocated"},
    };
    if (!useSplit) {
        const InferenceEstimate& e = *best;
        for (const auto& field :
             boost::json::object{{"tensor_parallel", e.tensorParallel},
                                 {"batch", e.batch},
                                 {"step_ms", e.stepMs},
                                 {"compute_bound", e.computeBound},
                                 {"host_bound", e.hostBound},
                                 {"prefill_ms", e.prefillMs},
                                 {"kv_bytes_per_token", e.kvBytesPerToken},
                                 {"weights_gb", e.weightBytes / 1e9},
                                 {"prefill_share_of_step", e.prefillShare},
                                 {"efficiency_basis", e.efficiencyBasis},
                                 {"memory_gb_per_replica", e.memoryGbPerReplica},
                                 {"decode_tokens_per_second_per_replica", e.decodeTokensPerSecond},
                                 {"requests_per_second_per_replica", e.requestsPerSecondPerReplica},
                                 {"tokens_per_second_per_gpu", e.outputTokensPerSecondPerGpu},
                                 {"replicas", replicas}})
            out[field.key()] = field.value();
    } else {
        out["disaggregated"] = disaggregatedJson(*split, pools);
        out["tokens_per_second_per_gpu"] =
            spec.requestsPerSecond * spec.outputTokens / disaggregatedGpus;
    }
    out["gpus"] = gpus;
    out["usd_per_gpu_hour"] = usdPerGpuHour;
    out["cost_usd_per_hour"] = costPerHour;
    out["cost_per_million_output_tokens_usd"] = costPerMillion;
    out["comparison"] = servingComparisonJson(best ? &colocatedGpus : nullptr,
                                              split ? &disaggregatedGpus : nullptr);
    if (parser.isSet(QStringLiteral("json"))) {
        printJson(out);
        return Ok;
    }
    const QString where =
        QString::fromStdString(context->gpu->id) + QLatin1Char(' ') +
        QString::fromUtf8(regimeKey(context->regime.kind).data()) +
        (unit.profile.empty() ? QString()
                              : QLatin1Char(' ') + QString::fromStdString(unit.profile));
    QString text = QStringLiteral("Serving %1 parameters (%2) at %3 requests/s on %4%5\n")
                       .arg(formatQuantity(spec.params),
                            QString::fromUtf8(precisionKey(spec.precision).data()))
                       .arg(spec.requestsPerSecond)
                       .arg(where, useSplit ? QStringLiteral(", disaggregated") : QString());
    if (!useSplit) {
        const InferenceEstimate& e = *best;
        text +=
            QStringLiteral("  replica                 %1 GPU(s) or units, batch %2, %3 ms per "
                           "token (%4-bound)\n")
                .arg(e.tensorParallel)
                .arg(e.batch)
                .arg(e.stepMs, 0, 'f', 1)
                .arg(e.hostBound      ? QStringLiteral("host")
                     : e.computeBound ? QStringLiteral("compute")
                                      : QStringLiteral("bandwidth")) +
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
            QStringLiteral("  replicas, GPUs          %1, %2\n").arg(replicas).arg(gpus, 0, 'f', 2);
    } else {
        text +=
            disaggregatedText(*split, pools, spec) +
            QStringLiteral("  output tokens/s per GPU %1\n")
                .arg(spec.requestsPerSecond * spec.outputTokens / disaggregatedGpus, 0, 'f', 0) +
            QStringLiteral("  GPUs                    %1\n").arg(gpus, 0, 'f', 2);
    }
    text +=
        QStringLiteral("  cost                    %1 per hour; %2 per million output tokens\n")
            .arg(gui::formatUsd(costPerHour, gui::Sign::Negative, QLocale(QLocale::English)),
                 gui::formatUsd(costPerMillion, gui::Sign::Negative, QLocale(QLocale::English))) +
        servingComparisonText(best ? &colocatedGpus : nullptr, split ? &disaggregatedGpus : nullptr,
                              useSplit ? reasons : splitReasons);
    printOut(text);
    return Ok;
}

} // namespace fleet::cli
