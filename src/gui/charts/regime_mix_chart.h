#pragma once

// Chart: GPUs held per regime over the horizon's months, stacked.

#include "engine/chart_data.h"

#include <QString>

#include <string>
#include <utility>
#include <vector>

class QChart;

namespace fleet::gui {

QChart* createRegimeMixChart(const RegimeMixData& data);

/// One stacked bar per month ("2027-01", …, labelled every few months), one
/// bar set per (name, value by month); the y axis titled `yTitle`, reaching
/// at least `atLeast` (lines drawn over the bars).
using MonthSets = std::vector<std::pair<QString, std::vector<double>>>;
QChart* createStackedMonthChart(const QString& title, const QString& subtitle,
                                const std::vector<std::string>& months, const MonthSets& sets,
                                const QString& yTitle, double atLeast = 0);

} // namespace fleet::gui
