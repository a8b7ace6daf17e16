#include "calibration/calibration.h"

#include "engine/inference.h"
#include "engine/resource_unit.h"
#include "engine/training.h"
#include "model/engine_defaults.h"
#include "perf/model_table.h"
#include "perf/training_defaults.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace fleet {

namespace {

std::string shapeText(const PerfReference& ref)
{
    std::ostringstream out;
    out << ref.inputTokens << "/" << ref.outputTokens << " tokens";
    if (ref.tpotMs)
        out << ", TPOT " << *ref.tpotMs << " ms";
    if (ref.ttftMs)
        out << ", TTFT " << *ref.ttftMs << " ms";
    if (!ref.tpotMs && !ref.ttftMs)
        out << ", offline";
    return out.str();
}

/// " (stack)", or the default's words when the reference names none.
std::string stackText(const std::string& stack)
{
    return stack.empty() ? " (the GPU vendor's default stack)" : " (" + stack + ")";
}

/// Output tokens/s per GPU the engine gives `system` under `ref`'s conditions.
Result<InferenceEstimate> inferenceOn(const PerfReference& ref, const MeasuredSystem& system,
                                      const Catalog& catalog, const Assumptions& assumptions)
{
    const GpuModel* gpu = catalog.gpu(system.gpu);
    if (!gpu)
        return Error("the catalog has no GPU " + system.gpu);
    const ModelShape* model = findModel(ref.model);
    if (!model)
        return Error("data/perf/models.json has no model " + ref.model);
    const auto precision = precisionFromKey(ref.precision);
    if (!precision)
        return Error("precision " + ref.precision + " is none of bf16, fp8, fp4");
    ResourceUnit unit;
    unit.computeFlopsPerS = densePeakFlopsPerS(*gpu, *precision);
    unit.bandwidthBytesPerS = gpu->memoryBandwidthGbPerS.value * 1e9;
    unit.memoryBytes = gpu->memoryGb.value * 1e9;
    if (unit.computeFlopsPerS <= 0)
        return Error(gpu->id + " has no dense " + ref.precision + " throughput");
    InferenceSpec spec;
    spec.params = model->activeParams;
    spec.precision = *precision;
    spec.inputTokens = ref.inputTokens;
    spec.outputTokens = ref.outputTokens;
    spec.tpotMs = ref.tpotMs.value_or(1e9); // offline: no latency target
    spec.ttftMs = ref.ttftMs.value_or(1e12);
    spec.requestsPerSecond = 1;
    ServingContext context;
    context.gpu = gpu;
    context.stack = system.stack;
    context.model = model;
    context.tensorParallel = ref.tensorParallel;
    auto estimate = estimateInferenceReplica(spec, unit, true, assumptions, context);
    if (!estimate || ref.maxBatch <= 0 || estimate.value().batch <= ref.maxBatch)
        return estimate;
    // The run capped its batch: the engine at that batch is the engine at the
    // per-token target that batch meets (the batch grows with the target).
    double low = 0, high = estimate.value().stepMs;
    for (int i = 0; i < 60; ++i) {
        spec.tpotMs = (low + high) / 2;
        auto capped = estimateInferenceReplica(spec, unit, true, assumptions, context);
        if (capped && capped.value().batch <= ref.maxBatch) {
            low = spec.tpotMs;
            estimate = std::move(capped);
        } else {
            high = spec.tpotMs;
        }
    }
    return estimate;
}

std::string configuration(const InferenceEstimate& e)
{
    std::ostringstream out;
    out.precision(3);
    out << "TP " << e.tensorParallel << ", batch " << e.batch << ", step " << e.stepMs
        << (e.hostBound ? " ms (host-bound)" : " ms") << ", prefill "
        << std::lround(e.prefillShare * 100) << " % of each step; " << e.efficiencyBasis;
    return out.str();
}

/// One run of `ref` (its model, tokens and precision) on `system`'s GPUs, at
/// the default MFU for the model's size and the GPU's MFU factor.
Result<TrainingEstimate> trainingOn(const PerfReference& ref, const MeasuredSystem& system,
                                    const Catalog& catalog, const Assumptions& assumptions)
{
    const GpuModel* gpu = catalog.gpu(system.gpu);
    const ModelShape* model = findModel(ref.model);
    const auto precision = precisionFromKey(ref.precision);
    if (!gpu || !model || !precision)
        return Error("unknown GPU, model or precision");
    TrainingSpec spec;
    spec.activeParams = model->activeParams;
    spec.totalParams = model->totalParams;
    spec.tokensPerRun = ref.tokens;
    spec.gpusPerJob = system.gpus;
    spec.efficiency = defaultMfuForParams(spec.activeParams, gpu->id);
    spec.precision = *precision;
    TrainingScale scale = builtinTrainingDefaults().scale;
    scale.mfuFactor = trainingMfuFactor(gpu->id);
    return estimateTrainingRun(spec, densePeakFlopsPerS(*gpu, spec.precision), 0.0, assumptions,
                               scale);
}

std::string overheads(const TrainingEstimate& e)
{
    std::ostringstream out;
    out.precision(3);
    out << "ideal " << e.idealGpuHours / 1e6 << " M h at MFU " << e.achievedEfficiency
        << "; checkpoints and failures " << e.overheadFraction * 100 << " % ("
        << e.checkpointSeconds << " s checkpoint at " << e.checkpointWriteGbPerS << " GB/s every "
        << e.checkpointIntervalMin << " min)";
    return out.str();
}

void finish(CalibrationRow& row)
{
    row.ratio = row.published > 0 ? row.tool / row.published : 0;
    row.within = row.tool > 0 && std::abs(row.ratio - 1.0) <= row.tolerance + 1e-12;
}

} // namespace

