#pragma once

// Sources and price books in the catalog document format (the inverse of
// catalog_json.cpp's reader), for the sections a project file carries itself.

#include "model/catalog.h"

#include <boost/json.hpp>

namespace fleet {

boost::json::object sourceToDocumentJson(const SourceInfo& source);
boost::json::object priceBookToDocumentJson(const PriceBook& book);

} // namespace fleet
