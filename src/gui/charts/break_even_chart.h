#pragma once

// Chart: what a busy GPU-hour costs under on-demand, reserved, spot and owned
// as utilization varies; committed plans cross on-demand at their break-even.

#include "engine/chart_data.h"

class QChart;

namespace fleet::gui {

QChart* createBreakEvenChart(const Catalog& catalog, const BreakEvenData& data);

} // namespace fleet::gui
