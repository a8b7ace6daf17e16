#include "editors/page_helpers.h"

#include "editors/unit_delegate.h"
#include "store/project_json_writer.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <boost/json.hpp>

namespace fleet::gui {

std::string at(const char* list, int index, const char* field)
{
    return std::string("/") + list + "/" + std::to_string(index) + "/" + field;
}

FieldColumn number(const QString& header, const QString& unit, const QString& tooltip,
                   const char* list, const char* field,
                   std::function<double(const Project&, int)> get, double scale, int decimals,
                   bool integer)
{
    FieldColumn c;
    c.header = header;
    c.unit = unit;
    c.tooltip = tooltip;
    c.scale = scale;
    c.decimals = decimals;
    c.integer = integer;
    c.get = [get](const Project& p, int i) { return QVariant(get(p, i)); };
    c.pointer = [list, field](const Project&, int i) { return at(list, i, field); };
    return c;
}

FieldColumn text(const QString& header, const QString& tooltip, const char* list, const char* field,
                 std::function<std::string(const Project&, int)> get, bool editable)
{
    FieldColumn c;
    c.header = header;
    c.tooltip = tooltip;
    c.get = [get](const Project& p, int i) { return QVariant(QString::fromStdString(get(p, i))); };
    if (editable)
        c.pointer = [list, field](const Project&, int i) { return at(list, i, field); };
    return c;
}

FieldColumn boolean(const QString& header, const QString& tooltip, const char* list,
                    const char* field, std::function<bool(const Project&, int)> get)
{
    FieldColumn c;
    c.header = header;
    c.tooltip = tooltip;
    c.get = [get](const Project& p, int i) { return QVariant(get(p, i)); };
    c.pointer = [list, field](const Project&, int i) { return at(list, i, field); };
    return c;
}

/// The items of `pointer` ("/workloads", "/fleet/pools") as the project document has them.
boost::json::array listOf(const Project& project, const std::string& pointer)
{
    const boost::json::value root = projectToJson(project);
    // A list the writer leaves out when empty (/tenants) is an empty list.
    boost::system::error_code ec;
    const boost::json::value* list = root.find_pointer(pointer, ec);
    return list && list->is_array() ? list->as_array() : boost::json::array();
}

void fitHeightToRows(QTableView* view)
{
    // Not QAbstractScrollArea::AdjustToContents: its height counts the
    // horizontal scroll bar while it is hidden (a blank strip under the rows).
    const auto fit = [view] {
        const QScrollBar* sideways = view->horizontalScrollBar();
        view->setFixedHeight(2 * view->frameWidth() +
                             view->horizontalHeader()->sizeHint().height() +
                             view->verticalHeader()->length() +
                             (sideways->maximum() > 0 ? sideways->sizeHint().height() : 0));
    };
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QObject::connect(view->verticalHeader(), &QHeaderView::sectionResized, view, fit);
    QObject::connect(view->horizontalHeader(), &QHeaderView::geometriesChanged, view, fit);
    QObject::connect(view->horizontalScrollBar(), &QScrollBar::rangeChanged, view, fit);
    fit();
}

FieldColumn idColumn(RowList list)
{
    FieldColumn c;
    c.header = QObject::tr("Id");
    c.tooltip = QObject::tr("The row's id, unique in its list: scenarios and workloads name it. "
                            "Renaming it renames every reference.");
    c.get = [list](const Project& p, int i) {
        return QVariant(QString::fromStdString(rowId(p, list, std::size_t(i))));
    };
    c.pointer = [list](const Project&, int i) {
        return std::string(rowListPointer(list)) + "/" + std::to_string(i) + "/id";
    };
    const auto newId = [](const boost::json::value& value) {
        return value.is_string() ? std::string(value.get_string()) : std::string();
    };
    c.refuse = [list, newId](const Project& p, int i,
                             const boost::json::value& value) -> std::optional<QString> {
        if (const auto refusal = idRefusal(p, list, newId(value), i))
            return QString::fromStdString(*refusal);
        return std::nullopt;
    };
    c.edits = [list, newId](const Project& p, int i, const boost::json::value& value) {
        auto renamed = renameRow(p, list, rowId(p, list, std::size_t(i)), newId(value));
        return renamed ? listEdits(p, renamed.value()) : std::vector<FieldEdit>{};
    };
    return c;
}

FieldColumn picked(const QString& header, const QString& tooltip, const char* list,
                   const char* field, std::function<std::string(const Project&, int)> get,
                   std::function<std::vector<FieldChoice>(const Project&, int)> choices)
{
    FieldColumn c = text(header, tooltip, list, field, std::move(get));
    c.choices = std::move(choices);
    return c;
}

FieldTableModel* addTable(QVBoxLayout* layout, const QString& title, FieldTableModel* model,
                          QTableView** shown)
{
    if (!title.isEmpty()) {
        auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title));
        layout->addWidget(label);
    }
    auto* view = new QTableView;
    view->setObjectName(title.isEmpty() ? QStringLiteral("table") : title);
    view->setModel(model);
    view->setItemDelegate(new UnitDelegate(view));
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Columns fit their first 20 rows, not all of them: with a thousand
    // workloads every edit re-measured every cell, pickers' labels included
    // (most of an edit's time).
    view->horizontalHeader()->setResizeContentsPrecision(20);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed);
    layout->addWidget(view, 1);
    if (shown)
        *shown = view;
    return model;
}

} // namespace fleet::gui
