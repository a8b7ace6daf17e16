#pragma once

// Builds the catalog from the files compiled into the binary, then from a
// user's own catalog files, which add entries or replace built-in ones by id.

#include "model/catalog.h"
#include "util/result.h"

#include <string>
#include <vector>

namespace fleet {

/// The built-in catalog (GPUs, sources, price books) from the embedded data files.
Result<Catalog> loadBuiltinCatalog();

/// The built-in catalog with `userFiles` merged over it, in order. An entry
/// (source, GPU or price book) whose id already exists replaces the earlier one
/// whole; a new id is added. Every file is validated before anything is merged,
/// and cross-references (figure → source, price → GPU) are checked afterwards.
Result<Catalog> loadCatalog(const std::vector<std::string>& userFiles);

struct CatalogDocument;
/// The built-in catalog with documents already parsed (a project's own
/// sources and price books) merged over it.
Result<Catalog> loadCatalogWith(std::vector<CatalogDocument> extraDocuments);

/// Reads a file of at most `maxBytes`; an error names the file and the reason.
Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes);

} // namespace fleet
