#pragma once

// Changing prices: the project stores a changed copy of a price book among its
// own books, under the same id, so it stands in for the built-in one (the
// built-in catalog itself never changes). Every price entered in the app
// cites a source and a date; without one it cites the project's own source
// "Entered by the user" (kUserSourceId), which the edit adds to the
// project's sources when it is not there yet.

#include "document/project_document.h"
#include "util/result.h"

#include <optional>
#include <string>
#include <vector>

namespace fleet::gui {

/// The edit that makes `book` (or, when absent, nothing: the built-in book
/// applies again) the project's own book of id `id`.
FieldEdit ownPriceBookEdit(const Project& project, const std::string& id,
                           const std::optional<PriceBook>& book);

/// The source a price entered without one cites.
inline constexpr const char* kUserSourceId = "user-entered";
SourceInfo userEnteredSource();

/// Today's date, "YYYY-MM-DD" (the as-of of a price entered without one).
std::string todayIsoDate();

/// Where an entered price comes from: a source id of the catalog or the
/// project ("" = kUserSourceId) and an as-of date ("" = today).
struct PriceCitation
{
    std::string source;
    std::string asOf;
    std::string note;
};

/// The edits that set `gpuId`'s `plan` price in the project's copy of book
/// `bookId` (copied from the catalog's book of that id when the project has
/// none yet): `hourly` for a rented plan, `owned` for Owned. The entry is
/// created when the book does not price the GPU. Adds the user source when
/// it is cited and missing. Fails, naming the field, on an unknown book or GPU.
Result<std::vector<FieldEdit>> setPriceEdits(const Project& project, const std::string& bookId,
                                             const std::string& gpuId, Plan plan,
                                             std::optional<HourlyPrice> hourly,
                                             std::optional<OwnedCost> owned,
                                             const PriceCitation& citation);

/// The edits that remove `gpuId`'s `plan` price from the project's copy of
/// book `bookId` (the GPU's entry goes with its last price). Fails, naming
/// the field, when the book has no such price.
Result<std::vector<FieldEdit>> removePriceEdits(const Project& project, const std::string& bookId,
                                                const std::string& gpuId, Plan plan);

/// `value` cited as `citation` says (a user-entered figure), unless it equals
/// `was`, whose citation it then keeps.
SourcedValue citedFigure(double value, const PriceCitation& citation,
                         const std::optional<SourcedValue>& was);

/// The edits that add a custom book `id` named `name`, with the prices of
/// book `copyFrom` (none when empty), dated today. Fails, naming the field,
/// when the id is not an identifier or is taken, or the name is empty.
Result<std::vector<FieldEdit>> newPriceBookEdits(const Project& project, const std::string& id,
                                                 const std::string& name,
                                                 const std::string& copyFrom);

/// The edits that drop the project's own book `id`: a custom book is deleted,
/// a changed copy of a built-in book gives way to the built-in prices again
/// (`builtin` is the built-in catalog). Fails, saying why, when the project
/// has no own book `id`, when a custom book is the one in force (switch to
/// another first), or when the built-in book in force cannot price a pool.
Result<std::vector<FieldEdit>> dropOwnBookEdits(const Project& project, const Catalog& builtin,
                                                const std::string& id);

/// The fleet's pools `book` cannot price, as "GPU (plan)" — the reason a
/// switch to it would be refused. Empty: every pool has its price.
std::vector<std::string> unpricedPools(const Project& project, const PriceBook& book);

} // namespace fleet::gui
