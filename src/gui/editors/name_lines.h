#pragma once

// Names broken into two lines so that a header listing them stays narrow
// (the Regimes page's regimes beside eight columns of figures in a laptop's
// editor pane).

#include <QString>

#include <vector>

namespace fleet::gui {

/// `names` as a narrow header shows them: each is broken where its two lines
/// are the most even (at a space, or after a hyphen), and a name longer than
/// the longest such line of any of them is shown so; the others stay on one
/// line ("Network-pooled GPUs" → "Network-\npooled GPUs" beside "Time-sliced").
/// Lengths count characters.
std::vector<QString> namesOnTwoLines(const std::vector<QString>& names);

} // namespace fleet::gui
