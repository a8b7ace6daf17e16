#pragma once

// Changing prices: the project stores a changed copy of a price book among its
// own books, under the same id, so it stands in for the built-in one (the
// built-in catalog itself never changes).

#include "document/project_document.h"

#include <optional>

namespace fleet::gui {

/// The edit that makes `book` (or, when absent, nothing: the built-in book
/// applies again) the project's own book of id `id`.
FieldEdit ownPriceBookEdit(const Project& project, const std::string& id,
                           const std::optional<PriceBook>& book);

} // namespace fleet::gui
