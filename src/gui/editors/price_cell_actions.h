#pragma once

// How a cell of the Price books page's prices table opens "Add price…" for
// its GPU and plan: a "—" cell (no price) or an Owned cell, by double-click,
// Enter or F2, or the context menu's "Add price…". A cell with a price is
// edited in place, as every table's cells are.

#include "document/project_document.h"
#include "model/pricing.h"

#include <array>

class QTableView;
class QWidget;

namespace fleet::gui {

class FieldTableModel;

/// The plan of each column of the prices table.
constexpr std::array<Plan, 5> kPricePlanColumns = {Plan::OnDemand, Plan::Reserved1y,
                                                   Plan::Reserved3y, Plan::Spot, Plan::Owned};

/// What a "—" price cell says when pointed at.
QString noPriceTooltip();

/// Connects `view` (over `prices`, a row per catalog GPU, a column per
/// kPricePlanColumns) so that its price-less and owned cells open the price
/// dialog (parent `page`). The context menu is a QMenu named "priceCellMenu".
void addPriceCellActions(ProjectDocument* document, QTableView* view, FieldTableModel* prices,
                         QWidget* page);

} // namespace fleet::gui
