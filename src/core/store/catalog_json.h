#pragma once

// Reading one catalog document (data/catalog/*.json, data/pricebooks/*.json or a
// user's own file): sources, GPU models and price books, validated field by field.

#include "model/catalog.h"
#include "util/result.h"

#include <boost/json/fwd.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fleet {

inline constexpr std::string_view kCatalogFormat = "fleetplanner-catalog";
inline constexpr int kCatalogFormatVersion = 1;

/// An id one entry names (a figure's source, a price's GPU), kept with where
/// it stands to check, once all documents are merged, that it exists.
struct Reference
{
    Issue where; ///< file, path and entry of the referring field (message unused)
    std::string id;
};

struct CatalogDocument
{
    std::string file;
    std::vector<SourceInfo> sources;
    std::vector<GpuModel> gpus;
    std::vector<PriceBook> priceBooks;
    EngineDefaults engineDefaults;
    std::vector<Reference> sourceReferences;
    /// Price entries' GPU ids with where they stand, checked after merging.
    std::vector<Reference> gpuReferences;
};

/// Parses and validates one document. All problems are reported, not just the first.
Result<CatalogDocument> parseCatalogDocument(std::string_view text, const std::string& file);
/// The same, for a document already parsed as JSON.
Result<CatalogDocument> parseCatalogValue(const boost::json::value& root, const std::string& file);

} // namespace fleet
