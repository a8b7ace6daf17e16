#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/page_helpers.h"
#include "editors/project_pages.h"
#include "store/project_json_writer.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace fleet::gui {

ProjectPage scenariosPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* list = new QListWidget(page);
    list->setObjectName(QStringLiteral("scenarioList"));
    const auto fill = [doc, list] {
        const QSignalBlocker block(list);
        list->clear();
        auto* base = new QListWidgetItem(QObject::tr("Baseline — the project as stated"), list);
        base->setData(Qt::UserRole, QString());
        for (const Scenario& s : doc->project().scenarios) {
            auto* item = new QListWidgetItem(
                QStringLiteral("%1 — %2").arg(QString::fromStdString(s.name),
                                              QString::fromStdString(s.description)),
                list);
            item->setData(Qt::UserRole, QString::fromStdString(s.id));
            item->setToolTip(QObject::tr("%n override(s)", nullptr, int(s.overrides.size())));
        }
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == doc->scenario())
                list->setCurrentRow(i);
    };
    fill();
    QObject::connect(doc, &ProjectDocument::changed, list, fill);
    QObject::connect(list, &QListWidget::currentRowChanged, list, [doc, list](int row) {
        if (row >= 0)
            doc->setScenario(list->item(row)->data(Qt::UserRole).toString());
    });
    layout->addWidget(new QLabel(QObject::tr(
        "<b>Scenarios</b> — the views show the one selected; the KPIs give the change against "
        "the baseline. Ctrl+PgUp / Ctrl+PgDown switch.")));
    layout->addWidget(list, 1);
    return {QObject::tr("Scenarios"), page, {}};
}

} // namespace fleet::gui
