#pragma once

// A scenario's overrides in words, never as JSON: the row, the field's label
// from the field tables, and the value before and after in its unit —
// "Pool h100-reserved (H100 SXM 80 GB, Reserved 1 y) — Count: 1,200 → 1,440 GPUs",
// "A100 40 GB owned price: $0.70 → $0.56 per GPU-hour". An override of the
// price books (a whole list: the file format names books by position) is
// told as the prices it changes. The scenario panel and the exports
// (workbook, deck) list these lines.

#include "model/project.h"

#include <QStringList>

#include <string>

namespace fleet::gui {

/// One override of a scenario, in words: one line, or one per price it
/// changes. `applied` is `base` with the scenario applied (the prices an
/// override of the price books gives).
QStringList overrideInWords(const Project& base, const Project& applied,
                            const ScenarioOverride& change);

/// Every override of scenario `id` (id or name) of `base`, in words, in the
/// scenario's order; empty for the baseline ("") or an unknown scenario.
QStringList scenarioInWords(const Project& base, const std::string& id);

} // namespace fleet::gui
