#pragma once

// Chart: USD per dense BF16 PFLOP-hour for every GPU and plan of one price book.

#include "engine/compute_price.h"

class QChart;

namespace fleet::gui {

/// Builds the chart from the engine's table; the caller owns the chart.
QChart* createComputePriceChart(const PriceBook& book, const ComputePriceTable& table);

} // namespace fleet::gui
