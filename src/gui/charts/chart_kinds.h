#pragma once

// Every chart the app shows and `fleetplanner-cli chart --kind` renders, by
// key, built from one snapshot's results.

#include "compute/plan_results.h"

#include <QString>

#include <optional>
#include <vector>

class QChart;

namespace fleet::gui {

enum class ChartKind
{
    CostPerToken,
    CostPerTrainingToken,
    CostCurve,
    Frontier,
    RegimeMix,
    BreakEven,
    Tornado,
    Scenarios,
    ComputePrice,
    Packing,
    OptimizerMix ///< the optimizer's plan; in the app, a mode of the regime-mix tab
};

const std::vector<ChartKind>& allChartKinds();
QString chartKindKey(ChartKind kind);   ///< "cost-per-token", … (the CLI's --kind)
QString chartKindLabel(ChartKind kind); ///< "Cost per token", … (tab titles)
std::optional<ChartKind> chartKindFromKey(const QString& key);

/// Whether the kind needs the simulated frontiers (slow) in the results.
bool needsFrontiers(ChartKind kind);
/// Whether the kind is drawn from the optimizer's plan (`results.optimizer`).
bool needsOptimizer(ChartKind kind);
/// The ResultParts the kind is drawn from (0: the engine's evaluation alone).
unsigned resultParts(ChartKind kind);

/// Builds the chart; the caller owns it.
QChart* createChart(ChartKind kind, const PlanResults& results);

/// Whether the kind draws its fan over the input ranges (results.bands).
bool hasFan(ChartKind kind);

/// "Sample AI cloud · scenario Reserve 60 % · price book Example 2024 (as of
/// 2024-06)"; for a chart of `kind` drawn with its fan, what the fan is of
/// and its seed too.
QString chartFooter(const PlanResults& results, std::optional<ChartKind> kind = std::nullopt);

} // namespace fleet::gui
