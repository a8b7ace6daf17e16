#pragma once

// Chart: GPU allocation against arrived load per packing policy, and what the
// GPUs left unallocated cost a month at the active price book.

#include "compute/packing_report.h"

#include <optional>

class QChart;

namespace fleet::gui {

/// `usdPerGpuHour`: the price a stranded GPU costs (absent: shown in GPUs only).
QChart* createPackingChart(const PackingReport* report, std::optional<double> usdPerGpuHour,
                           const QString& priceLabel);

} // namespace fleet::gui
