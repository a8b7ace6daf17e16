#pragma once

// The regime-mix model's bookkeeping: which column is which option, GPU
// count, regime set-up or layout. Private to src/core/optimize/.

#include "engine/evaluation.h"
#include "optimize/milp.h"
#include "optimize/partition_layouts.h"
#include "optimize/regime_mix.h"

#include <map>
#include <string>
#include <vector>

namespace fleet {

struct OptionColumn
{
    int column = -1;
    const OptionResult* option = nullptr;
    bool onSpot = false; ///< the option's work runs on spot GPUs (preemptible work only)
};

struct WorkloadOptions
{
    const Workload* workload = nullptr;
    std::vector<OptionResult> options;
    std::vector<OptionColumn> columns;
    int assignRow = -1; ///< the row Σ columns = 1 (cost) or ≤ 1 (margin)
};

struct PlanColumn
{
    std::string gpuId;
    Plan plan;
    int month;
    int column;
    double usdPerGpuHour;
};

struct RegimeColumn
{
    std::string gpuId;
    RegimeKind regime;
    int month;
    int column;
};

struct LayoutColumn
{
    std::string gpuId;
    const PartitionLayout* layout;
    int month;
    int column;
};

/// On-demand GPUs a service or notebooks option takes in a month
/// (continuous, in GPUs): rented by the hour, they are paid at the mean, so
/// the column's cost is −saving × its GPU-hours × the on-demand price.
/// docs/MODEL.md, "Committed pools hold the peak, elastic ones are paid by the hour".
struct ElasticColumn
{
    int column;
    int optionColumn; ///< the option's 0/1 column
    const OptionResult* option;
    std::string gpuId;
    Plan plan;
    int month;
    int flexibleColumn; ///< the GPU-count column of the on-demand plan it shares
    int takeRow;        ///< elastic_take: at most its upper bound × the option's column
};

/// Everything needed to build the model and read its solution.
struct Model
{
    Milp milp;
    std::vector<WorkloadOptions> workloads;
    std::vector<PlanColumn> plans;
    std::vector<RegimeColumn> regimes; ///< committed GPUs set up per regime (integer)
    std::vector<LayoutColumn> layouts; ///< committed GPUs laid out (integer)
    /// On-demand GPUs per regime and per layout, rented by the hour: to the
    /// fraction of a GPU (continuous; docs/OPTIMIZER.md, "What the model charges").
    std::vector<RegimeColumn> flexRegimes;
    std::vector<LayoutColumn> flexLayouts;
    /// Spot GPUs set up as a whole-GPU regime: a pool of their own, which
    /// only preemptible work may use.
    std::vector<PlanColumn> spot;
    std::vector<RegimeColumn> spotRegimes;
    std::vector<ElasticColumn> elastic;
    std::map<std::string, std::vector<PartitionLayout>> layoutsByGpu;
    std::vector<std::string> reasons;
};

/// Every workload's options (the engine's, filtered by its pinned choice);
/// a sentence per workload left without any goes to `reasons`.
std::vector<WorkloadOptions> gatherOptions(const Project& project,
                                           std::vector<std::string>* reasons);
/// The same from `evaluation`, the engine's evaluation of this very project:
/// its options are the ones buildOptions would build again (the same call),
/// so the solve builds every workload's options once, not twice.
std::vector<WorkloadOptions> gatherOptions(const Project& project, const Evaluation& evaluation,
                                           std::vector<std::string>* reasons);

/// What one option earns in the margin objective: its segment's price on
/// the GPU-hours it holds (overflow replicas included).
double revenueOf(const Project& project, const Workload& workload, const OptionResult& option);

/// Builds the model from the engine's options for every workload.
Model buildRegimeMixModel(const Project& project, Objective objective);
/// Builds the model from the options of `evaluation` (evaluate(project)).
Model buildRegimeMixModel(const Project& project, Objective objective,
                          const Evaluation& evaluation);
/// Builds the model over the given options only.
Model buildRegimeMixModel(const Project& project, Objective objective,
                          std::vector<WorkloadOptions> workloads);

} // namespace fleet
