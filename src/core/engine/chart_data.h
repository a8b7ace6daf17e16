#pragma once

// The data behind the app's charts, computed from a project and its
// evaluation. Views draw these and compute nothing (DESIGN.md: document →
// engine → results → views), and `fleetplanner-cli chart` draws the same.

#include "engine/evaluation.h"
#include "engine/sensitivity.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// Cost per unit of work of each workload of a kind — per trillion training
/// tokens (`kind` Training) or per million output tokens (Inference) — under
/// every regime the engine found feasible for it, on each GPU, at on-demand
/// prices so that regimes compare; the cheapest profile stands for a regime.
/// One group per workload and GPU: a mean over workloads would mix different
/// work in different cells.
struct CostPerTokenData
{
    std::string unitLabel; ///< "USD per trillion training tokens"
    WorkloadKind kind = WorkloadKind::Inference;
    Plan plan = Plan::OnDemand;
    std::vector<std::string> workloadNames;              ///< per category
    std::vector<std::size_t> workloadIndices;            ///< per category, in the evaluation
    std::vector<std::string> gpuIds;                     ///< per category
    std::vector<RegimeKind> regimes;                     ///< series
    std::vector<std::vector<std::optional<double>>> usd; ///< [regime][category]
    /// Groups the project has; only the kMaxCostPerTokenGroups of the
    /// workloads with the most work are kept (a chart of more cannot be read,
    /// and a live edit would redraw them all).
    std::size_t totalGroups = 0;
};
inline constexpr std::size_t kMaxCostPerTokenGroups = 12;
CostPerTokenData costPerToken(const Project& project, const Evaluation& evaluation,
                              WorkloadKind kind);

/// The work a cost-per-token bar is priced per: a trillion training tokens,
/// a million output tokens.
double costPerTokenUnit(WorkloadKind kind);
/// One workload's cost per unit of work on `gpuId` at `plan`, by regime (the
/// cheapest profile stands for a regime); empty when it has no work or no
/// such option. A bar of costPerToken.
std::map<RegimeKind, double> costPerUnitByRegime(const WorkloadEvaluation& workload,
                                                 const std::string& gpuId, Plan plan);

/// GPUs the chosen plan holds, per month and regime, and the GPUs it pays
/// for but does not hold (the regime mix): Evaluation::gpus, so the bars
/// stand as high as the GPUs paid (engine/gpu_counts.h).
struct RegimeMixData
{
    std::vector<std::string> months;       ///< "2026-01", … or "M1", …
    std::vector<RegimeKind> regimes;       ///< those holding any GPUs
    std::vector<std::vector<double>> gpus; ///< GPUs held, [regime][month]
    std::vector<double> paidNotHeld;       ///< GPUs paid − held, [month]
};
RegimeMixData regimeMix(const Project& project, const Evaluation& evaluation);
/// The same of any plan's counts (the optimizer's: optimize/plan_gpu_counts.h).
RegimeMixData regimeMixOf(const GpuCounts& counts, std::vector<std::string> months);

/// The name of the series of GPUs paid but not held (committed GPUs the
/// plan does not set up that month).
inline constexpr const char* kPaidNotHeldLabel = "Paid, not held";
/// A mix's stacked series, bottom up: each regime's GPUs held ("Bare
/// metal", …), then kPaidNotHeldLabel when any; together the GPUs paid.
std::vector<std::pair<std::string, std::vector<double>>> mixSeries(const RegimeMixData& data);

/// What a busy GPU-hour costs under each plan as utilization varies:
/// committed plans (reserved, owned) are paid every hour, so their cost per
/// busy hour is price ÷ utilization; on-demand and spot are paid as used.
struct BreakEvenLine
{
    Plan plan = Plan::OnDemand;
    double usdPerGpuHour = 0; ///< list price (spot: after lost work)
    bool committed = false;
    std::optional<double> breakEvenUtilization; ///< where it meets on-demand
};
struct BreakEvenData
{
    std::string gpuId;
    std::string priceBookName;
    std::vector<BreakEvenLine> lines;
};
/// For the fleet's largest pool's GPU (size mode: the GPU holding most hours).
BreakEvenData breakEven(const Project& project, const Evaluation& evaluation);

/// Mean monthly cost and utilization as the fleet is scaled (fixed fleet), or
/// as the scheduler's utilization ceiling is scaled (sized fleet).
struct CostCurveData
{
    std::string inputKey;  ///< "fleet_size" or "utilization_ceiling"
    std::string axisLabel; ///< "Fleet size (GPUs)"
    std::vector<double> x; ///< GPUs, or the ceiling's factor
    std::vector<std::optional<double>> monthlyCostUsd;
    std::vector<std::optional<double>> utilization;
    double current = 0; ///< x of the project as it stands
};
CostCurveData costCurve(const Project& project);

/// The KPIs of the project and of each of its scenarios.
struct ScenarioKpis
{
    std::string name;
    Kpis kpis;
};

} // namespace fleet
