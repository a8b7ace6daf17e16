#include "model/workload_fields.h"

#include "model/field_builders.h"

#include <array>

namespace fleet {

namespace {

using namespace field_rows;

// --- enums ----------------------------------------------------------------

constexpr EnumOption kPrecisions[] = {
    {"bf16", ""}, {"fp8", ""}, {"fp4", "4-bit weights (NVFP4, MXFP4): Blackwell and MI355X only"}};
constexpr EnumOption kMeasures[] = {{"mfu", "model FLOPs, 6·N·D"},
                                    {"hfu_with_recompute", "hardware FLOPs, 8·N·D"}};

template <typename Spec> FieldValue getPrecision(const Spec& spec)
{
    return std::string(precisionKey(spec.precision));
}
template <typename Spec> void setPrecision(Spec& spec, const FieldValue& value)
{
    if (const std::string* key = std::get_if<std::string>(&value))
        spec.precision = precisionFromKey(*key).value_or(Precision::Bf16);
}

FieldValue getMeasure(const TrainingSpec& spec)
{
    return std::string(spec.measure == EfficiencyMeasure::Mfu ? "mfu" : "hfu_with_recompute");
}
void setMeasure(TrainingSpec& spec, const FieldValue& value)
{
    const std::string* key = std::get_if<std::string>(&value);
    spec.measure = key && *key == "hfu_with_recompute" ? EfficiencyMeasure::HfuWithRecompute
                                                       : EfficiencyMeasure::Mfu;
}

template <typename Spec> Field<Spec> precisionField()
{
    return choice<Spec>("precision", Presence::Optional, kPrecisions,
                        "Number format of weights and KV cache", {"Precision", "", 1, 0, "Model"},
                        &getPrecision<Spec>, &setPrecision<Spec>);
}

// --- ranges ---------------------------------------------------------------

constexpr NumericRange kParams{0, true, 1e14, "(parameters, e.g. 7e10 for 70B)"};
constexpr NumericRange kTokens{0, true, 1e16, "(tokens)"};
constexpr NumericRange kWorkloadFraction{0, true, 1, "(fraction, > 0 and ≤ 1)"};
constexpr NumericRange kMinutes{0, true, 1e5, "(minutes)"};
constexpr NumericRange kGangSize{1, false, 1000000, ""};

using P = Presence;

// --- the tables -----------------------------------------------------------
// Order is the order of keys in canonical files and of columns in SQLite.

const std::vector<Field<TrainingSpec>>& trainingTable()
{
    using S = TrainingSpec;
    static const std::vector<Field<S>> table = {
        number<&S::activeParams>("active_params", P::Required, kParams,
                                 "Active parameters N; compute = 6·N·D FLOPs",
                                 {"Params", "B", 1e-9, 1, "Model"}),
        number<&S::totalParams>(
            "total_params", P::OmitWhenDefault, kParams,
            "All parameters, for the checkpoint size of a mixture of experts; 0: as active",
            {"Total params", "B", 1e-9, 1, "Model"}),
        number<&S::tokensPerRun>("tokens_per_run", P::OmitWhenDefault, kTokens,
                                 "Tokens D; or give run_days (exactly one of the two)",
                                 {"Tokens per run", "T", 1e-12, 2, "Run"}),
        number<&S::runDays>("run_days", P::Unset, {0, true, 3650, "(days of wall clock)"},
                            "Wall-clock days a run takes on its gang, instead of tokens_per_run "
                            "(tokens are derived)",
                            {"Run length", "days", 1, 1, "Run"}),
        integer<&S::gpusPerJob>("gpus_per_job", P::Required, kGangSize, "Gang size",
                                {"GPUs per job", "GPUs", 1, 0, "Run"}),
        number<&S::efficiency>("efficiency", P::Required, kWorkloadFraction,
                               "Model FLOPs utilization (Llama 3: 38–43 % on H100s)",
                               {"MFU", "%", 100, 1, "Efficiency"}),
        choice<S>("efficiency_measure", P::Optional, kMeasures,
                  "How the efficiency is measured; never mix the two",
                  {"Measure", "", 1, 0, "Efficiency"}, &getMeasure, &setMeasure),
        precisionField<S>(),
        number<&S::runsPerMonth>("runs_per_month", P::Required, {0, true, 1000, "(runs)"},
                                 "Runs started a month", {"Runs", "per month", 1, 2, "Run"}),
        number<&S::checkpointIntervalMin>("checkpoint_interval_min", P::Unset, kMinutes,
                                          "Minutes between checkpoints; unset: Young's optimum",
                                          {"Checkpoint interval", "min", 1, 0, "Run"}),
        integer<&S::priority>("priority", P::OmitWhenDefault, {-1000, false, 1000, ""},
                              "Higher preempts lower in the scheduler",
                              {"Priority", "", 1, 0, "Run"}),
    };
    return table;
}

const std::vector<Field<InferenceSpec>>& inferenceTable()
{
    using S = InferenceSpec;
    static const std::vector<Field<S>> table = {
        text<&S::model>("model", P::OmitWhenDefault,
                        "A known model (data/perf/models.json): its total and active parameters "
                        "and KV-cache shape; empty: dense, estimated from N",
                        {"Model", "", 1, 0, "Model"}),
        number<&S::params>("params", P::Required, kParams,
                           "Parameters N (active for a mixture of experts); with a model, its "
                           "active count",
                           {"Params", "B", 1e-9, 1, "Model"}),
        number<&S::totalParams>(
            "total_params", P::OmitWhenDefault, kParams,
            "All parameters of a mixture of experts, for the weights' memory; 0: as N. With a "
            "model, its total",
            {"Total params", "B", 1e-9, 1, "Model"}),
        precisionField<S>(),
        number<&S::requestsPerSecond>(
            "requests_per_second", P::Required, {0, true, 1e7, "(requests/s)"},
            "Request rate in the first month", {"Requests", "per s", 1, 1, "Traffic"}),
        number<&S::inputTokens>(
            "input_tokens", P::Required, {0, false, 1e7, "(tokens per request)"},
            "Prompt tokens per request", {"Input tokens", "per request", 1, 0, "Traffic"}),
        number<&S::outputTokens>(
            "output_tokens", P::Required, {0, true, 1e6, "(tokens per request)"},
            "Tokens generated per request", {"Output tokens", "per request", 1, 0, "Traffic"}),
        number<&S::tpotMs>("tpot_ms", P::Required, {0, true, 1e4, "(ms per output token)"},
                           "Target time per output token", {"TPOT", "ms", 1, 0, "Latency targets"}),
        number<&S::ttftMs>("ttft_ms", P::Required, {0, true, 6e5, "(ms)"},
                           "Target time to first token", {"TTFT", "ms", 1, 0, "Latency targets"}),
        number<&S::growthPerMonth>("growth_per_month", P::OmitWhenDefault,
                                   {-0.5, false, 10, "(fraction per month, 0.05 = +5 %)"},
                                   "Request-rate growth per month",
                                   {"Growth", "%/month", 100, 1, "Traffic"}),
        number<&S::kvBytesPerToken>("kv_bytes_per_token", P::Unset, {0, true, 1e8, "(bytes)"},
                                    "KV-cache bytes per token; unset: estimated from N",
                                    {"KV cache", "bytes/token", 1, 0, "Model"}),
    };
    return table;
}

const std::vector<Field<NotebookSpec>>& notebookTable()
{
    using S = NotebookSpec;
    static const std::vector<Field<S>> table = {
        integer<&S::users>("users", P::Required, {1, false, 10000000, ""}, "Notebook users",
                           {"Users", "people", 1, 0, "Sessions"}),
        number<&S::gpusPerUser>("gpus_per_user", P::Optional, {0, true, 64, "(GPUs)"},
                                "GPUs (or GPU shares) a session holds",
                                {"GPUs per user", "GPUs", 1, 2, "Sessions"}),
        number<&S::activeFraction>("active_fraction", P::Required, kWorkloadFraction,
                                   "Share of wall time the GPU is busy",
                                   {"Active", "%", 100, 1, "Activity"}),
        number<&S::meanIdleGapMin>("mean_idle_gap_min", P::Required, kMinutes,
                                   "Idle gaps are exponential with this mean",
                                   {"Mean idle gap", "min", 1, 0, "Activity"}),
        number<&S::idleTimeoutMin>("idle_timeout_min", P::Required,
                                   {0, false, 1e5, "(minutes; 0 = never)"},
                                   "Idle sessions release their GPU after this long (0: never)",
                                   {"Idle timeout", "min", 1, 0, "Activity"}),
        number<&S::memoryGbPerSession>("memory_gb_per_session", P::Required,
                                       {0, true, 4096, "(GB)"}, "GPU memory a session needs",
                                       {"Memory", "GB/session", 1, 0, "Sessions"}),
        number<&S::activeHoursPerDay>(
            "active_hours_per_day", P::Unset, {0, true, 24, "(hours a day)"},
            "Hours a day sessions exist, averaged over the week (8 h on 5 days: 5.7); unset: "
            "all day",
            {"Active hours", "h/day", 1, 1, "Activity"}),
    };
    return table;
}

const std::vector<Field<BatchSpec>>& batchTable()
{
    using S = BatchSpec;
    static const std::vector<Field<S>> table = {
        number<&S::gpuHoursPerMonth>("gpu_hours_per_month", P::Required,
                                     {0, true, 1e9, "(GPU-hours)"}, "On the reference GPU",
                                     {"GPU-hours", "per month", 1, 0, "Work"}),
        reference<&S::referenceGpuId>("reference_gpu", P::Required, "GPU",
                                      "Catalog GPU the GPU-hours were measured on",
                                      {"Reference GPU", "", 1, 0, "Work"}),
        integer<&S::gpusPerJob>("gpus_per_job", P::Required, kGangSize, "Gang size",
                                {"GPUs per job", "GPUs", 1, 0, "Work"}),
        number<&S::memoryGbPerGpu>("memory_gb_per_gpu", P::Required, {0, true, 4096, "(GB)"},
                                   "GPU memory each of its GPUs needs",
                                   {"Memory", "GB/GPU", 1, 0, "Work"}),
        flag<&S::preemptible>("preemptible", P::Required,
                              "May be evicted (spot, predictive preemption)",
                              {"Preemptible", "", 1, 0, "Scheduling"}),
        number<&S::checkpointIntervalMin>("checkpoint_interval_min", P::Required, kMinutes,
                                          "Work lost on eviction is at most this",
                                          {"Checkpoint interval", "min", 1, 0, "Scheduling"}),
        number<&S::windowHoursPerDay>(
            "window_hours_per_day", P::Unset, {0, true, 24, "(hours a day)"},
            "Hours a day the jobs may run (a nightly window); its GPUs are held at once "
            "within it. Unset: any hour",
            {"Window", "h/day", 1, 1, "Scheduling"}),
    };
    return table;
}

} // namespace

std::span<const Field<TrainingSpec>> trainingFields()
{
    return trainingTable();
}
std::span<const Field<InferenceSpec>> inferenceFields()
{
    return inferenceTable();
}
std::span<const Field<NotebookSpec>> notebookFields()
{
    return notebookTable();
}
std::span<const Field<BatchSpec>> batchFields()
{
    return batchTable();
}

std::span<const RecordFields> workloadRecords()
{
    static const std::array<RecordFields, 4> records = {
        describeRecord("training", "training_workload", trainingFields()),
        describeRecord("inference", "inference_workload", inferenceFields()),
        describeRecord("notebooks", "notebook_workload", notebookFields()),
        describeRecord("batch", "batch_workload", batchFields())};
    return records;
}

const RecordFields& workloadRecord(WorkloadKind kind)
{
    return workloadRecords()[static_cast<std::size_t>(kind)];
}

} // namespace fleet
