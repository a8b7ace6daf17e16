#pragma once

// Chart: mean monthly cost (left axis) and utilization (right axis) as the
// fleet grows or shrinks — or, for a sized fleet, as the utilization ceiling moves.

#include "engine/chart_data.h"

class QChart;

namespace fleet::gui {

QChart* createCostCurveChart(const CostCurveData& data);

} // namespace fleet::gui
