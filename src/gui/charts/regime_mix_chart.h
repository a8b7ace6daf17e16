#pragma once

// Chart: GPUs held per regime over the horizon's months, stacked.

#include "engine/chart_data.h"

class QChart;

namespace fleet::gui {

QChart* createRegimeMixChart(const RegimeMixData& data);

} // namespace fleet::gui
