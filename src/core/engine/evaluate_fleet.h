#pragma once

// A fixed fleet's cash: reserved and owned pools are committed for their term
// and paid every month whether used or not, whole GPUs each set up as one
// regime; on-demand and spot pools are limits, paid for the GPU-hours the
// plan uses of them — what the committed GPUs leave of each regime's need,
// to the fraction of a GPU (engine/committed_level.h). The optimizer's
// model counts alike, so the engine and the optimizer price one plan alike.
// docs/MODEL.md, "Commitments".

#include "engine/evaluation.h"

#include <string>
#include <vector>

namespace fleet {

/// GPUs the given options set up on one GPU model in month `m` (0-based):
/// whole-GPU regimes ⌈Σ GPU-hours held ÷ 730⌉ per regime (a gang its runs'
/// hours: OptionResult::capacityGpuHours), partitions
/// ⌈Σ instances ÷ instances per GPU⌉ per profile (homogeneous layouts; the
/// optimizer may mix profiles on a GPU), shared regimes ⌈Σ GPU shares ÷
/// packing efficiency⌉ per regime.
double gpusSetUp(const std::vector<const OptionResult*>& options, std::size_t m);

/// GPU-hours of `elasticGpus` flexible GPUs in month `m` (0-based) that
/// services and notebooks take, per option in `options`' order (0 for the
/// rest): committed GPUs are paid whether used or not, so they hold the peak
/// of what the flexible ones leave; flexible GPUs are rented by the hour, so
/// an option on them pays its mean, saving elasticSavingFraction(m) of the
/// GPU-hours it takes. The options saving most come first, each up to its
/// setUpGpuHours(m): the largest saving (a fractional knapsack), which is
/// what the optimizer's LP finds too. docs/MODEL.md, "Committed pools hold
/// the peak, elastic ones are paid by the hour".
std::vector<double> elasticGpuHours(const std::vector<const OptionResult*>& options, std::size_t m,
                                    double elasticGpus);

/// What `flexibleGpus` flexible GPUs of a model cost in month `m` at
/// `usdPerGpuHour`: all their hours, less what the services and notebooks
/// placed on them by elasticGpuHours save.
double flexibleMonthUsd(const std::vector<const OptionResult*>& options, std::size_t m,
                        double flexibleGpus, double usdPerGpuHour);

/// elasticGpuHours and flexibleMonthUsd for one month's options, with the
/// options' savings and their order sorted once: for costing many flexible
/// counts of the same options (the fast path's committed-level search tried
/// each of thousands of counts, re-sorting every month's options each time).
class ElasticFill
{
public:
    ElasticFill(const std::vector<const OptionResult*>& options, std::size_t m);
    std::vector<double> hours(double elasticGpus) const;                 ///< elasticGpuHours
    double flexibleUsd(double flexibleGpus, double usdPerGpuHour) const; ///< flexibleMonthUsd

private:
    std::vector<double> m_saving;        ///< elasticSavingFraction(m), per option
    std::vector<double> m_setUpGpuHours; ///< setUpGpuHours(m) where it saves
    std::vector<std::size_t> m_order;    ///< the options that save, most first
};

/// One GPU model of a fixed fleet under a plan, month by month.
struct FleetModelCash
{
    std::string gpuId;
    double committedGpus = 0;          ///< reserved and owned pools
    double committedUsdPerGpuHour = 0; ///< their prices weighted by GPU count
    double flexibleGpus = 0; ///< on-demand pools (limits, paid when used); spot: fleet_spot.h
    double flexibleUsdPerGpuHour = 0; ///< the flexible pools' price (else the book's on-demand)
    bool flexiblePriced = false;
    /// GPUs the plan needs per month, per regime or partition profile (gpusNeeded).
    std::vector<std::vector<double>> needs;
    /// Per month: committed GPUs set up (whole GPUs) + flexible GPUs rented
    /// by the hour (flexibleGpusNeeded: to the fraction of a GPU).
    std::vector<double> gpusUsed;
    std::vector<double> monthlyUsd;      ///< commitment + flexible GPUs used + beyond the fleet
    std::vector<double> usedMonthlyUsd;  ///< the share of monthlyUsd the plan uses
    std::vector<double> beyondFleetGpus; ///< GPUs used above the fleet, per month
    std::vector<const OptionResult*> options; ///< the chosen options on this model
    /// Per month, per option: GPU-hours of flexible GPUs it takes (elasticGpuHours).
    std::vector<std::vector<double>> elasticHours;
    /// Per month: what services and notebooks on flexible GPUs save by
    /// paying their mean (already taken off monthlyUsd and usedMonthlyUsd).
    std::vector<double> elasticSavedUsd;
};

/// A fixed fleet's cash per GPU model (every pool but spot, used or not) for
/// the workloads' chosen options not on spot (those: fixedFleetSpotCash).
std::vector<FleetModelCash> fixedFleetCash(const Project& project,
                                           const std::vector<WorkloadEvaluation>& workloads);

/// Committed GPUs that minimise the horizon's cost of `model`'s monthly use
/// (the newsvendor level between the committed and the flexible price), and
/// that cost; the flexible price pays the rest. With on-demand pools the
/// level is at least the busiest month's GPUs less the pools' limits (they
/// keep their limits, as in the optimizer's resize). It may be above today's
/// where more committed GPUs would pay (the sample without an idle timeout:
/// 2,038 for 1,600); the optimizer's resize never grows the commitment.
std::pair<double, double> renewalLevel(const FleetModelCash& model);

/// Sets the fixed fleet's KPIs: cost (commitment included), attributed cost
/// per workload, idle commitment, capacity freed and the saving at renewal.
void addFixedFleetCash(const Project& project, Evaluation& evaluation);

} // namespace fleet
