#include "disaggregated_output.h"

namespace fleet::cli {

namespace {

const char* fewer(const double* colocatedGpus, const double* disaggregatedGpus)
{
    if (!colocatedGpus)
        return "disaggregated";
    if (!disaggregatedGpus)
        return "colocated";
    return *disaggregatedGpus < *colocatedGpus   ? "disaggregated"
           : *colocatedGpus < *disaggregatedGpus ? "colocated"
                                                 : "equal";
}

} // namespace

std::optional<ServingMode> servingModeFromKey(const QString& key)
{
    if (key == QLatin1String("colocated"))
        return ServingMode::Colocated;
    if (key == QLatin1String("disaggregated"))
        return ServingMode::Disaggregated;
    if (key == QLatin1String("best"))
        return ServingMode::Best;
    return std::nullopt;
}

boost::json::object disaggregatedJson(const DisaggregatedServing& s, const DisaggregatedPools& p)
{
    return {
        {"prefill_tensor_parallel", s.prefill.tensorParallel},
        {"prefill_ms", s.prefill.prefillMs},
        {"prefill_instances", p.prefillInstances},
        {"prefill_gpus", p.prefillGpus},
        {"prefill_utilization", p.prefillUtilization},
        {"kv_transfer_bytes", s.kvTransferBytes},
        {"kv_transfer_ms", s.kvTransferMs},
        {"decode_tensor_parallel", s.decode.tensorParallel},
        {"decode_batch", s.decode.batch},
        {"decode_step_ms", s.decode.stepMs},
        {"decode_replicas", p.decodeReplicas},
        {"decode_gpus", p.decodeGpus},
        {"decode_utilization", p.decodeUtilization},
        {"decode_tokens_per_second_per_gpu", s.decode.outputTokensPerSecondPerGpu},
        {"ttft_mean_ms", p.ttft.meanTtftMs},
        {"ttft_p99_ms", p.ttft.p99TtftMs},
        {"ttft_target_missed", p.ttftTargetMissed},
        {"decode_slot_wait_p99_ms", p.decodeSlots.p99WaitMs},
        {"tpot_target_missed", p.tpotTargetMissed},
        {"efficiency_basis", s.decode.efficiencyBasis},
    };
}

QString disaggregatedText(const DisaggregatedServing& s, const DisaggregatedPools& p,
                          const InferenceSpec& spec)
{
    return QStringLiteral("  prefill pool            %1 instance(s) of %2 GPU(s) or units, %3 ms "
                          "per prompt, %4 % busy\n")
               .arg(p.prefillInstances)
               .arg(s.prefill.tensorParallel)
               .arg(s.prefill.prefillMs, 0, 'f', 1)
               .arg(p.prefillUtilization * 100, 0, 'f', 0) +
           QStringLiteral("  KV transfer             %1 MB per request, %2 ms\n")
               .arg(s.kvTransferBytes / 1e6, 0, 'f', 1)
               .arg(s.kvTransferMs, 0, 'f', 1) +
           QStringLiteral("  decode pool             %1 replica(s) of %2 GPU(s) or units, batch "
                          "%3, %4 ms per token (no prefill in the step), %5 % busy\n")
               .arg(p.decodeReplicas)
               .arg(s.decode.tensorParallel)
               .arg(s.decode.batch)
               .arg(s.decode.stepMs, 0, 'f', 1)
               .arg(p.decodeUtilization * 100, 0, 'f', 0) +
           QStringLiteral("  time to first token     %1 ms mean, %2 ms p99 (target %3 ms%4)\n")
               .arg(p.ttft.meanTtftMs, 0, 'f', 1)
               .arg(p.ttft.p99TtftMs, 0, 'f', 1)
               .arg(spec.ttftMs)
               .arg(p.ttftTargetMissed ? QStringLiteral(", missed") : QString()) +
           QStringLiteral("  efficiency              %1\n")
               .arg(QString::fromStdString(s.decode.efficiencyBasis));
}

boost::json::object servingComparisonJson(const double* colocatedGpus,
                                          const double* disaggregatedGpus)
{
    boost::json::object out{{"fewer_gpus", fewer(colocatedGpus, disaggregatedGpus)}};
    out["colocated_gpus"] =
        colocatedGpus ? boost::json::value(*colocatedGpus) : boost::json::value(nullptr);
    out["disaggregated_gpus"] =
        disaggregatedGpus ? boost::json::value(*disaggregatedGpus) : boost::json::value(nullptr);
    return out;
}

QString servingComparisonText(const double* colocatedGpus, const double* disaggregatedGpus,
                              const QStringList& otherReasons)
{
    const auto gpus = [](const double* value) {
        return value ? QString::number(*value, 'f', 2) : QStringLiteral("cannot serve it");
    };
    const QString mode = QString::fromUtf8(fewer(colocatedGpus, disaggregatedGpus));
    QString text =
        QStringLiteral("  colocated vs disaggregated %1 vs %2 GPUs: %3\n")
            .arg(gpus(colocatedGpus), gpus(disaggregatedGpus),
                 !colocatedGpus || !disaggregatedGpus
                     ? QStringLiteral("only ") + mode + QStringLiteral(" serves it")
                 : mode == QLatin1String("equal") ? QStringLiteral("the same")
                                                  : mode + QStringLiteral(" needs fewer"));
    if (!colocatedGpus || !disaggregatedGpus)
        text += QStringLiteral("    (%1)\n").arg(otherReasons.join(QStringLiteral("; ")));
    return text;
}

} // namespace fleet::cli
