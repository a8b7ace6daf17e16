#pragma once

// Chart: mean monthly cost (left axis) and utilization (right axis) as the
// fleet grows or shrinks — or, for a sized fleet, as the utilization ceiling moves.

#include "engine/chart_data.h"
#include "engine/range_curve.h"

class QChart;

namespace fleet::gui {

/// With `band` (the project has input ranges), the cost's P10–P90 as a fan
/// around the curve and its P50 as a thin line; `bandPending`: the project
/// has ranges but their band is still being computed (the legend says so).
QChart* createCostCurveChart(const CostCurveData& data, const CostCurveBand* band = nullptr,
                             bool bandPending = false);

} // namespace fleet::gui
