#pragma once

// What the navigator's pages share: columns over one list of the project
// document (numbers, text, ids, picked values) and a titled table with the
// unit delegate. The buttons under a table are in editors/row_actions.h.

#include "editors/field_table_model.h"
#include "model/project_refs.h"

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

/// The items of `pointer` ("/workloads", "/fleet/pools") as the project document has
/// them; empty when the document has no such list.
boost::json::array listOf(const Project& project, const std::string& pointer);

/// A titled table over `model` in `layout`; `shown` receives the view.
FieldTableModel* addTable(QVBoxLayout* layout, const QString& title, FieldTableModel* model,
                          QTableView** shown = nullptr);

/// Keeps `view` as tall as its header, its rows and, when it scrolls
/// sideways, its scroll bar: every row in view, none scrolled to (a table of
/// a few rows above a longer one).
void fitHeightToRows(QTableView* view);

/// The id of each row of `list` as editable text: a rename carries every
/// reference along (workloads' segment, scenario overrides; model/project_refs.h),
/// and an empty or taken id is refused naming the rule.
FieldColumn idColumn(RowList list);

/// A text field of each item of a list, picked from `choices` (a combo box).
FieldColumn picked(const QString& header, const QString& tooltip, const char* list,
                   const char* field, std::function<std::string(const Project&, int)> get,
                   std::function<std::vector<FieldChoice>(const Project&, int)> choices);

} // namespace fleet::gui
