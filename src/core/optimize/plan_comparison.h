#pragma once

// One answer: where the engine's per-workload choices and the optimizer's
// plan differ, and by how much (both totals are the horizon's cost of the
// whole plan, a fixed fleet's commitment included).

#include "engine/evaluation.h"
#include "optimize/regime_mix.h"

#include <string>
#include <vector>

namespace fleet {

struct ChoiceDifference
{
    std::string workloadId;
    std::string engine;    ///< "h100-sxm-80gb partition 7g.80gb", or "(none)"
    std::string optimizer; ///< the same for the plan; "(not served)" when it leaves it out
};

struct PlanComparison
{
    double engineCostUsd = 0;
    double optimizerCostUsd = 0;
    double differenceUsd = 0; ///< engine − optimizer: what following the plan saves
    std::vector<ChoiceDifference> choices;
    /// GPUs the engine's choices set up above the fleet in their fullest
    /// month (Kpis::peakGpusBeyondFleet): priced on demand by the engine, but
    /// no plan the optimizer may choose (its pools are limits).
    double engineGpusBeyondFleet = 0;
};

/// "gpu regime[ profile][ on spot]".
std::string describeChoice(const std::string& gpuId, RegimeKind regime, const std::string& profile,
                           bool onSpot);

PlanComparison comparePlans(const Evaluation& evaluation, const RegimeMixResult& plan);

/// Why the engine's choices cost less than the optimizer's plan, when the
/// reason is that they are not a plan the optimizer may choose ("the engine's
/// choices set up to 57 GPUs beyond the pools they may use ..."); empty
/// otherwise.
std::string whyTheEngineCostsLess(const PlanComparison& comparison);

} // namespace fleet
