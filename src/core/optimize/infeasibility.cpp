#include "optimize/infeasibility.h"

#include "engine/fleet_spot.h"
#include "engine/options.h"
#include "util/number_text.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace fleet {

namespace {

std::string join(const std::vector<std::string>& items, const std::string& separator)
{
    std::string text;
    for (const std::string& item : items)
        text += (text.empty() ? "" : separator) + item;
    return text;
}

std::string needs(const Project& project, const Workload& workload)
{
    std::vector<std::string> parts;
    if (const Segment* segment = project.segment(workload.segmentId)) {
        if (segment->isolationFloor != IsolationLevel::None)
            parts.push_back(std::string(isolationKey(segment->isolationFloor)) + " isolation");
        std::vector<std::string> regimes;
        for (RegimeKind kind : segment->allowedRegimes)
            regimes.push_back(std::string(regimeKey(kind)));
        parts.push_back("one of " + join(regimes, ", "));
    }
    if (const auto* n = std::get_if<NotebookSpec>(&workload.spec))
        parts.push_back(wholeUpText(n->memoryGbPerSession) + " GB per session");
    if (const auto* b = std::get_if<BatchSpec>(&workload.spec))
        parts.push_back(wholeUpText(b->memoryGbPerGpu) + " GB per GPU");
    if (const auto* t = std::get_if<TrainingSpec>(&workload.spec); t && t->gpusPerJob > 1)
        parts.push_back(countText(t->gpusPerJob) + " GPUs per job");
    return join(parts, " and ");
}

} // namespace

std::string explainNoOption(const Project& project, const Workload& workload,
                            const std::vector<RejectedOption>& rejected)
{
    std::vector<std::string> gpus;
    for (const GpuModel* gpu : candidateGpus(project))
        gpus.push_back(gpu->id);
    std::string sentence = std::string(workloadKindKey(workload.kind())) + " `" + workload.id +
                           "` needs " + needs(project, workload) + "; ";
    if (gpus.empty())
        return sentence + (project.fleet.mode == FleetMode::Fixed
                               ? "the fleet has no GPUs"
                               : "the active price book prices no GPU");
    if (rejected.empty())
        return sentence + "no such regime exists on " + join(gpus, ", ") +
               (workload.choice.gpuId || workload.choice.regime || workload.choice.profile
                    ? ", or none matches the workload's chosen GPU, regime and profile"
                    : "");
    // The distinct reasons, each with the options that ran into it.
    std::map<std::string, std::vector<std::string>> byReason;
    for (const RejectedOption& option : rejected)
        byReason[option.reason].push_back(option.gpuId + " " +
                                          std::string(regimeKey(option.regime)) +
                                          (option.profile.empty() ? "" : " " + option.profile));
    std::vector<std::string> reasons;
    for (const auto& [reason, where] : byReason) {
        reasons.push_back(
            reason + " (" + where.front() +
            (where.size() > 1 ? " and " + std::to_string(where.size() - 1) + " more" : "") + ")");
        if (reasons.size() == 3)
            break;
    }
    return sentence + "no option on " + join(gpus, ", ") + " qualifies: " + join(reasons, "; ");
}

std::vector<std::string> explainInfeasibleFleet(const Project& project,
                                                const Evaluation& evaluation)
{
    std::vector<std::string> reasons;
    if (project.fleet.mode != FleetMode::Fixed)
        return {"the model has no solution although every workload has an option; export it with "
                "--mps to inspect it"};
    std::map<std::string, double> fleet; // counts of many 10-million-GPU pools overflow int
    std::map<std::string, double> spotFleet;
    for (const FleetPool& pool : project.fleet.pools) {
        fleet[pool.gpuId] += pool.count;
        if (pool.plan == Plan::Spot)
            spotFleet[pool.gpuId] += pool.count;
    }
    // Workloads none of whose options may run on spot, with why (each reason
    // once), in the project's order.
    std::vector<std::pair<std::string, std::string>> offSpot;
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        const auto workload =
            std::find_if(project.workloads.begin(), project.workloads.end(),
                         [&](const Workload& candidate) { return candidate.id == w.id; });
        if (workload == project.workloads.end() || w.options.empty())
            continue;
        std::vector<std::string> why;
        for (const OptionResult& option : w.options) {
            const auto refusal = spotRefusal(project, *workload, option);
            if (!refusal) {
                why.clear();
                break;
            }
            if (std::find(why.begin(), why.end(), *refusal) == why.end())
                why.push_back(*refusal);
        }
        if (!why.empty())
            offSpot.emplace_back(w.id, join(why, "; "));
    }
    // A lower bound per month: each workload on its option holding the fewest GPUs.
    for (int m = 0; m < project.horizonMonths; ++m) {
        double least = 0, leastOffSpot = 0;
        std::set<std::string> models;
        for (const WorkloadEvaluation& w : evaluation.workloads) {
            double best = 1e300;
            for (const OptionResult& option : w.options) {
                // A gang holds its runs' hours; services and notebooks are
                // held towards their peak.
                const MonthRequirement need = option.capacity(std::size_t(m));
                const double held = isWholeGpu(option.regime) ? need.gpuHoursHeld / kHoursPerMonth
                                                              : need.gpuEquivalents;
                best = std::min(best, held);
                models.insert(option.gpuId);
            }
            if (w.options.empty())
                continue;
            least += best;
            if (std::any_of(offSpot.begin(), offSpot.end(),
                            [&](const auto& entry) { return entry.first == w.id; }))
                leastOffSpot += best;
        }
        double total = 0, spot = 0; // in double: counts of many 10-million-GPU pools overflow int
        for (const std::string& model : models) {
            total += fleet[model];
            spot += spotFleet[model];
        }
        if (std::ceil(least - 1e-6) > total) {
            reasons.push_back("month " + std::to_string(m + 1) +
                              ": even the smallest placement of every workload holds " +
                              wholeUpText(least - 1e-6) + " GPUs; the fleet has " +
                              wholeUpText(total));
            break;
        }
        // Spot pools take only the work spotRefusal lets on: the rest must fit beside them.
        if (spot > 0 && std::ceil(leastOffSpot - 1e-6) > total - spot) {
            std::vector<std::string> who;
            for (const auto& [id, why] : offSpot) {
                who.push_back("`" + id + "`: " + why);
                if (who.size() == 3)
                    break;
            }
            const std::size_t more = offSpot.size() - who.size();
            reasons.push_back(
                "month " + std::to_string(m + 1) + ": " + std::to_string(offSpot.size()) +
                " workload(s) cannot run on the fleet's " + wholeUpText(spot) +
                " spot GPUs, and even their smallest placement holds " +
                wholeUpText(leastOffSpot - 1e-6) + " GPUs; the fleet has " +
                wholeUpText(total - spot) +
                " outside its spot pools. Spot takes only "
                "preemptible work on whole GPUs that a spot price covers: " +
                join(who, "; ") + (more > 0 ? "; and " + std::to_string(more) + " more" : ""));
            break;
        }
    }
    if (reasons.empty())
        reasons.push_back("the fleet's GPUs cannot be split between the workloads' regimes and "
                          "partition layouts in "
                          "some month, although in total they suffice; export the model with --mps "
                          "to inspect it");
    return reasons;
}

} // namespace fleet
