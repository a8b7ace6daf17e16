#pragma once

// A project's knee measured over several seeds: the one path both
// `fleetplanner-cli simulate PROJECT` and the app's frontier take, so the
// knee the app shows and writes is the CLI's (docs/MODEL.md, "A knee over
// several seeds").

#include "simulate/knee_spread.h"
#include "simulate/measured_ceiling.h"
#include "simulate/project_jobs.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace fleet {

/// `count` seeds from `first`: first, first + 1, …
std::vector<std::uint64_t> kneeSeeds(std::uint64_t first, int count);

struct SeededFrontier
{
    Frontier frontier; ///< the first seed's points, with the median knee (withMedianKnee)
    KneeSpread spread; ///< each seed's knee, in seed order
};

/// projectFrontier() once per seed of kneeSeeds(firstSeed, seeds), and the
/// median of their knees. `keepGoing`, when given, is called after each
/// seed with the number done; when it answers false the seeds run so far
/// are returned (spread.knees says how many).
SeededFrontier seededProjectFrontier(const Project& project, const Evaluation& evaluation,
                                     const ProjectCluster& cluster, PlacementPolicy policy,
                                     const std::vector<double>& loads, double days,
                                     std::uint64_t firstSeed, int seeds,
                                     double maxJobs = kMaxSimulatedJobs, bool planRuns = true,
                                     const ClusterMix* batchMix = nullptr,
                                     const std::function<bool(int done)>& keepGoing = {});

/// How `measured` was measured, for the project's note (noteWithMeasuredCeiling):
/// `how` ("by fleetplanner-cli simulate", …) on `date`, over `loads` and
/// `days` (or the days the frontier simulated, when fewer), its seeds and
/// the range of their knees.
CeilingProvenance seededProvenance(std::string how, std::string date,
                                   const std::vector<double>& loads, double days,
                                   const SeededFrontier& measured);

} // namespace fleet
