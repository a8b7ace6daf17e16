#pragma once

// Chart: cost per trillion training tokens (or per million output tokens) by
// GPU and regime, side by side.

#include "engine/chart_data.h"

class QChart;

namespace fleet::gui {

QChart* createCostPerTokenChart(const Catalog& catalog, const CostPerTokenData& data);

} // namespace fleet::gui
