#include "engine/fleet_peaks.h"

#include "util/number_text.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace fleet {

std::vector<PeakShortfall> peakShortfalls(const Project& project,
                                          const std::vector<WorkloadEvaluation>& workloads)
{
    std::vector<PeakShortfall> shortfalls;
    if (project.fleet.mode != FleetMode::Fixed)
        return shortfalls;
    std::map<std::string, std::int64_t> fleetCount; // a million pools of 10 M GPUs is valid
    for (const FleetPool& pool : project.fleet.pools)
        fleetCount[pool.gpuId] += pool.count;
    // GPUs held at once: each workload at its peak (a gang and its spares
    // while it runs; services and notebooks at their peak-to-mean ratio).
    // Summing peaks assumes they coincide: the count errs on the safe side.
    for (int m = 0; m < project.horizonMonths; ++m) {
        std::map<std::string, double> needed;
        for (const WorkloadEvaluation& w : workloads)
            if (const OptionResult* option = w.chosenOption();
                option && std::size_t(m) < option->months.size())
                needed[option->gpuId] += option->months[static_cast<std::size_t>(m)].peakGpus;
        for (const auto& [gpu, count] : needed) {
            const double gpus = std::ceil(count - 1e-6);
            if (gpus > double(fleetCount[gpu]))
                shortfalls.push_back({m + 1, gpu, gpus, fleetCount[gpu]});
        }
    }
    return shortfalls;
}

double gpusBeyondFleetAtPeak(const Project& project, const Evaluation& evaluation)
{
    std::map<int, double> byMonth;
    for (const PeakShortfall& s : peakShortfalls(project, evaluation.workloads))
        byMonth[s.month] += s.gpusAtPeaks - double(s.fleetGpus);
    double most = evaluation.kpis.peakGpusBeyondFleet; // whole GPUs per regime can round above
    for (const auto& [month, gpus] : byMonth)
        most = std::max(most, gpus);
    return most;
}

std::optional<std::string> peakShortfallAlert(const Project& project, const Evaluation& evaluation)
{
    const double mean = evaluation.kpis.peakGpusBeyondFleet;
    const double peak = gpusBeyondFleetAtPeak(project, evaluation);
    if (peak <= mean)
        return std::nullopt;
    return "at their peaks the chosen options hold up to " + wholeUpText(peak) +
           " GPUs more than the fleet has (" + wholeUpText(mean) +
           " for the GPUs set up, which the cost prices): the fleet is short at the busiest "
           "hour; peaks summed as if they coincide";
}

} // namespace fleet
