#pragma once

// Chart: the utilization frontier — useful cluster utilization against job
// throughput per scheduling policy, each policy's knee marked.

#include "simulate/frontier.h"

#include <vector>

class QChart;

namespace fleet::gui {

QChart* createFrontierChart(const std::vector<Frontier>& frontiers);

} // namespace fleet::gui
