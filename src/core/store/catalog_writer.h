#pragma once

// Sources and price books in the catalog document format (the inverse of
// catalog_json.cpp's reader), for the sections a project file carries itself.

#include "model/catalog.h"

#include <boost/json.hpp>

namespace fleet {

/// {"value", "source", "as_of"[, "note"]}
boost::json::object figureToJson(const SourcedValue& value);
/// {"usd_per_gpu_hour", "source", "as_of"[, "interruptions_per_hour"][, "note"]}
boost::json::object hourlyPriceToJson(const HourlyPrice& price);
/// The owned-cost figures of a price entry, as in a catalog document.
boost::json::object ownedCostToJson(const OwnedCost& owned);

boost::json::object sourceToDocumentJson(const SourceInfo& source);
boost::json::object priceBookToDocumentJson(const PriceBook& book);

} // namespace fleet
