#pragma once

// The project's results as an Excel workbook (libxlsxwriter): KPIs, workloads
// × months, pools, scenarios side by side, the price book with its sources,
// and native Excel charts of the cost curve, regime mix, scenarios and the
// optimizer's plan (GPUs held per month by regime, when it was solved), so a
// PM can restyle them in Excel or paste them into a deck. Numbers are
// written as numbers with formats, never as text.

#include "compute/plan_results.h"
#include "engine/monte_carlo.h"

#include <QString>

#include <string>
#include <vector>

namespace fleet::gui {

/// Writes `results` (all parts computed) to `path`. The file is written whole
/// or not at all, never over one of `inputs` (the files the caller read) nor
/// through a symbolic link. On failure returns false and sets `error`. With
/// `ranges` (the Monte Carlo of the same project), a sheet "Ranges".
bool exportWorkbook(const PlanResults& results, const QString& path, QString* error,
                    const std::vector<std::string>& inputs = {}, const RangeRun* ranges = nullptr);

} // namespace fleet::gui
