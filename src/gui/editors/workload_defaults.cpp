#include "editors/workload_defaults.h"

#include "model/project_refs.h"
#include "model/workload_fields.h"

#include <QObject>

#include <cstdint>
#include <variant>

namespace fleet::gui {

namespace bj = boost::json;

namespace {

/// The reference GPU of a new batch workload: the first pool's GPU (the
/// hours a team quotes are on the GPUs it has), else the first catalog GPU.
std::string referenceGpu(const Project& project)
{
    if (!project.fleet.pools.empty())
        return project.fleet.pools.front().gpuId;
    return project.catalog().gpus.empty() ? std::string() : project.catalog().gpus.front().id;
}

/// The kind's own fields: its field table's defaults (model/workload_fields.h,
/// a default-constructed spec, as the reader fills an absent field), then
/// the figures that have no default, chosen to be ordinary rather than to
/// match any customer, for the user to replace; where one comes from a
/// source it says so.
bj::object kindFields(const Project& project, WorkloadKind kind)
{
    bj::object fields;
    for (const DescribedField& field : workloadRecord(kind).fields) {
        if (field.info.presence != Presence::Required && field.info.presence != Presence::Optional)
            continue; // unset or omitted while default: a new row leaves them out
        std::visit(
            [&](const auto& value) {
                using V = std::decay_t<decltype(value)>;
                if constexpr (std::is_same_v<V, double>) {
                    if (field.info.type == FieldType::Integer)
                        fields[field.info.key] = std::int64_t(value);
                    else
                        fields[field.info.key] = value;
                } else if constexpr (std::is_same_v<V, bool> || std::is_same_v<V, std::string>) {
                    fields[field.info.key] = value;
                }
            },
            field.defaultValue);
    }
    switch (kind) {
    case WorkloadKind::Training:
        // An 8B dense model on 1T tokens, one run a month on 64 GPUs. The
        // default MFU of 40 %: the Llama 3 paper reports 38–43 % BF16 MFU on
        // 8k–16k H100s (reference/facts.md).
        fields["active_params"] = 8e9;
        fields["tokens_per_run"] = 1e12;
        fields["gpus_per_job"] = 64;
        break;
    case WorkloadKind::Inference:
        // A 70B model serving 10 requests/s of 1,000 input and 200 output
        // tokens; the defaults' 50 ms per output token (20 tokens/s a user, a
        // readable streaming speed) and 2 s to the first token.
        fields["params"] = 70e9;
        fields["requests_per_second"] = 10;
        fields["input_tokens"] = 1000;
        fields["output_tokens"] = 200;
        break;
    case WorkloadKind::Notebooks:
        // 50 users; the defaults' one GPU each, busy 5 % of the time, 2-hour
        // idle gaps, no idle timeout, 20 GB a session.
        fields["users"] = 50;
        break;
    case WorkloadKind::Batch:
        // 10,000 GPU-hours a month in 8-GPU jobs on the fleet's first GPU; the
        // defaults' 40 GB a GPU, preemptible, a checkpoint every 30 minutes.
        fields["gpu_hours_per_month"] = 10000;
        fields["reference_gpu"] = referenceGpu(project);
        fields["gpus_per_job"] = 8;
        break;
    }
    return fields;
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

std::variant<bj::object, QString> newWorkloadRow(const Project& project, WorkloadKind kind,
                                                 const std::string& segmentId)
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
                   {"segment", segmentId.empty() ? project.segments.front().id : segmentId}};
    for (auto& [field, value] : kindFields(project, kind))
        row[field] = value;
    return row;
}

} // namespace fleet::gui
