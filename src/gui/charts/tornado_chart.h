#pragma once

// Chart: tornado — how far a KPI moves when each input moves ±x %, largest
// swing on top.

#include "engine/sensitivity.h"

#include <QString>

class QChart;

namespace fleet::gui {

QChart* createTornadoChart(const Tornado& tornado);

/// The KPI a tornado shows unless asked for another: one that moves in the
/// project's fleet mode — mean monthly cost for a sized fleet; for a fixed
/// fleet (paid whatever the inputs) the cost per unit of its work.
Kpi defaultTornadoKpi(const Project& project);

/// "Mean monthly cost (USD)", … for titles and axes.
QString kpiTitle(Kpi kpi);

} // namespace fleet::gui
