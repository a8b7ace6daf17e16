#pragma once

// The field tables of a price book's entries: a rented plan's hourly price
// (on-demand, reserved 1 y / 3 y, spot) and the figures of an owned GPU's
// cost, each figure with its own source and date. They drive the catalog
// reader and writer (store/catalog_json.cpp, store/catalog_writer.cpp), the
// SQLite tables hourly_price and owned_figure (store/field_sql.h), the app's
// price dialog (gui/editors/price_entry_dialog.cpp) and `fleetplanner-cli
// fields`. Rules across fields stay explicit in the reader: only a spot price
// states interruptions, and an entry prices at least one plan.

#include "model/field_table.h"
#include "model/pricing.h"

#include <span>

namespace fleet {

/// A rented plan's price: USD per GPU-hour, the source it cites, its as-of
/// date, the spot offer's stated interruption rate and a note.
std::span<const Field<HourlyPrice>> hourlyPriceFields();
const RecordFields& hourlyPriceRecord(); ///< "hourly_price", SQLite table hourly_price

/// One figure of an owned GPU's cost (capex, amortization, hosting, PUE,
/// electricity): its key in files, range, help and display, and the member
/// of OwnedCost that holds it with its source and date.
struct OwnedFigureField
{
    FieldInfo info;
    SourcedValue OwnedCost::*member;
    /// Where the app's price dialog starts a new entry; not an assumption the
    /// engine uses — a file must state every figure.
    double startValue = 0;
};
std::span<const OwnedFigureField> ownedFigureFields();
/// Whether an entry has `field`: usd_per_gpu_hour when it states it, the
/// other five figures when it does not.
bool ownedFigureApplies(const OwnedFigureField& field, const OwnedCost& owned);
/// "owned_figure": one row per figure in SQLite (its name, value, source,
/// as_of); a field's default is its startValue.
const RecordFields& ownedFigureRecord();

} // namespace fleet
