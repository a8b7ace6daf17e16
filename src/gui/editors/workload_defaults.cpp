#include "editors/workload_defaults.h"

#include "model/project_refs.h"

#include <QObject>

namespace fleet::gui {

namespace bj = boost::json;

namespace {

/// The reference GPU of a new batch workload: the first pool's GPU (the
/// hours a team quotes are on the GPUs it has), else the first catalog GPU.
std::string referenceGpu(const Project& project)
{
    if (!project.fleet.pools.empty())
        return project.fleet.pools.front().gpuId;
    return project.catalog.gpus.empty() ? std::string() : project.catalog.gpus.front().id;
}

/// The kind's own fields. Every figure is a placeholder for the user's own,
/// chosen to be ordinary rather than to match any customer; where one comes
/// from a source it says so.
bj::object kindFields(const Project& project, WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Training:
        // An 8B dense model on 1T tokens, one run a month on 64 GPUs
        // (placeholders). MFU 40 %: the Llama 3 paper reports 38–43 % BF16
        // MFU on 8k–16k H100s (reference/facts.md).
        return {{"active_params", 8e9}, {"tokens_per_run", 1e12},      {"gpus_per_job", 64},
                {"efficiency", 0.40},   {"efficiency_measure", "mfu"}, {"precision", "bf16"},
                {"runs_per_month", 1}};
    case WorkloadKind::Inference:
        // A 70B model in BF16 serving 10 requests/s of 1,000 input and 200
        // output tokens (placeholders); 50 ms per output token (20 tokens/s
        // a user, a readable streaming speed) and 2 s to the first token,
        // the engine's defaults for InferenceSpec.
        return {{"params", 70e9},       {"precision", "bf16"},  {"requests_per_second", 10},
                {"input_tokens", 1000}, {"output_tokens", 200}, {"tpot_ms", 50},
                {"ttft_ms", 2000}};
    case WorkloadKind::Notebooks:
        // 50 users with one GPU each (placeholders); busy 5 % of the time,
        // 2-hour idle gaps, no idle timeout, 20 GB a session: NotebookSpec's
        // defaults (model/workload.h).
        return {{"users", 50},
                {"gpus_per_user", 1},
                {"active_fraction", 0.05},
                {"mean_idle_gap_min", 120},
                {"idle_timeout_min", 0},
                {"memory_gb_per_session", 20}};
    case WorkloadKind::Batch:
        // 10,000 GPU-hours a month in 8-GPU jobs (placeholders); 40 GB a GPU,
        // preemptible, a checkpoint every 30 minutes: BatchSpec's defaults.
        return {{"gpu_hours_per_month", 10000},
                {"reference_gpu", referenceGpu(project)},
                {"gpus_per_job", 8},
                {"memory_gb_per_gpu", 40},
                {"preemptible", true},
                {"checkpoint_interval_min", 30}};
    }
    return {};
}

} // namespace

QString workloadKindLabel(WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Training: return QObject::tr("Training");
    case WorkloadKind::Inference: return QObject::tr("Inference");
    case WorkloadKind::Notebooks: return QObject::tr("Notebooks");
    case WorkloadKind::Batch: break;
    }
    return QObject::tr("Batch");
}

std::variant<bj::object, QString> newWorkloadRow(const Project& project, WorkloadKind kind)
{
    if (project.segments.empty())
        return QObject::tr("/workloads: every workload serves a segment; add a segment first "
                           "(Segments page)");
    const std::string key(workloadKindKey(kind));
    const std::string id = freeId(project, RowList::Workloads, key);
    const QString number = QString::fromStdString(id.substr(key.size() + 1)); // "inference-3" → "3"
    bj::object row{{"id", id},
                   {"name", QObject::tr("New %1 workload %2")
                                .arg(workloadKindLabel(kind).toLower(), number)
                                .toStdString()},
                   {"kind", key},
                   {"segment", project.segments.front().id}};
    for (auto& [field, value] : kindFields(project, kind))
        row[field] = value;
    return row;
}

} // namespace fleet::gui