std::vector<CalibrationRow> calibrate(const ReferenceSet& set, const Catalog& catalog)
{
    const Assumptions assumptions = assumptionsFrom(catalog.engineDefaults);
    std::vector<CalibrationRow> rows;
    for (const PerfReference& ref : set.references) {
        CalibrationRow row;
        row.id = ref.id;
        row.family = ref.family;
        row.use = ref.use;
        row.source = ref.source;
        if (const ReferenceFamily* f = set.family(ref.family))
            row.tolerance = f->tolerance;
        if (ref.tolerance) {
            row.tolerance = *ref.tolerance;
            row.toleranceWhy = ref.toleranceWhy;
        }
        const ModelShape* model = findModel(ref.model);
        const std::string modelName = model ? model->name : ref.model;
        switch (ref.kind) {
        case ReferenceKind::Inference: {
            row.unit = "output tokens/s per GPU";
            row.what = modelName + " " + ref.precision + " on " +
                       std::to_string(ref.tensorParallel > 0 ? ref.tensorParallel : 0) + "× " +
                       ref.system.gpu + stackText(ref.system.stack) + ", " + shapeText(ref);
            if (ref.tensorParallel == 0)
                row.what = modelName + " " + ref.precision + " on " + ref.system.gpu +
                           stackText(ref.system.stack) + ", " + shapeText(ref);
            row.published = ref.system.published / ref.system.gpus;
            auto e = inferenceOn(ref, ref.system, catalog, assumptions);
            if (e) {
                row.tool = e.value().outputTokensPerSecondPerGpu;
                row.detail = configuration(e.value());
            } else {
                row.detail = e.error().messages();
            }
            break;
        }
        case ReferenceKind::InferenceRatio: {
            row.unit = "ratio of tokens/s per GPU";
            row.what = modelName + " " + ref.precision + ", " + ref.system.gpu +
                       stackText(ref.system.stack) + " ÷ " + ref.baseline.gpu +
                       stackText(ref.baseline.stack) + ", " + shapeText(ref);
            row.published = (ref.system.published / ref.system.gpus) /
                            (ref.baseline.published / ref.baseline.gpus);
            auto a = inferenceOn(ref, ref.system, catalog, assumptions);
            auto b = inferenceOn(ref, ref.baseline, catalog, assumptions);
            if (a && b) {
                row.tool =
                    a.value().outputTokensPerSecondPerGpu / b.value().outputTokensPerSecondPerGpu;
                std::ostringstream out;
                out.precision(4);
                out << a.value().outputTokensPerSecondPerGpu << " ÷ "
                    << b.value().outputTokensPerSecondPerGpu << " tokens/s per GPU ("
                    << configuration(a.value()) << " | " << configuration(b.value()) << ")";
                row.detail = out.str();
            } else {
                row.detail = (a ? b.error() : a.error()).messages();
            }
            break;
        }
        case ReferenceKind::Training: {
            row.unit = "GPU-hours";
            const double params = model ? model->activeParams : 0;
            std::ostringstream what;
            what << modelName << ", " << ref.tokens / 1e12 << "T tokens on " << ref.system.gpus
                 << "× " << ref.system.gpu << " (default MFU "
                 << defaultMfuForParams(params, ref.system.gpu) << ")";
            row.what = what.str();
            row.published = ref.system.published;
            auto run = trainingOn(ref, ref.system, catalog, assumptions);
            if (run) {
                row.tool = run.value().gpuHours;
                row.detail = overheads(run.value());
            } else {
                row.detail = run.error().messages();
            }
            break;
        }
        case ReferenceKind::TrainingRatio: {
            // The same run on both: the ratio of samples/s per GPU is the
            // inverse ratio of GPU-hours.
            row.unit = "ratio of training throughput per GPU";
            row.what = modelName + " " + ref.precision + " training, " + ref.system.gpu + " ÷ " +
                       ref.baseline.gpu;
            row.published = (ref.system.published / ref.system.gpus) /
                            (ref.baseline.published / ref.baseline.gpus);
            auto a = trainingOn(ref, ref.system, catalog, assumptions);
            auto b = trainingOn(ref, ref.baseline, catalog, assumptions);
            if (a && b) {
                row.tool = b.value().gpuHours / a.value().gpuHours;
                row.detail = overheads(a.value()) + " | " + overheads(b.value());
            } else {
                row.detail = (a ? b.error() : a.error()).messages();
            }
            break;
        }
        }
        finish(row);
        rows.push_back(std::move(row));
    }
    return rows;
}

CalibrationSummary summarizeCalibration(const std::vector<CalibrationRow>& rows, ReferenceUse use)
{
    CalibrationSummary s;
    std::vector<double> errors;
    for (const CalibrationRow& row : rows) {
        if (row.use != use)
            continue;
        ++s.count;
        s.outsideTolerance += !row.within;
        if (row.tool <= 0) {
            ++s.refused;
            ++s.beyondIssueBound;
            continue;
        }
        errors.push_back(std::abs(row.ratio - 1.0));
        s.beyondIssueBound += errors.back() > kIssueBound;
    }
    if (errors.empty())
        return s;
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    s.medianAbsError = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2.0;
    s.maxAbsError = errors.back();
    return s;
}

} // namespace fleet
