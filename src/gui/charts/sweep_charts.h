#pragma once

// A collected sweep's two charts (issue 34 item 3). The heat map: two inputs
// across and up, each cell colored by a KPI's mean over the other inputs'
// values and the seeds, its value written in it, a color scale beside it.
// The fan chart: a monthly KPI's P10–P90 (and P25–P75) bands across the
// sweep's points and seeds per month, the median as a line.

#include "sweep/sweep_results.h"

#include <QColor>

#include <cstddef>

class QChart;

namespace fleet::gui {

struct SweepHeatMapChoice
{
    std::size_t command = 0;
    std::size_t x = 0; ///< input across
    std::size_t y = 1; ///< input up
    std::size_t output = 0;
};

struct SweepFanChoice
{
    std::size_t command = 0;
    std::size_t series = 0; ///< of the command's monthlyOutputs
    bool quartiles = true;  ///< the P25–P75 band too
};

/// The heat map; a chart saying why when the choice cannot make one (one
/// input, the same input twice, no value).
QChart* createSweepHeatMap(const sweep::SweepResults& results, const SweepHeatMapChoice& choice);
/// The fan chart; a chart saying why when the command keeps no months.
QChart* createSweepFanChart(const sweep::SweepResults& results, const SweepFanChoice& choice);

/// The color of `t` (0 lowest, 1 highest) on the heat map's scale: light
/// yellow through green and blue to dark purple (viridis, reversed), so
/// that it reads in grey too.
QColor sweepHeatColor(double t);

/// The chart property holding the heat map's cells (tests): a QVariantList of
/// QVariantMaps {x, y, mean, text}.
inline constexpr const char* kSweepCellsProperty = "fleetSweepCells";

} // namespace fleet::gui
