#pragma once

// What the navigator's pages share: columns over one list of the project
// document, a titled table with the unit delegate, and Duplicate / Remove
// buttons for a list's rows.

#include "editors/field_table_model.h"

#include <QString>

#include <boost/json/array.hpp>

#include <functional>
#include <string>

class QTableView;
class QVBoxLayout;

namespace fleet::gui {

/// "/LIST/INDEX/FIELD".
std::string at(const char* list, int index, const char* field);

/// A column of a numeric field of each item of a list.
FieldColumn number(const QString& header, const QString& unit, const QString& tooltip,
                   const char* list, const char* field,
                   std::function<double(const Project&, int)> get, double scale = 1,
                   int decimals = 2, bool integer = false);
FieldColumn text(const QString& header, const QString& tooltip, const char* list, const char* field,
                 std::function<std::string(const Project&, int)> get, bool editable = true);
FieldColumn boolean(const QString& header, const QString& tooltip, const char* list,
                    const char* field, std::function<bool(const Project&, int)> get);

/// The items of `pointer` ("/workloads", "/fleet/pools") as the project document has them.
boost::json::array listOf(const Project& project, const std::string& pointer);

/// A titled table over `model` in `layout`; `shown` receives the view.
FieldTableModel* addTable(QVBoxLayout* layout, const QString& title, FieldTableModel* model,
                          QTableView** shown = nullptr);

/// "Duplicate" and "Remove" for the selected item of a list (workloads,
/// fleet pools): the whole list is one field edit, validated like any other
/// (a scenario that names a removed item refuses the removal, with its path).
void addRowButtons(QVBoxLayout* layout, ProjectDocument* doc, QTableView* view,
                   FieldTableModel* model, const std::string& listPointer);

} // namespace fleet::gui
