#pragma once

// Chart: the project's scenarios side by side — monthly cost and monthly
// savings against the all-bare-metal baseline.

#include "engine/chart_data.h"

#include <vector>

class QChart;

namespace fleet::gui {

QChart* createScenarioChart(const std::vector<ScenarioKpis>& scenarios);

} // namespace fleet::gui
