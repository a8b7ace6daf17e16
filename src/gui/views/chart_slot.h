#pragma once

// A chart view in a results page whose chart each new result replaces (the
// Metering page's job-log and tenant charts).

#include <QString>

class QChart;
class QChartView;
class QWidget;

namespace fleet::gui {

/// An empty, antialiased chart view named `name`, at least `minimumHeight` tall.
QChartView* newChartSlot(const QString& name, int minimumHeight, QWidget* parent);

/// Shows `chart` (taking it) in `view` and deletes the chart shown before.
void replaceChart(QChartView* view, QChart* chart);

} // namespace fleet::gui
