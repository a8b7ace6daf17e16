#pragma once

// The buttons under a table of rows named by id (pools, segments, workloads
// of a kind): Add, Duplicate, Remove, Move up, Move down. Each is one undo
// step through ProjectDocument::edit; a refusal (an invalid copy, a
// reference the user would not give up) reaches the table's refused() signal
// and changes nothing. Removing a referenced row asks what to do with what
// refers to it (editors/remove_row_dialog.h).

#include "editors/field_table_model.h"
#include "model/project_refs.h"

#include <boost/json/object.hpp>

#include <functional>
#include <optional>
#include <variant>

class QTableView;
class QVBoxLayout;
class QWidget;

namespace fleet::gui {

/// The row "Add" inserts (a project-document object), or why none can be
/// added; nullopt when the user cancelled a question it asked.
using MakeRow = std::function<std::optional<std::variant<boost::json::object, QString>>(
    QWidget* parent, const Project& project)>;

/// Adds the buttons for the selected row of `view` (over `model`, rows of
/// `list`) to `layout`. Without `makeRow`, no Add button (the page adds rows
/// its own way). The buttons are named "add:TABLE", "duplicate:TABLE",
/// "remove:TABLE", "moveUp:TABLE", "moveDown:TABLE" after the view's name.
void addRowActions(QVBoxLayout* layout, ProjectDocument* doc, QTableView* view,
                   FieldTableModel* model, RowList list, MakeRow makeRow = {});

/// Inserts `row` into `list` after item `after` (-1: at the end) as one undo
/// step named `text`, then selects it in `view` (when its table shows it).
std::optional<QString> insertRow(ProjectDocument* doc, RowList list, boost::json::object row,
                                 int after, const QString& text);

/// Selects item `item` of the project's list in `view`, if `model` shows it.
void selectItem(QTableView* view, const FieldTableModel* model, int item);

} // namespace fleet::gui
