#include "editors/page_helpers.h"

#include "editors/unit_delegate.h"
#include "store/project_json_writer.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <boost/json.hpp>

#include <algorithm>

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
    return root.at_pointer(pointer).as_array();
}

/// "Duplicate" and "Remove" for the selected item of a list (workloads,
/// fleet pools): the whole list is one field edit, validated like any other
/// (a scenario that names a removed item refuses the removal, with its path).
void addRowButtons(QVBoxLayout* layout, ProjectDocument* doc, QTableView* view,
                   FieldTableModel* model, const std::string& listPointer)
{
    auto* row = new QHBoxLayout;
    auto* duplicate = new QPushButton(QObject::tr("Duplicate"));
    auto* remove = new QPushButton(QObject::tr("Remove"));
    duplicate->setToolTip(QObject::tr("Add a copy of the selected row"));
    remove->setToolTip(QObject::tr("Remove the selected row"));
    row->addWidget(duplicate);
    row->addWidget(remove);
    row->addStretch(1);
    layout->addLayout(row);
    const auto selected = [view, model]() -> int {
        const QModelIndex index = view->currentIndex();
        return index.isValid() ? model->itemAt(index.row()) : -1;
    };
    const auto report = [model](const std::optional<QString>& refusal) {
        if (refusal)
            model->reportRefusal(*refusal);
    };
    QObject::connect(duplicate, &QPushButton::clicked, view, [=] {
        const int item = selected();
        if (item < 0)
            return;
        auto items = listOf(doc->project(), listPointer);
        boost::json::object copy = items.at(std::size_t(item)).as_object();
        const std::string base(copy.at("id").as_string());
        std::string id = base + "-copy";
        for (int n = 2; std::any_of(items.begin(), items.end(),
                                    [&](const boost::json::value& v) {
                                        return v.as_object().at("id").as_string() == id;
                                    });
             ++n)
            id = base + "-copy" + std::to_string(n);
        copy["id"] = id;
        items.insert(items.begin() + item + 1, boost::json::value(std::move(copy)));
        report(doc->edit(QObject::tr("Duplicate %1").arg(QString::fromStdString(base)),
                         {{listPointer, boost::json::value(std::move(items))}}));
    });
    QObject::connect(remove, &QPushButton::clicked, view, [=] {
        const int item = selected();
        if (item < 0)
            return;
        auto items = listOf(doc->project(), listPointer);
        const std::string id(items.at(std::size_t(item)).as_object().at("id").as_string());
        items.erase(items.begin() + item);
        report(doc->edit(QObject::tr("Remove %1").arg(QString::fromStdString(id)),
                         {{listPointer, boost::json::value(std::move(items))}}));
    });
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
    // Columns fit the first rows' contents, not all of them: with a thousand
    // workloads every edit re-measured every cell (a third of an edit's time).
    view->horizontalHeader()->setResizeContentsPrecision(100);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed);
    layout->addWidget(view, 1);
    if (shown)
        *shown = view;
    return model;
}

} // namespace fleet::gui
