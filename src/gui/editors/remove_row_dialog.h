#pragma once

// Asked before a referenced row is removed: what refers to it (workloads and
// tenants of a segment, scenario overrides naming the row) and what to do
// with them — move a segment's workloads and tenants to another segment, or
// remove them too. A QDialog named "removeReferencedRow"; tests answer it
// through its named children: the list "references", the label
// "removeSummary" (how many workloads and tenants go), the radio buttons
// "reassign" and "removeDependents", the combo box "reassignTo", and its
// button box.

#include "model/project_refs.h"

#include <optional>

class QWidget;

namespace fleet::gui {

/// What the user chose for row `id` of `list`, which `references` name;
/// nullopt when they cancelled.
std::optional<RemovePlan> askRemovePlan(QWidget* parent, const Project& project, RowList list,
                                        const std::string& id,
                                        const std::vector<RowReference>& references);

} // namespace fleet::gui
