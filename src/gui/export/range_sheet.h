#pragma once

// The workbook's "Ranges" sheet (issue 31, item 6): every KPI with its point
// value and P10 / P50 / P90, the input ranges they were drawn from, each
// input's share of each KPI's variance, and the monthly cost's P10 / P50 /
// P90 with a native fan chart (the band between P10 and P90 around P50).

#include "engine/monte_carlo.h"

#include <xlsxwriter.h>

namespace fleet::gui {

void rangeSheet(lxw_workbook* book, const Project& project, const RangeRun& run);

} // namespace fleet::gui
