#pragma once

// A compact list of a table's rows (its one or two telling columns, short
// rows) with the record inspector of the selected row beside or under it:
// how the editor pages show a list whole in a laptop's editor pane (about
// 430 px wide at 1366×768) instead of a wide table that scrolls sideways
// (issue 32). Every field of a row is in its inspector.

#include <QStringList>

class QSplitter;
class QTableView;
class QVBoxLayout;
class QWidget;

namespace fleet::gui {

class FieldTableModel;
class RecordInspector;

/// A list over `model` in `layout`: the columns keyed `shown` alone, in that
/// order, the first taking the room left; named `title` (objectName). With
/// `droppedWhenNarrow` (keys among `shown`), no column is cut: each is as
/// wide as its figures and, where the list is too narrow for all, those
/// leave it, the first named first (the inspector shows every field).
QTableView* addCompactList(QVBoxLayout* layout, const QString& title, FieldTableModel* model,
                           const QStringList& shown, const QStringList& droppedWhenNarrow = {});

/// The "Move up" and "Move down" buttons of the rows titled `title`
/// (editors/row_actions.h) under `under` as arrows, their words in the
/// tooltip: the row of buttons fits the pane.
void useArrowsForMoves(QWidget* under, const QString& title);

/// What addListAndInspector made.
struct ListAndInspector
{
    QTableView* view = nullptr;
    /// Under the list, for its rows' buttons (editors/row_actions.h).
    QVBoxLayout* listLayout = nullptr;
    QSplitter* splitter = nullptr;
};

/// A compact list over `model` above `inspector` (in a scroll area), both in
/// a vertical splitter added to `layout`; the inspector shows the list's
/// current row, the first one to begin with.
ListAndInspector addListAndInspector(QVBoxLayout* layout, const QString& title,
                                     FieldTableModel* model, const QStringList& shown,
                                     RecordInspector* inspector);

} // namespace fleet::gui
