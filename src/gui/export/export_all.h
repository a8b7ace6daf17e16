#pragma once

// Every chart of a project in one go: PNG at 2×, SVG and PDF of each kind,
// slide preset, into one folder, named by kind and scenario
// ("cost-per-token-baseline.png", "tornado-reserve-60.pdf").

#include "compute/plan_results.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace fleet::gui {

/// Writes the charts of `results` (all parts computed; the frontier,
/// packing and optimizer's charts only when their data is there; the
/// tenants' cost and GPU-hours charts, "tenant-cost" and "tenant-gpu-hours",
/// when the project names tenants) into `folder`, creating it.
/// Returns the files written; on failure false, with `error` naming the file.
/// None is written over one of `inputs` (the files the caller read).
bool exportAllCharts(const PlanResults& results, const QString& folder, QStringList* written,
                     QString* error, const std::vector<std::string>& inputs = {});

/// "cost-per-token-baseline", "tornado-reserve-60": the file name without suffix.
QString chartFileStem(const QString& kindKey, const std::string& scenario);

} // namespace fleet::gui
