#include "store/workload_json.h"

#include "engine/options.h"
#include "model/regime_descriptor.h"
#include "model/workload_fields.h"
#include "perf/model_table.h"
#include "store/field_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <vector>

namespace fleet {

namespace bj = boost::json;
using json::pointer;

namespace {

/// The keys a workload of this kind may have, after id, name, kind and segment.
template <typename Spec> const std::vector<std::string_view>& optionalKeys()
{
    static const std::vector<std::string_view> keys = [] {
        std::vector<std::string_view> list = {"start_month", "end_month", "choice", "note"};
        for (const Field<Spec>& field : specFields<Spec>())
            list.push_back(field.info.key);
        return list;
    }();
    return keys;
}

/// A spec from its table; rules across fields follow in `checkSpec`.
template <typename Spec>
Spec readSpec(json::Reader& r, const bj::object& item, const std::string& path,
              const Project& project)
{
    Spec spec;
    for (const Field<Spec>& field : specFields<Spec>())
        if (auto value = readField(r, item, path, field.info, project))
            field.set(spec, *value);
    return spec;
}

/// A run is stated by its tokens or by its wall-clock length, exactly one.
void checkSpec(json::Reader& r, const TrainingSpec& spec, const std::string& path, const Project&)
{
    if (spec.totalParams > 0 && spec.totalParams < spec.activeParams)
        r.report(pointer(path, "total_params"),
                 "must be ≥ active_params (a mixture of experts activates a subset)");
    if (spec.tokensPerRun > 0 && spec.runDays)
        r.report(pointer(path, "run_days"),
                 "give tokens_per_run or run_days, not both: the other is derived from the "
                 "model size, MFU, GPUs and precision");
}

/// Sessions are busy only while they exist.
void checkSpec(json::Reader& r, const NotebookSpec& spec, const std::string& path, const Project&)
{
    if (spec.activeHoursPerDay && spec.activeFraction > *spec.activeHoursPerDay / 24.0 + 1e-12)
        r.report(pointer(path, "active_fraction"),
                 "must be ≤ active_hours_per_day ÷ 24 (" +
                     fieldNumberText(*spec.activeHoursPerDay / 24.0) +
                     "): the GPU is busy only while sessions exist; got " +
                     fieldNumberText(spec.activeFraction));
}

/// A parameter count as files write it and in billions: "12900000000 (12.9 B)".
std::string countText(double params)
{
    char billions[32];
    std::snprintf(billions, sizeof billions, "%.4g", params / 1e9);
    return fieldNumberText(params) + " (" + billions + " B)";
}

/// Whether a stated count is the model's (a GUI edit in billions may be off
/// in the last digits).
bool sameCount(double stated, double model)
{
    return std::abs(stated - model) <= 1e-6 * model;
}

/// A service's model names a row of the model table, which then sets its
/// parameter counts: `params` must be the model's active count and
/// `total_params` is left out or the model's total. Without a model,
/// `total_params` (a mixture of experts the table lacks) is at least `params`.
void checkSpec(json::Reader& r, const InferenceSpec& spec, const std::string& path, const Project&)
{
    if (spec.model.empty()) {
        if (spec.totalParams > 0 && spec.params > 0 && spec.totalParams < spec.params)
            r.report(pointer(path, "total_params"),
                     "must be ≥ params (a mixture of experts activates a subset)");
        return;
    }
    const ModelShape* model = findModel(spec.model);
    if (!model) {
        r.report(pointer(path, "model"), "names model \"" + spec.model +
                                             "\", which is not in the model table "
                                             "(data/perf/models.json); known: " +
                                             knownModelIds());
        return;
    }
    if (spec.params > 0 && !sameCount(spec.params, model->activeParams))
        r.report(pointer(path, "params"), "must be " + countText(model->activeParams) +
                                              ", the active parameters of " + model->id +
                                              " (model sets them); got " + countText(spec.params));
    if (spec.totalParams > 0 && !sameCount(spec.totalParams, model->totalParams))
        r.report(pointer(path, "total_params"),
                 "must be left out or " + countText(model->totalParams) +
                     ", the total parameters of " + model->id + " (model sets them); got " +
                     countText(spec.totalParams));
}

void checkSpec(json::Reader&, const BatchSpec&, const std::string&, const Project&) {}

/// The GPUs of the catalog, by id, that satisfy `keep`.
template <typename Keep> std::string gpuIds(const std::vector<const GpuModel*>& gpus, Keep keep)
{
    std::string ids;
    for (const GpuModel* gpu : gpus)
        if (keep(*gpu))
            ids += (ids.empty() ? "" : ", ") + gpu->id;
    return ids.empty() ? "none" : ids;
}

/// A precision runs only on tensor cores that have it (FP8 not on Ampere, FP4
/// only on Blackwell and MI355X): the GPU the workload chose, or else one of
/// the GPUs the project may use (its pools, or in size mode the GPUs its
/// price book prices), must have it.
template <typename Spec>
void checkPrecision(json::Reader& r, const Spec& spec, const WorkloadChoice& choice,
                    const std::string& path, const Project& project)
{
    const Precision precision = spec.precision;
    // Only FP4 is refused here. FP8 on a GPU without it opened before format 6
    // and is an option the engine rejects with its reason: refusing it at the
    // reader would stop projects that opened before from opening at all.
    if (precision != Precision::Fp4)
        return;
    std::vector<const GpuModel*> catalog;
    for (const GpuModel& gpu : project.catalog().gpus)
        catalog.push_back(&gpu);
    const auto runs = [&](const GpuModel& gpu) { return gpu.runs(precision); };
    const std::string key(precisionKey(precision));
    const std::string rule =
        key + " needs tensor cores for it (" +
        (precision == Precision::Fp4 ? "NVFP4 on Blackwell, MXFP4 on MI355X; not on Hopper, Ampere "
                                       "or MI300X"
                                     : "FP8 from Hopper and MI300X on; not on Ampere") +
        "; GPUs with them: " + gpuIds(catalog, runs) + ")";
    if (choice.gpuId) {
        if (const GpuModel* gpu = project.catalog().gpu(*choice.gpuId); gpu && !runs(*gpu))
            r.report(pointer(path, "precision"), "is " + key + ", but the chosen GPU \"" + gpu->id +
                                                     "\" (choice/gpu) has none: " + rule);
        return;
    }
    const std::vector<const GpuModel*> usable = candidateGpus(project);
    if (usable.empty() ||
        std::any_of(usable.begin(), usable.end(), [&](const GpuModel* gpu) { return runs(*gpu); }))
        return;
    r.report(pointer(path, "precision"),
             "is " + key + ", but none of the GPUs this project may use (" +
                 gpuIds(usable, [](const GpuModel&) { return true; }) +
                 (project.fleet.mode == FleetMode::Fixed ? ", its pools" : ", its price book") +
                 ") has it: " + rule);
}

template <typename Spec>
Spec readChecked(json::Reader& r, const bj::object& item, const std::string& path,
                 const Project& project, const WorkloadChoice& choice)
{
    static constexpr std::string_view common[] = {"id", "name", "kind", "segment"};
    r.checkKeys(item, path, common, optionalKeys<Spec>());
    Spec spec = readSpec<Spec>(r, item, path, project);
    if constexpr (std::is_same_v<Spec, TrainingSpec>)
        if (!item.contains("tokens_per_run") && !item.contains("run_days"))
            r.report(pointer(path, "tokens_per_run"),
                     "is required but missing (or give run_days, the run's wall-clock length)");
    checkSpec(r, spec, path, project);
    if constexpr (std::is_same_v<Spec, TrainingSpec> || std::is_same_v<Spec, InferenceSpec>)
        checkPrecision(r, spec, choice, path, project);
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
                     "must be one of " + knownRegimeKeys() + "; got \"" + *regime + "\"");
    }
    // A TPU runs only under tpu_slice, tpu_slice only on TPUs.
    if (result.gpuId && result.regime)
        if (const std::string why =
                acceleratorMismatch(*result.regime, *project.catalog().gpu(*result.gpuId));
            !why.empty())
            r.report(pointer(choicePath, "regime"),
                     "is \"" + std::string(regimeKey(*result.regime)) + "\", but " + why);
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
    const auto kind = r.string(item, "kind", path);
    if (kind == "training") {
        workload.spec = readChecked<TrainingSpec>(r, item, path, project, workload.choice);
    } else if (kind == "inference") {
        workload.spec = readChecked<InferenceSpec>(r, item, path, project, workload.choice);
    } else if (kind == "notebooks") {
        workload.spec = readChecked<NotebookSpec>(r, item, path, project, workload.choice);
    } else if (kind == "batch") {
        workload.spec = readChecked<BatchSpec>(r, item, path, project, workload.choice);
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
