#pragma once

// Whether a chart drawn from earlier results is the chart newer results
// would give: then the chart on screen stays as it is, fitted (an edit that
// does not reach the chart shown costs no rebuild, fit or relayout of it).

#include "charts/chart_kinds.h"
#include "compute/plan_results.h"

namespace fleet::gui {

/// True when createChart(kind, …) reads the same inputs from `drawn` and
/// `now`. Only the kinds whose builders read nothing but their data (and
/// GPU names from the catalog) can say so; every other kind is false:
/// drawn anew.
bool sameChartInputs(ChartKind kind, const PlanResults& drawn, const PlanResults& now);

} // namespace fleet::gui
