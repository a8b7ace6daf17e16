#pragma once

// A chart with nothing to draw yet (no workloads, not simulated, no plan):
// its title and one line, centred where the plot would be, saying why and
// what to do — never axes over nothing.

#include "charts/chart_kinds.h"

#include <QString>

#include <optional>

class QChart;

namespace fleet::gui {

/// A chart titled `title` whose plot area says `message`; no axes, no legend.
QChart* createEmptyChart(const QString& title, const QString& message);

/// The line an empty chart shows; empty for any other chart.
QString emptyChartMessage(const QChart* chart);

/// "No workloads yet: add one on the Workloads page".
QString noWorkloadsMessage();

/// Why a chart of `kind` has nothing to draw from `results` (no workloads;
/// no work of its kind; not simulated; no GPU held; no price book, …);
/// nullopt when it has something.
std::optional<QString> emptyChartReason(ChartKind kind, const PlanResults& results);

} // namespace fleet::gui
