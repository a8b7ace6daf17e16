#pragma once

// A sweep result's inputs and KPIs in words and units, for its charts: an
// input is named by its column and the field its path sets, in that field's
// unit ("chat_rps — chat-70b requests (per s)"); a KPI by its name, with the
// unit its name gives (…_usd: dollars; utilization: per cent).

#include "sweep/sweep_results.h"

#include <QString>

#include <string>

namespace fleet::gui {

/// "chat_rps — chat-70b requests (per s)"; the name alone when the path
/// names no field the app knows.
QString sweepInputTitle(const sweep::SweepResultInput& input);
/// A value of the input in the field's unit (scaled, its decimals): "1,200".
QString sweepLevelText(const sweep::SweepResultInput& input, const sweep::SweepLevel& level);

/// How a KPI of the results is shown.
struct SweepKpi
{
    QString label;    ///< "Total cost"
    QString unit;     ///< "USD", "%", "GPUs", "" (for titles)
    bool usd = false; ///< written as "$1.23 M"
    double scale = 1; ///< shown = value × scale (a share in per cent: 100)
};
SweepKpi sweepKpi(const std::string& name);
/// A KPI's value as a cell or a label shows it: "$1.23 M", "81.2 %", "1,234".
QString sweepKpiText(const SweepKpi& kpi, double value);
/// "Total cost (USD)".
QString sweepKpiTitle(const SweepKpi& kpi);

} // namespace fleet::gui
