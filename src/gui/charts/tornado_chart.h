#pragma once

// Chart: tornado — how far a KPI moves when each input moves ±x %, largest
// swing on top.

#include "engine/sensitivity.h"

#include <QString>

class QChart;

namespace fleet::gui {

QChart* createTornadoChart(const Tornado& tornado);

/// "Mean monthly cost (USD)", … for titles and axes.
QString kpiTitle(Kpi kpi);

} // namespace fleet::gui
