#pragma once

// Chart: cost per trillion training tokens (or per million output tokens) by
// GPU and regime, side by side.

#include "engine/chart_data.h"
#include "engine/range_curve.h"

class QChart;

namespace fleet::gui {

/// With `band` (the project has input ranges), each bar's P10–P90 over the
/// draws as a whisker with a tick at P50; `bandPending`: the project has
/// ranges but their band is still being computed (the legend says so).
QChart* createCostPerTokenChart(const Catalog& catalog, const CostPerTokenData& data,
                                const CostPerTokenBand* band = nullptr, bool bandPending = false);

} // namespace fleet::gui
