#include "document/scenario_edit.h"
#include "editors/project_pages.h"
#include "editors/scenario_comparison.h"
#include "editors/scenario_overrides_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace fleet::gui {

namespace {

QPushButton* addButton(QWidget* parent, QHBoxLayout* row, const QString& text, const char* name,
                       const QString& tooltip)
{
    auto* b = new QPushButton(text, parent);
    b->setObjectName(QString::fromLatin1(name));
    b->setToolTip(tooltip);
    row->addWidget(b);
    return b;
}

QString scenarioLabel(const ProjectDocument* doc, const QString& id)
{
    const Scenario* s = doc->project().scenario(id.toStdString());
    return s ? QString::fromStdString(s->name) : id;
}

} // namespace

ProjectPage scenariosPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* intro = new QLabel(QObject::tr(
        "<b>Scenarios</b> — the views show the one selected; the KPIs give the change against "
        "the baseline. Ctrl+PgUp / Ctrl+PgDown switch."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* list = new QListWidget(page);
    list->setObjectName(QStringLiteral("scenarioList"));
    list->setMaximumHeight(140);
    layout->addWidget(list);

    auto* message = new QLabel(page);
    message->setObjectName(QStringLiteral("scenarioMessage"));
    message->setWordWrap(true);
    message->setStyleSheet(QStringLiteral("QLabel { color: #a00; }"));
    message->hide();
    const auto report = [message](const std::optional<QString>& refusal) {
        message->setText(refusal ? QObject::tr("Refused: %1").arg(*refusal) : QString());
        message->setVisible(refusal.has_value());
        return !refusal;
    };

    auto* row = new QHBoxLayout;
    auto* add = addButton(page, row, QObject::tr("New…"), "newScenario",
                          QObject::tr("A scenario without overrides, shown at once: edits made "
                                      "while it is shown become its overrides"));
    auto* duplicate = addButton(page, row, QObject::tr("Duplicate"), "duplicateScenario",
                                QObject::tr("A copy of the selected scenario"));
    auto* rename = addButton(page, row, QObject::tr("Rename…"), "renameScenario",
                             QObject::tr("Rename the selected scenario"));
    auto* remove = addButton(page, row, QObject::tr("Delete"), "deleteScenario",
                             QObject::tr("Delete the selected scenario"));
    auto* up = addButton(page, row, QStringLiteral("↑"), "scenarioUp",
                         QObject::tr("Move the selected scenario up (the order of this list, the "
                                     "comparison and presentation mode)"));
    auto* down = addButton(page, row, QStringLiteral("↓"), "scenarioDown",
                           QObject::tr("Move the selected scenario down"));
    for (QPushButton* arrow : {up, down})
        arrow->setMaximumWidth(arrow->fontMetrics().horizontalAdvance(QStringLiteral("↑")) * 4);
    row->addStretch(1);
    layout->addLayout(row);
    auto* banner = new QLabel(page);
    banner->setObjectName(QStringLiteral("scenarioEditsBanner"));
    banner->setWordWrap(true);
    banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fde2e1; color: #7a1f1a; padding: 4px; }"));
    banner->hide();
    layout->addWidget(banner);
    layout->addWidget(message);

    const auto fill = [doc, list, duplicate, rename, remove, up, down, banner] {
        const QSignalBlocker block(list);
        list->clear();
        auto* base = new QListWidgetItem(QObject::tr("Baseline — the project as stated"), list);
        base->setData(Qt::UserRole, QString());
        for (const Scenario& s : doc->project().scenarios) {
            auto* item = new QListWidgetItem(
                s.description.empty()
                    ? QString::fromStdString(s.name)
                    : QStringLiteral("%1 — %2").arg(QString::fromStdString(s.name),
                                                    QString::fromStdString(s.description)),
                list);
            item->setData(Qt::UserRole, QString::fromStdString(s.id));
            item->setToolTip(QObject::tr("%n override(s)", nullptr, int(s.overrides.size())));
        }
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == doc->scenario())
                list->setCurrentRow(i);
        const bool chosen = !doc->scenario().isEmpty();
        duplicate->setEnabled(chosen);
        rename->setEnabled(chosen);
        remove->setEnabled(chosen);
        const auto& all = doc->project().scenarios;
        up->setEnabled(chosen && all.front().id != doc->scenario().toStdString());
        down->setEnabled(chosen && all.back().id != doc->scenario().toStdString());
        banner->setText(QObject::tr("Showing “%1”: edits made anywhere (cells, sliders, prices) "
                                    "change this scenario's overrides, not the baseline. Adding, "
                                    "removing or renaming rows needs the Baseline.")
                            .arg(scenarioLabel(doc, doc->scenario())));
        banner->setVisible(chosen);
    };
    fill();
    QObject::connect(doc, &ProjectDocument::changed, list, fill);
    QObject::connect(doc, &ProjectDocument::scenarioChanged, list, fill);
    QObject::connect(list, &QListWidget::currentRowChanged, list, [doc, list](int at) {
        if (at >= 0)
            doc->setScenario(list->item(at)->data(Qt::UserRole).toString());
    });

    QObject::connect(add, &QPushButton::clicked, page, [doc, page, report] {
        bool ok = false;
        const QString name = QInputDialog::getText(
            page, QObject::tr("New Scenario"), QObject::tr("Name:"), QLineEdit::Normal,
            QObject::tr("Scenario %1").arg(doc->project().scenarios.size() + 1), &ok);
        if (!ok)
            return;
        auto added = addScenario(doc->project(), name.trimmed().toStdString());
        if (!added) {
            report(QString::fromStdString(added.error().messages()));
            return;
        }
        if (report(
                editScenarios(doc, QObject::tr("New scenario %1").arg(name), {added.value().edit})))
            doc->setScenario(QString::fromStdString(added.value().id));
    });
    QObject::connect(duplicate, &QPushButton::clicked, page, [doc, report] {
        auto copy = duplicateScenario(doc->project(), doc->scenario().toStdString());
        if (!copy) {
            report(QString::fromStdString(copy.error().messages()));
            return;
        }
        if (report(editScenarios(doc, QObject::tr("Duplicate scenario"), {copy.value().edit})))
            doc->setScenario(QString::fromStdString(copy.value().id));
    });
    QObject::connect(rename, &QPushButton::clicked, page, [doc, page, report] {
        const QString id = doc->scenario();
        bool ok = false;
        const QString name =
            QInputDialog::getText(page, QObject::tr("Rename Scenario"), QObject::tr("Name:"),
                                  QLineEdit::Normal, scenarioLabel(doc, id), &ok);
        if (!ok)
            return;
        auto edit = renameScenario(doc->project(), id.toStdString(), name.trimmed().toStdString());
        report(edit ? editScenarios(doc, QObject::tr("Rename scenario"), {edit.value()})
                    : std::optional<QString>(QString::fromStdString(edit.error().messages())));
    });
    QObject::connect(remove, &QPushButton::clicked, page, [doc, report] {
        const QString id = doc->scenario();
        auto edit = deleteScenario(doc->project(), id.toStdString());
        if (!edit) {
            report(QString::fromStdString(edit.error().messages()));
            return;
        }
        // The baseline is shown first, so that the deletion is the
        // baseline's edit, not one of the scenario being deleted.
        doc->setScenario({});
        if (!report(editScenarios(doc,
                                  QObject::tr("Delete scenario %1").arg(scenarioLabel(doc, id)),
                                  {edit.value()})))
            doc->setScenario(id);
    });
    for (const auto& [arrow, delta] : {std::pair{up, -1}, std::pair{down, 1}})
        QObject::connect(arrow, &QPushButton::clicked, page, [doc, report, delta = delta] {
            auto edit = moveScenario(doc->project(), doc->scenario().toStdString(), delta);
            report(edit ? editScenarios(doc, QObject::tr("Move scenario"), {edit.value()})
                        : std::optional<QString>(QString::fromStdString(edit.error().messages())));
        });
    auto* overridesTitle = new QLabel(
        QObject::tr("<b>What the selected scenario changes</b> — a value is editable in place"));
    overridesTitle->setWordWrap(true);
    layout->addWidget(overridesTitle);
    auto* overrides = new ScenarioOverridesModel(doc, page);
    auto* view = new QTableView(page);
    view->setObjectName(QStringLiteral("overridesView"));
    view->setModel(overrides);
    // The change in words takes the width and wraps; the values stay narrow.
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setSectionResizeMode(ScenarioOverridesModel::Change,
                                                   QHeaderView::Stretch);
    view->horizontalHeader()->setStretchLastSection(false);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->setWordWrap(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setMinimumHeight(140);
    layout->addWidget(view, 1);
    auto* overrideRow = new QHBoxLayout;
    auto* removeOverride =
        addButton(page, overrideRow, QObject::tr("Remove override"), "removeOverride",
                  QObject::tr("The scenario keeps the base value of this field"));
    overrideRow->addStretch(1);
    layout->addLayout(overrideRow);
    QObject::connect(overrides, &ScenarioOverridesModel::refused, page,
                     [report](const QString& why) { report(why); });
    QObject::connect(removeOverride, &QPushButton::clicked, page, [view, overrides, report] {
        const QModelIndex at = view->currentIndex();
        if (at.isValid())
            report(overrides->removeOverrideAt(at.row()));
    });

    layout->addWidget(
        new QLabel(QObject::tr("<b>Side by side</b> — KPIs of the scenarios ticked")));
    layout->addWidget(new ScenarioComparison(doc, page), 2);
    return {QObject::tr("Scenarios"), page, {}};
}

} // namespace fleet::gui
