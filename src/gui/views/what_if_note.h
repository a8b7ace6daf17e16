#pragma once

// The what-if note the GPU-prices slider writes into a price it scaled and
// into the scaled book's description, and what the charts, exports and KPIs
// say of a scaled book. In libfleetcharts: the CLI's charts and exports read
// it without the rest of the GUI (views/drivers writes it).

#include "model/pricing.h"

#include <QString>

#include <optional>
#include <string>

namespace fleet::gui {

/// The note's opening words: a price or description carrying them was scaled.
inline constexpr const char* kWhatIfNote = "FleetPlanner what-if: ";

/// The what-if note of a price scaled by `factor` ("… × 0.80.").
std::string whatIfNote(double factor);
/// The factor a what-if note records, if `note` is one.
std::optional<double> whatIfFactor(const std::string& note);

/// The factor the GPU-prices slider scaled `book` by, as its description
/// records it; nullopt when it was never scaled (its own prices).
std::optional<double> whatIfPriceFactor(const PriceBook& book);
/// "«Example 2024» (as of 2024)", and " × 0.50 (what-if)" when the slider
/// scaled it: what exports and the KPIs say of the prices they are at.
QString priceBookText(const PriceBook& book);

} // namespace fleet::gui
