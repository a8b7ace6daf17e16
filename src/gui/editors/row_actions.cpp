#include "editors/row_actions.h"

#include "document/scenario_recorder.h"
#include "editors/page_helpers.h"
#include "editors/remove_row_dialog.h"
#include "store/project_json_writer.h"
#include "utf8_text.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QTableView>

#include <boost/json.hpp>

namespace fleet::gui {

namespace bj = boost::json;

namespace {

QPushButton* button(QHBoxLayout* row, const QString& text, const QString& name,
                    const QString& table, const QString& tooltip)
{
    auto* b = new QPushButton(text);
    b->setObjectName(name + QStringLiteral(":") + table);
    b->setToolTip(tooltip);
    row->addWidget(b);
    return b;
}

} // namespace

void selectItem(QTableView* view, const FieldTableModel* model, int item)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->itemAt(r) == item) {
            const int column = view->currentIndex().isValid() ? view->currentIndex().column() : 0;
            view->setCurrentIndex(model->index(r, column));
            return;
        }
}

std::optional<QString> insertRow(ProjectDocument* doc, RowList list, bj::object row, int after,
                                 const QString& text)
{
    const std::string pointer(rowListPointer(list));
    bj::array items = listOf(doc->project(), pointer);
    const std::size_t at = after < 0 ? items.size() : std::size_t(after) + 1;
    items.insert(items.begin() + std::ptrdiff_t(at), bj::value(std::move(row)));
    return doc->edit(text, {{pointer, bj::value(std::move(items))}});
}

void addRowActions(QVBoxLayout* layout, ProjectDocument* doc, QTableView* view,
                   FieldTableModel* model, RowList list, MakeRow makeRow)
{
    auto* row = new QHBoxLayout;
    const QString table = view->objectName();
    const QString noun = qs(rowNoun(list));
    QPushButton* add = makeRow
                           ? button(row, QObject::tr("Add %1").arg(noun), QStringLiteral("add"),
                                    table, QObject::tr("Add a %1 after the selected row").arg(noun))
                           : nullptr;
    auto* duplicate = button(row, QObject::tr("Duplicate"), QStringLiteral("duplicate"), table,
                             QObject::tr("Add a copy of the selected row, with an id of its own"));
    auto* remove = button(row, QObject::tr("Remove"), QStringLiteral("remove"), table,
                          QObject::tr("Remove the selected row; asks first when something "
                                      "refers to it"));
    auto* up = button(row, QObject::tr("Move up"), QStringLiteral("moveUp"), table,
                      QObject::tr("Move the selected row up"));
    auto* down = button(row, QObject::tr("Move down"), QStringLiteral("moveDown"), table,
                        QObject::tr("Move the selected row down"));
    row->addStretch(1);
    layout->addLayout(row);

    const std::string pointer(rowListPointer(list));
    const auto selectedRow = [view]() -> int {
        const QModelIndex index = view->currentIndex();
        return index.isValid() ? index.row() : -1;
    };
    const auto report = [model](const std::optional<QString>& refusal) {
        if (refusal)
            model->reportRefusal(*refusal);
        return !refusal;
    };
    if (add)
        QObject::connect(add, &QPushButton::clicked, view, [=] {
            // Refused in a scenario before a dialog asks for the new row.
            if (const std::string refused =
                    rowChangeRefusal(doc->project(), doc->scenario().toStdString(), pointer);
                !refused.empty())
                return model->reportRefusal(QString::fromStdString(refused));
            const auto made = makeRow(view, doc->project());
            if (!made)
                return;
            if (const auto* refusal = std::get_if<QString>(&*made))
                return model->reportRefusal(*refusal);
            const int r = selectedRow();
            const int after = r < 0 ? -1 : model->itemAt(r);
            bj::object newRow = std::get<bj::object>(*made);
            const QString id = qs(newRow.at("id").as_string());
            if (report(insertRow(doc, list, std::move(newRow), after,
                                 QObject::tr("Add %1 %2").arg(noun, id))))
                selectItem(view, model,
                           after < 0 ? int(rowIds(doc->project(), list).size()) - 1 : after + 1);
        });
    QObject::connect(duplicate, &QPushButton::clicked, view, [=] {
        const int r = selectedRow();
        if (r < 0)
            return;
        const int item = model->itemAt(r);
        bj::object copy = listOf(doc->project(), pointer).at(std::size_t(item)).as_object();
        const std::string base(copy.at("id").as_string());
        copy["id"] = freeId(doc->project(), list, base + "-copy", true);
        if (const bj::value* name = copy.if_contains("name"); name && name->is_string())
            copy["name"] = std::string(name->get_string()) + " (copy)";
        if (report(insertRow(doc, list, std::move(copy), item,
                             QObject::tr("Duplicate %1").arg(qs(base)))))
            selectItem(view, model, item + 1);
    });
    QObject::connect(remove, &QPushButton::clicked, view, [=] {
        const int r = selectedRow();
        if (r < 0)
            return;
        // Refused in a scenario before asking what to do with references.
        if (const std::string refused =
                rowChangeRefusal(doc->project(), doc->scenario().toStdString(), pointer);
            !refused.empty())
            return model->reportRefusal(QString::fromStdString(refused));
        const Project& project = doc->project();
        const std::string id = rowId(project, list, std::size_t(model->itemAt(r)));
        RemovePlan plan;
        const std::vector<RowReference> references = referencesTo(project, list, id);
        if (!references.empty()) {
            const auto answer = askRemovePlan(view, project, list, id, references);
            if (!answer)
                return;
            plan = *answer;
        }
        auto changed = removeRow(project, list, id, plan);
        if (!changed)
            return model->reportRefusal(QString::fromStdString(changed.error().toString()));
        const int column = view->currentIndex().column();
        if (report(doc->edit(QObject::tr("Remove %1 %2").arg(noun, qs(id)),
                             listEdits(project, changed.value()))) &&
            model->rowCount() > 0) // the row that took its place stays selected
            view->setCurrentIndex(model->index(std::min(r, model->rowCount() - 1), column));
    });
    const auto move = [=](int step) {
        const int r = selectedRow();
        const int other = r + step;
        if (r < 0 || other < 0 || other >= model->rowCount())
            return;
        // Rows of the table (a kind of workload) swap places in the project's list.
        const int a = model->itemAt(r);
        const int b = model->itemAt(other);
        bj::array items = listOf(doc->project(), pointer);
        std::swap(items.at(std::size_t(a)), items.at(std::size_t(b)));
        const QString id = qs(items.at(std::size_t(b)).as_object().at("id").as_string());
        if (report(doc->edit(
                (step < 0 ? QObject::tr("Move %1 up") : QObject::tr("Move %1 down")).arg(id),
                {{pointer, bj::value(std::move(items))}})))
            view->setCurrentIndex(model->index(other, view->currentIndex().column()));
    };
    QObject::connect(up, &QPushButton::clicked, view, [=] { move(-1); });
    QObject::connect(down, &QPushButton::clicked, view, [=] { move(+1); });
}

} // namespace fleet::gui
