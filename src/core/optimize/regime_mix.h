#pragma once

// The regime-mix optimizer: which GPUs of which model run under which regime
// (and which partition layouts), under which plan, month by month, so that
// every workload is served under its segment's rules at least cost — or at
// most margin. A mixed-integer program built from the engine's options and
// solved with CBC; the formulation is in docs/OPTIMIZER.md.

#include "model/project.h"
#include "optimize/milp.h"

#include <atomic>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

struct Evaluation;

enum class Objective
{
    Cost,
    Margin
};

struct OptimizeOptions
{
    Objective objective = Objective::Cost;
    /// The LP relaxation rounded to a feasible plan, for live use; the exact
    /// solve (the default) starts from that plan and proves or improves it.
    bool fastPath = false;
    SolveOptions solve;
    /// evaluate(project) of this very project, when the caller holds one (the
    /// CLI's `evaluate` prints both): the solve reads its options instead of
    /// evaluating again. It must be of the same project; null: evaluated here.
    const Evaluation* evaluation = nullptr;
};

struct PoolCount
{
    std::string gpuId;
    /// Absent for GPUs held but not set up this month (a reservation held
    /// through a month of lower demand): they are paid for all the same.
    std::optional<RegimeKind> regime;
    Plan plan = Plan::OnDemand;
    int month = 1;
    int count = 0; ///< whole GPUs at once (on demand and spot: the GPUs used, rounded up)
    /// GPUs paid for the month: `count` committed; on demand and spot the
    /// GPU-hours used ÷ 730, to the fraction of a GPU (rented by the hour).
    double gpus = 0;
};

struct LayoutCount
{
    std::string gpuId;
    int month = 1;
    std::string layout;                ///< "3g.40gb@0 + 4g.40gb@0", "CPX-NPS4"
    std::vector<std::string> profiles; ///< the instances on one GPU, e.g. {"3g.40gb", "4g.40gb"}
    int count = 0;
};

struct Assignment
{
    std::string workloadId;
    std::string gpuId;
    RegimeKind regime = RegimeKind::BareMetal;
    std::string profile;
    bool onSpot = false; ///< runs on spot GPUs
};

struct PlanCostShare
{
    std::string gpuId;
    Plan plan = Plan::OnDemand;
    double usd = 0;
};

/// A committed pool's GPUs now and at renewal if resized to the plan.
struct CommittedResize
{
    std::string gpuId;
    Plan plan = Plan::Reserved1y;
    int currentGpus = 0;
    int proposedGpus = 0;
};

struct RegimeMixResult
{
    SolveStatus status = SolveStatus::NoSolution;
    /// Which path produced the answer: "exact", "exact_restricted",
    /// "exact_by_rounding" (the rounded LP, proven within the gap target) or
    /// "lp_rounding" (the fast path).
    std::string method = "exact";
    double objectiveUsd = 0; ///< cost, or margin for the margin objective
    double bestBoundUsd = 0;
    double gap = 0;
    double solveSeconds = 0;
    /// The fleet's cost over the horizon: GPUs held × hours × price, less
    /// elasticSavingUsd, + services' overflow, + networkUsd.
    double costUsd = 0;
    /// The network charge of network-pooled options over the horizon
    /// (networkTotalCostUsd of each chosen option; in costUsd, not in
    /// costBreakdown). The GPUs' part is costUsd − networkUsd.
    double networkUsd = 0;
    double revenueUsd = 0; ///< margin objective: what the served segments pay
    std::vector<PlanCostShare> costBreakdown;
    /// What services and notebooks on on-demand GPUs save by paying their
    /// mean rather than the GPUs they hold at the peak (already taken off
    /// costUsd and the on-demand plans' shares of costBreakdown).
    double elasticSavingUsd = 0;
    std::vector<PoolCount> pools;
    std::vector<LayoutCount> layouts;
    std::vector<Assignment> assignments;
    std::vector<std::string> unserved; ///< margin objective: workloads not worth serving
    std::optional<double> baselineUsd; ///< all bare metal, on demand (the engine's baseline)
    std::optional<double> savingsUsd;
    std::vector<std::string> reasons; ///< why the model is infeasible, in plain sentences
    /// The solver crashed on a first try and this plan is a second try's
    /// (MilpSolution::note); empty otherwise.
    std::string solverNote;
    /// Fixed fleet: what one more GPU of each model would save over the
    /// horizon, from the LP with the workloads' choices fixed (0 where the
    /// fleet's limit does not bind).
    std::vector<std::pair<std::string, double>> marginalGpuValueUsd;
    int columns = 0;
    int rows = 0;
    /// Fixed fleet: the reserved and owned pools' cost over the horizon (in
    /// costUsd: they are paid whether the plan uses them or not).
    double committedUsd = 0;
    /// Fixed fleet with a commitment: the pools resized to the plan at
    /// renewal, the plan's cost then, and the saving against costUsd.
    std::vector<CommittedResize> resize;
    std::optional<double> renewalCostUsd;
    std::optional<double> renewalSavingUsd;
};

/// The model alone, with readable names (for --mps and for tests).
Milp buildRegimeMixMilp(const Project& project, Objective objective);

/// Builds, solves and reads the answer. An infeasible model is an answer
/// (status and reasons); a model the solver must not be given (inconsistent
/// bounds, non-finite coefficients: see checkMilp) or an exception from the
/// solver is an error naming the column or row and the rule.
Result<RegimeMixResult> optimizeRegimeMix(const Project& project, const OptimizeOptions& options);

/// The same on a worker thread: the project is copied, and raising `cancel`
/// stops the solve with the best plan so far.
std::future<Result<RegimeMixResult>>
optimizeRegimeMixAsync(Project project, OptimizeOptions options,
                       std::shared_ptr<std::atomic<bool>> cancel);

} // namespace fleet
