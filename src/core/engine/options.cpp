// For one workload, every option: the GPU models and regimes it may use, the
// units each offers and the rules that rule one out; each kind's own
// requirement is built in engine/training_option.cpp, inference_option.cpp,
// notebook_option.cpp and batch_option.cpp (engine/option_context.h).

#include "engine/options.h"

#include "engine/option_context.h"
#include "engine/resource_unit.h"
#include "engine/training.h"

#include <algorithm>
#include <cmath>

namespace fleet {

namespace {

Precision precisionOf(const Workload& workload)
{
    if (const auto* training = std::get_if<TrainingSpec>(&workload.spec))
        return training->precision;
    if (const auto* inference = std::get_if<InferenceSpec>(&workload.spec))
        return inference->precision;
    return Precision::Bf16;
}

double otherTenantsBusy(const Workload& workload)
{
    if (const auto* notebooks = std::get_if<NotebookSpec>(&workload.spec))
        return notebooks->activeFraction;
    return 1.0;
}

Result<OptionResult> requirementOf(const OptionContext& c)
{
    return std::visit(
        [&](const auto& spec) -> Result<OptionResult> {
            using T = std::decay_t<decltype(spec)>;
            if constexpr (std::is_same_v<T, TrainingSpec>)
                return trainingOption(c, spec);
            else if constexpr (std::is_same_v<T, InferenceSpec>)
                return inferenceOption(c, spec);
            else if constexpr (std::is_same_v<T, NotebookSpec>)
                return notebookOption(c, spec);
            else
                return batchOption(c, spec);
        },
        c.workload.spec);
}

} // namespace

std::vector<const GpuModel*> candidateGpus(const Project& project)
{
    std::vector<const GpuModel*> gpus;
    const PriceBook* book = project.activePriceBook();
    for (const GpuModel& gpu : project.catalog().gpus) {
        bool usable = false;
        if (project.fleet.mode == FleetMode::Fixed) {
            for (const FleetPool& pool : project.fleet.pools)
                usable = usable || (pool.gpuId == gpu.id && pool.count > 0);
        } else {
            usable = book && book->prices(gpu.id);
        }
        if (usable)
            gpus.push_back(&gpu);
    }
    return gpus;
}

std::vector<OptionResult> buildOptions(const Project& project, const Workload& workload,
                                       const OptionFilter& filter,
                                       std::vector<RejectedOption>* rejected)
{
    std::vector<OptionResult> options;
    const Segment* segment = project.segment(workload.segmentId);
    const Precision precision = precisionOf(workload);
    const Sharing sharing{otherTenantsBusy(workload), project.tenantCount(workload.segmentId),
                          project.assumptions.sharingPenaltyPerExtraTenant};
    for (const GpuModel* gpu : candidateGpus(project)) {
        for (RegimeKind kind : allRegimes()) {
            if (!filter.regimes.empty() && std::find(filter.regimes.begin(), filter.regimes.end(),
                                                     kind) == filter.regimes.end())
                continue;
            if (!filter.ignoreSegmentRules && segment && !segment->allows(kind))
                continue; // the segment's policy, not a technical limit: not listed
            // A technical limit: listed with its reason.
            if (!gpu->runs(precision)) {
                if (rejected)
                    rejected->push_back(
                        {gpu->id, kind, "",
                         "has no " + std::string(precisionKey(precision)) + " tensor cores"});
                continue;
            }
            // The overhead the workload's kind meets under it (a per-kind
            // figure where the regime states one).
            const Regime regime = regimeFor(project.regime(kind), workload.kind());
            for (const ResourceUnit& unit : resourceUnits(*gpu, regime, precision, sharing)) {
                auto reject = [&](std::string reason) {
                    if (rejected)
                        rejected->push_back({gpu->id, kind, unit.profile, std::move(reason)});
                };
                if (!filter.ignoreSegmentRules && segment &&
                    unit.isolation < segment->isolationFloor) {
                    reject("gives " + std::string(isolationKey(unit.isolation)) +
                           " isolation; segment " + segment->id + " requires " +
                           std::string(isolationKey(segment->isolationFloor)));
                    continue;
                }
                const OptionContext context{project, workload, *gpu, regime, unit, filter};
                auto option = requirementOf(context);
                if (!option) {
                    reject(option.error().toString());
                    continue;
                }
                OptionResult result = std::move(option).value();
                result.gpuId = gpu->id;
                result.regime = kind;
                result.profile = unit.profile;
                result.isolation = unit.isolation;
                result.unitsPerGpu = std::max(1, unit.unitsPerGpu);
                // Replicas and sessions follow the load, and batch jobs in a
                // window hold the day's work within it: capacity holds them
                // towards their peak (docs/MODEL.md, "Gangs and peaks").
                const auto* batch = std::get_if<BatchSpec>(&workload.spec);
                if (workload.kind() == WorkloadKind::Inference ||
                    workload.kind() == WorkloadKind::Notebooks ||
                    (batch && batch->windowHoursPerDay))
                    result.peakCapacityShare = project.assumptions.peakCapacityShare;
                options.push_back(std::move(result));
            }
        }
    }
    return options;
}

bool isPreemptible(const Project& project, const Workload& workload)
{
    const Segment* segment = project.segment(workload.segmentId);
    if (segment && segment->preemptible)
        return true;
    const auto* batch = std::get_if<BatchSpec>(&workload.spec);
    return batch && batch->preemptible;
}

std::vector<double> servedPerMonth(const Project& project, const Workload& workload)
{
    std::vector<double> served;
    for (int m = 1; m <= project.horizonMonths; ++m) {
        double value = 0;
        if (workload.activeIn(m, project.horizonMonths)) {
            if (const auto* t = std::get_if<TrainingSpec>(&workload.spec)) {
                const auto tokens = runTokens(project, workload, *t);
                value = t->runsPerMonth * (tokens ? tokens.value() : 0.0);
            } else if (const auto* i = std::get_if<InferenceSpec>(&workload.spec))
                value = requestsPerSecondIn(*i, workload, m) * i->outputTokens * kHoursPerMonth *
                        3600.0;
            else if (const auto* n = std::get_if<NotebookSpec>(&workload.spec))
                value = n->users;
        }
        served.push_back(value);
    }
    return served;
}

bool matchesChoice(const OptionResult& option, const WorkloadChoice& choice)
{
    return (!choice.gpuId || *choice.gpuId == option.gpuId) &&
           (!choice.regime || *choice.regime == option.regime) &&
           (!choice.profile || *choice.profile == option.profile);
}

} // namespace fleet
