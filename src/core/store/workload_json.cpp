#include "store/workload_json.h"

namespace fleet {

namespace bj = boost::json;
using json::NumberRule;
using json::pointer;

namespace {

const NumberRule kParams{0, true, 1e14, false, "(parameters, e.g. 7e10 for 70B)"};
const NumberRule kTokens{0, true, 1e16, false, "(tokens)"};
const NumberRule kFraction{0, true, 1, false, "(fraction, > 0 and ≤ 1)"};
const NumberRule kMinutes{0, true, 1e5, false, "(minutes)"};

Precision precision(json::Reader& r, const bj::object& item, const std::string& path)
{
    if (auto key = r.string(item, "precision", path, false)) {
        if (auto value = precisionFromKey(*key))
            return *value;
        r.report(pointer(path, "precision"), "must be \"bf16\" or \"fp8\"; got \"" + *key + "\"");
    }
    return Precision::Bf16;
}

TrainingSpec training(json::Reader& r, const bj::object& item, const std::string& path)
{
    TrainingSpec spec;
    spec.activeParams = r.number(item, "active_params", path, kParams).value_or(0);
    spec.totalParams = r.number(item, "total_params", path, kParams, false).value_or(0);
    if (spec.totalParams > 0 && spec.totalParams < spec.activeParams)
        r.report(pointer(path, "total_params"),
                 "must be ≥ active_params (a mixture of experts activates a subset)");
    spec.tokensPerRun = r.number(item, "tokens_per_run", path, kTokens).value_or(0);
    spec.gpusPerJob = r.integer(item, "gpus_per_job", path, 1, 1000000).value_or(1);
    spec.efficiency = r.number(item, "efficiency", path, kFraction).value_or(0.4);
    if (auto measure = r.string(item, "efficiency_measure", path, false)) {
        if (*measure == "mfu")
            spec.measure = EfficiencyMeasure::Mfu;
        else if (*measure == "hfu_with_recompute")
            spec.measure = EfficiencyMeasure::HfuWithRecompute;
        else
            r.report(pointer(path, "efficiency_measure"),
                     "must be \"mfu\" (model FLOPs, 6·N·D) or \"hfu_with_recompute\" (hardware "
                     "FLOPs, 8·N·D); got \"" +
                         *measure + "\"");
    }
    spec.precision = precision(r, item, path);
    spec.runsPerMonth =
        r.number(item, "runs_per_month", path, {0, true, 1000, false, "(runs)"}).value_or(1);
    spec.checkpointIntervalMin = r.number(item, "checkpoint_interval_min", path, kMinutes, false);
    spec.priority = r.integer(item, "priority", path, -1000, 1000, false).value_or(0);
    return spec;
}

InferenceSpec inference(json::Reader& r, const bj::object& item, const std::string& path)
{
    InferenceSpec spec;
    spec.params = r.number(item, "params", path, kParams).value_or(0);
    spec.precision = precision(r, item, path);
    spec.requestsPerSecond =
        r.number(item, "requests_per_second", path, {0, true, 1e7, false, "(requests/s)"})
            .value_or(0);
    spec.inputTokens =
        r.number(item, "input_tokens", path, {0, false, 1e7, false, "(tokens per request)"})
            .value_or(0);
    spec.outputTokens =
        r.number(item, "output_tokens", path, {0, true, 1e6, false, "(tokens per request)"})
            .value_or(1);
    spec.tpotMs = r.number(item, "tpot_ms", path, {0, true, 1e4, false, "(ms per output token)"})
                      .value_or(50);
    spec.ttftMs = r.number(item, "ttft_ms", path, {0, true, 6e5, false, "(ms)"}).value_or(2000);
    spec.growthPerMonth =
        r.number(item, "growth_per_month", path,
                 {-0.5, false, 10, false, "(fraction per month, 0.05 = +5 %)"}, false)
            .value_or(0);
    spec.kvBytesPerToken =
        r.number(item, "kv_bytes_per_token", path, {0, true, 1e8, false, "(bytes)"}, false);
    return spec;
}

NotebookSpec notebooks(json::Reader& r, const bj::object& item, const std::string& path)
{
    NotebookSpec spec;
    spec.users = r.integer(item, "users", path, 1, 10000000).value_or(1);
    spec.gpusPerUser =
        r.number(item, "gpus_per_user", path, {0, true, 64, false, "(GPUs)"}, false).value_or(1);
    spec.activeFraction = r.number(item, "active_fraction", path, kFraction).value_or(0.05);
    spec.meanIdleGapMin = r.number(item, "mean_idle_gap_min", path, kMinutes).value_or(120);
    spec.idleTimeoutMin =
        r.number(item, "idle_timeout_min", path, {0, false, 1e5, false, "(minutes; 0 = never)"})
            .value_or(0);
    spec.memoryGbPerSession =
        r.number(item, "memory_gb_per_session", path, {0, true, 4096, false, "(GB)"}).value_or(20);
    return spec;
}

BatchSpec batch(json::Reader& r, const bj::object& item, const std::string& path,
                const Project& project)
{
    BatchSpec spec;
    spec.gpuHoursPerMonth =
        r.number(item, "gpu_hours_per_month", path, {0, true, 1e9, false, "(GPU-hours)"})
            .value_or(0);
    spec.referenceGpuId = r.string(item, "reference_gpu", path).value_or("");
    if (!spec.referenceGpuId.empty() && !project.catalog().gpu(spec.referenceGpuId))
        r.report(pointer(path, "reference_gpu"),
                 "names GPU \"" + spec.referenceGpuId + "\", which is not in the catalog");
    spec.gpusPerJob = r.integer(item, "gpus_per_job", path, 1, 1000000).value_or(1);
    spec.memoryGbPerGpu =
        r.number(item, "memory_gb_per_gpu", path, {0, true, 4096, false, "(GB)"}).value_or(40);
    spec.preemptible = r.boolean(item, "preemptible", path).value_or(true);
    spec.checkpointIntervalMin =
        r.number(item, "checkpoint_interval_min", path, kMinutes).value_or(30);
    return spec;
}

WorkloadChoice choice(json::Reader& r, const bj::object& item, const std::string& path,
                      const Project& project)
{
    WorkloadChoice result;
    const bj::object* object = r.object(item, "choice", path, false);
    if (!object)
        return result;
    const std::string choicePath = pointer(path, "choice");
    r.checkKeys(*object, choicePath, {}, {"gpu", "regime", "profile", "plan"});
    if (auto gpu = r.string(*object, "gpu", choicePath, false)) {
        if (project.catalog().gpu(*gpu))
            result.gpuId = *gpu;
        else
            r.report(pointer(choicePath, "gpu"),
                     "names GPU \"" + *gpu + "\", which is not in the catalog");
    }
    if (auto regime = r.string(*object, "regime", choicePath, false)) {
        if (auto kind = regimeFromKey(*regime))
            result.regime = *kind;
        else
            r.report(pointer(choicePath, "regime"),
                     "must be one of bare_metal, vm_passthrough, partition, "
                     "time_sliced, fractional, mps; got \"" +
                         *regime + "\"");
    }
    result.profile = r.string(*object, "profile", choicePath, false);
    if (auto plan = r.string(*object, "plan", choicePath, false)) {
        if (auto value = planFromKey(*plan))
            result.plan = *value;
        else
            r.report(pointer(choicePath, "plan"),
                     "must be one of on_demand, reserved_1y, reserved_3y, spot, "
                     "owned; got \"" +
                         *plan + "\"");
    }
    return result;
}

} // namespace

std::optional<Workload> parseWorkload(json::Reader& r, const bj::object& item,
                                      const std::string& path, const Project& project)
{
    Workload workload;
    workload.id = r.identifier(item, "id", path).value_or("");
    r.setEntry(workload.id);
    workload.name = r.string(item, "name", path).value_or(workload.id);
    workload.segmentId = r.string(item, "segment", path).value_or("");
    if (!workload.segmentId.empty() && !project.segment(workload.segmentId)) {
        std::string known;
        for (const Segment& segment : project.segments)
            known += (known.empty() ? "" : ", ") + segment.id;
        r.report(pointer(path, "segment"), "names segment \"" + workload.segmentId +
                                               "\", which is not defined; known: " + known);
    }
    workload.startMonth =
        r.integer(item, "start_month", path, 1, project.horizonMonths, false).value_or(1);
    workload.endMonth =
        r.integer(item, "end_month", path, 0, project.horizonMonths, false).value_or(0);
    if (workload.endMonth > 0 && workload.endMonth < workload.startMonth)
        r.report(pointer(path, "end_month"), "must be 0 (to the end) or ≥ start_month (" +
                                                 std::to_string(workload.startMonth) + ")");
    workload.choice = choice(r, item, path, project);
    const std::initializer_list<std::string_view> common = {"id", "name", "kind", "segment"};
    const auto kind = r.string(item, "kind", path);
    if (kind == "training") {
        r.checkKeys(item, path, common,
                    {"start_month", "end_month", "choice", "note", "active_params", "total_params",
                     "tokens_per_run", "gpus_per_job", "efficiency", "efficiency_measure",
                     "precision", "runs_per_month", "checkpoint_interval_min", "priority"});
        workload.spec = training(r, item, path);
    } else if (kind == "inference") {
        r.checkKeys(item, path, common,
                    {"start_month", "end_month", "choice", "note", "params", "precision",
                     "requests_per_second", "input_tokens", "output_tokens", "tpot_ms", "ttft_ms",
                     "growth_per_month", "kv_bytes_per_token"});
        workload.spec = inference(r, item, path);
    } else if (kind == "notebooks") {
        r.checkKeys(item, path, common,
                    {"start_month", "end_month", "choice", "note", "users", "gpus_per_user",
                     "active_fraction", "mean_idle_gap_min", "idle_timeout_min",
                     "memory_gb_per_session"});
        workload.spec = notebooks(r, item, path);
    } else if (kind == "batch") {
        r.checkKeys(item, path, common,
                    {"start_month", "end_month", "choice", "note", "gpu_hours_per_month",
                     "reference_gpu", "gpus_per_job", "memory_gb_per_gpu", "preemptible",
                     "checkpoint_interval_min"});
        workload.spec = batch(r, item, path, project);
    } else {
        if (kind)
            r.report(pointer(path, "kind"),
                     "must be training, inference, notebooks or batch; got \"" + *kind + "\"");
        r.setEntry({});
        return std::nullopt;
    }
    workload.note = r.string(item, "note", path, false).value_or("");
    r.setEntry({});
    return workload;
}

} // namespace fleet
