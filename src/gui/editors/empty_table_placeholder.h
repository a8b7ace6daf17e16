#pragma once

// An empty table shrinks to its header and one line that says so ("No
// training workloads — Add…"), instead of keeping the height of a full one;
// it grows back with its first row.

#include <QString>

class QLabel;
class QTableView;

namespace fleet::gui {

/// Shows `richText` (a link's activation is the label's linkActivated) in
/// `view` while its model has no rows, the view then as tall as its header
/// and one row. The label is named "emptyPlaceholder".
QLabel* addEmptyPlaceholder(QTableView* view, const QString& richText);

} // namespace fleet::gui
