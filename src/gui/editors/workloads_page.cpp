#include "compute/plan_results.h"
#include "document/scenario_recorder.h"
#include "editors/compact_list.h"
#include "editors/empty_table_placeholder.h"
#include "editors/model_picker.h"
#include "editors/new_workload_dialog.h"
#include "editors/page_helpers.h"
#include "editors/pickers.h"
#include "editors/project_pages.h"
#include "editors/record_inspector.h"
#include "editors/row_actions.h"
#include "editors/spec_columns.h"
#include "editors/unit_delegate.h"
#include "editors/workload_defaults.h"
#include "editors/workload_pins.h"
#include "engine/training.h"
#include "utf8_text.h"
#include "views/number_format.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QWidget>

#include <boost/json.hpp>

#include <map>
#include <memory>
#include <numeric>
#include <optional>

// The Workloads page: "Add workload…" (which asks the kind and the segment),
// a filter by name, a compact list per kind of work (a tab each: name,
// segment, the one or two figures that size it, its cost) with its rows'
// buttons (an empty one is a line with an Add link), and beside the lists the
// inspector: every field of the selected workload as a form
// (editors/record_inspector.h). Segment, precision, reference GPU and the
// optional pins are picked, never typed.

namespace fleet::gui {

namespace {

FieldTableModel::Rows workloadsOf(WorkloadKind kind)
{
    return [kind](const Project& p) {
        std::vector<int> rows;
        for (std::size_t i = 0; i < p.workloads.size(); ++i)
            if (p.workloads[i].kind() == kind)
                rows.push_back(int(i));
        return rows;
    };
}

QString workloadName(const Project& p, int i)
{
    return QString::fromStdString(p.workloads[std::size_t(i)].name);
}

/// What "Add workload…" offers first: the kind last added, and the segment
/// of the workload last selected in any of the page's tables.
struct AddDefaults
{
    WorkloadKind kind = WorkloadKind::Training;
    std::string selectedWorkload; ///< its id ("" before any selection)
};

/// The segment of workload `id`, or "" when the project has no such workload.
std::string segmentOf(const Project& p, const std::string& id)
{
    for (const Workload& w : p.workloads)
        if (w.id == id)
            return w.segmentId;
    return {};
}

/// An empty table's line, with a link that adds a workload of its kind.
/// A run is stated by its tokens or by its wall-clock length; the cell of the
/// other shows what the engine derives (engine/training.h), "—" when it
/// cannot. Typing into it states that one too, which the reader refuses
/// with both fields named.
void showDerivedRunColumns(FieldColumn& tokens, FieldColumn& days)
{
    const auto spec = [](const Project& p, int i) -> const TrainingSpec& {
        return std::get<TrainingSpec>(p.workloads[std::size_t(i)].spec);
    };
    tokens.get = [spec](const Project& p, int i) -> QVariant {
        const auto derived = runTokens(p, p.workloads[std::size_t(i)], spec(p, i));
        return derived ? QVariant(derived.value()) : QVariant();
    };
    days.get = [spec](const Project& p, int i) -> QVariant {
        const auto derived = runDaysOf(p, p.workloads[std::size_t(i)], spec(p, i));
        return derived ? QVariant(derived.value()) : QVariant();
    };
    tokens.tooltip += QObject::tr(". With a run length, the tokens it takes (derived)");
    days.tooltip += QObject::tr(". With tokens per run, the days they take on the chosen GPU "
                                "or an H100 (derived)");
}

/// Mean monthly cost attributed to each workload (by id) in the latest results.
using WorkloadCosts = std::map<std::string, double>;

/// The list's cost column: the results' mean monthly cost of the workload.
FieldColumn costColumn(std::shared_ptr<const WorkloadCosts> costs)
{
    FieldColumn c;
    c.key = QStringLiteral("cost");
    c.header = QObject::tr("Cost");
    c.unit = QObject::tr("per month");
    c.tooltip = QObject::tr("Mean monthly cost attributed to the workload over the horizon "
                            "(its chosen option; docs/MODEL.md), as of the latest results");
    c.group = QObject::tr("Workload");
    c.get = [costs](const Project& p, int i) {
        const auto at = costs->find(p.workloads[std::size_t(i)].id);
        return at == costs->end() ? QVariant() : QVariant(at->second);
    };
    c.format = [](double usd) { return formatUsd(usd); };
    return c;
}

/// The months a workload runs in: its first and last month of the horizon.
std::vector<FieldColumn> workloadMonthColumns()
{
    std::vector<FieldColumn> columns = {
        number(
            QObject::tr("Start month"), {},
            QObject::tr("Month of the horizon it starts in (1: the horizon's first month)"),
            "workloads", "start_month",
            [](const Project& p, int i) { return double(p.workloads[std::size_t(i)].startMonth); },
            1, 0, true),
        number(
            QObject::tr("End month"), {},
            QObject::tr("Last month of the horizon it runs in; 0: to the end of the horizon"),
            "workloads", "end_month",
            [](const Project& p, int i) { return double(p.workloads[std::size_t(i)].endMonth); }, 1,
            0, true),
        text(QObject::tr("Note"), QObject::tr("Anything worth knowing about it (not used in sums)"),
             "workloads", "note",
             [](const Project& p, int i) { return p.workloads[std::size_t(i)].note; })};
    columns[0].key = QStringLiteral("start_month");
    columns[1].key = QStringLiteral("end_month");
    columns[2].key = QStringLiteral("note");
    for (FieldColumn& c : columns)
        c.group = QObject::tr("Workload");
    return columns;
}

/// Hides the rows of `view` whose workload's name and id do not hold
/// `text`; returns how many show.
int filterRows(QTableView* view, const FieldTableModel* model, const QString& text)
{
    const Project& project = model->document()->shownProject();
    int shown = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
        const Workload& w = project.workloads[std::size_t(model->itemAt(r))];
        const bool match = text.isEmpty() ||
                           QString::fromStdString(w.name).contains(text, Qt::CaseInsensitive) ||
                           QString::fromStdString(w.id).contains(text, Qt::CaseInsensitive);
        if (view->isRowHidden(r) == match)
            view->setRowHidden(r, !match);
        shown += match ? 1 : 0;
    }
    return shown;
}

QString noWorkloadsText(WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Training:
        return QObject::tr("No training workloads — <a href=\"add\">Add…</a>");
    case WorkloadKind::Inference:
        return QObject::tr("No inference workloads — <a href=\"add\">Add…</a>");
    case WorkloadKind::Notebooks:
        return QObject::tr("No notebook workloads — <a href=\"add\">Add…</a>");
    case WorkloadKind::Batch: break;
    }
    return QObject::tr("No batch workloads — <a href=\"add\">Add…</a>");
}

} // namespace

ProjectPage workloadsPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4); // a laptop's editor pane is about 430 px wide
    std::vector<FieldTableModel*> models;
    auto* addWorkload = new QPushButton(QObject::tr("Add workload…"));
    addWorkload->setObjectName(QStringLiteral("addWorkload"));
    addWorkload->setToolTip(
        QObject::tr("Add a workload of a kind you choose, with placeholder figures to replace"));
    auto* filter = new QLineEdit;
    filter->setObjectName(QStringLiteral("workloadFilter"));
    filter->setPlaceholderText(QObject::tr("Filter by name…"));
    filter->setClearButtonEnabled(true);
    filter->setToolTip(QObject::tr("Shows the workloads whose name or id holds this text"));
    // The kind shown, chosen in a box beside the filter: four tabs ("Inference
    // · 500") did not fit the list's 340 px at 1366×768 and scrolled.
    auto* kindChoice = new QComboBox;
    kindChoice->setObjectName(QStringLiteral("workloadKindChoice"));
    kindChoice->setToolTip(QObject::tr("The kind of workload the list shows, and how many"));
    kindChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* top = new QHBoxLayout;
    top->addWidget(addWorkload);
    top->addWidget(kindChoice);
    top->addWidget(filter, 1);
    layout->addLayout(top);
    // The lists (a tab per kind) beside the inspector of the selected workload.
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setObjectName(QStringLiteral("workloadSplitter"));
    splitter->setChildrenCollapsible(false);
    auto* kinds = new QTabWidget;
    kinds->setObjectName(QStringLiteral("workloadKinds"));
    kinds->tabBar()->hide(); // kindChoice shows the tabs' titles
    QObject::connect(kindChoice, &QComboBox::activated, kinds, &QTabWidget::setCurrentIndex);
    QObject::connect(kinds, &QTabWidget::currentChanged, kindChoice, &QComboBox::setCurrentIndex);
    auto* inspector = new RecordInspector;
    auto* inspectorScroll = new QScrollArea;
    inspectorScroll->setObjectName(QStringLiteral("inspectorScroll"));
    inspectorScroll->setWidgetResizable(true);
    inspectorScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    inspectorScroll->setWidget(inspector);
    inspectorScroll->setMinimumWidth(170);
    splitter->addWidget(kinds);
    splitter->addWidget(inspectorScroll);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    std::map<WorkloadKind, std::pair<QTableView*, FieldTableModel*>> tables;
    auto defaults = std::make_shared<AddDefaults>();
    auto costs = std::make_shared<WorkloadCosts>();
    std::vector<std::pair<QLabel*, WorkloadKind>> placeholders;
    std::vector<std::pair<FieldTableModel*, int>> costColumns;
    const auto add = [&](const QString& title, WorkloadKind kind, std::vector<FieldColumn> columns,
                         QStringList figures) {
        std::vector<FieldColumn> all = {
            idColumn(RowList::Workloads),
            text(QObject::tr("Name"), QObject::tr("The workload's name"), "workloads", "name",
                 [](const Project& p, int i) { return p.workloads[std::size_t(i)].name; }),
            picked(
                QObject::tr("Segment"), QObject::tr("The customer segment it serves"), "workloads",
                "segment",
                [](const Project& p, int i) { return p.workloads[std::size_t(i)].segmentId; },
                [](const Project& p, int) { return segmentChoices(p); })};
        all[1].key = QStringLiteral("name");
        all[2].key = QStringLiteral("segment");
        all.insert(all.end(), std::make_move_iterator(columns.begin()),
                   std::make_move_iterator(columns.end()));
        for (FieldColumn& c : workloadMonthColumns())
            all.push_back(std::move(c));
        for (FieldColumn& c : workloadPinColumns()) {
            c.group = QObject::tr("Pins");
            all.push_back(std::move(c));
        }
        all.push_back(costColumn(costs));
        // Name, the figures that size it and its cost first: in a laptop's
        // editor pane they show without scrolling.
        figures.prepend(QStringLiteral("name"));
        figures.append(QStringLiteral("cost"));
        figures.append(QStringLiteral("segment"));
        auto* model =
            new FieldTableModel(doc, workloadsOf(kind), workloadName, std::move(all), page);
        model->setObjectName(title);
        auto* tab = new QWidget;
        auto* tabLayout = new QVBoxLayout(tab);
        tabLayout->setContentsMargins(2, 2, 2, 2);
        // At 1366×768 the list has about 340 px: the segment, then the
        // second figure, then the first leave it before a name is cut (the
        // inspector has them); the name and the cost stay.
        QTableView* view =
            addCompactList(tabLayout, title, model, figures,
                           {QStringLiteral("segment"), figures.at(2), figures.at(1)});
        // Empty, the list is its header and a line with a link that adds one.
        placeholders.emplace_back(addEmptyPlaceholder(view, noWorkloadsText(kind)), kind);
        tabLayout->addStretch(0);
        addRowActions(tabLayout, doc, view, model, RowList::Workloads);
        // Arrows for Move up and down: the list fits a laptop's editor pane
        // (about 430 px at 1366×768) beside the inspector.
        useArrowsForMoves(tab, title);
        kinds->addTab(tab, title);
        kindChoice->addItem(title);
        QObject::connect(
            view->selectionModel(), &QItemSelectionModel::currentRowChanged, view,
            [doc, model, defaults, inspector](const QModelIndex& current) {
                if (current.isValid())
                    defaults->selectedWorkload =
                        doc->project().workloads[std::size_t(model->itemAt(current.row()))].id;
                inspector->inspect(model, current.isValid() ? current.row() : -1);
            });
        costColumns.emplace_back(model, model->columnCount() - 1);
        tables[kind] = {view, model};
        models.push_back(model);
    };
    // Each kind's own fields come from its field table (spec_columns.h); only
    // the reference GPU, which names a catalog GPU, gets the catalog's picker.
    // The list shows the one or two figures that size it; the inspector all.
    std::vector<FieldColumn> training = specColumns<TrainingSpec>();
    showDerivedRunColumns(columnOf(training, "tokens_per_run"), columnOf(training, "run_days"));
    add(QObject::tr("Training"), WorkloadKind::Training, std::move(training),
        {QStringLiteral("active_params"), QStringLiteral("gpus_per_job")});
    std::vector<FieldColumn> inference = specColumns<InferenceSpec>();
    makeModelPicker(columnOf(inference, "model")); // sets params with the model
    add(QObject::tr("Inference"), WorkloadKind::Inference, std::move(inference),
        {QStringLiteral("params"), QStringLiteral("requests_per_second")});
    add(QObject::tr("Notebooks"), WorkloadKind::Notebooks, specColumns<NotebookSpec>(),
        {QStringLiteral("users"), QStringLiteral("gpus_per_user")});
    std::vector<FieldColumn> batch = specColumns<BatchSpec>();
    for (FieldColumn& c : batch)
        if (c.pointer && c.pointer(doc->project(), 0).ends_with("/reference_gpu"))
            c.choices = [](const Project& p, int) { return gpuChoices(p); };
    add(QObject::tr("Batch"), WorkloadKind::Batch, std::move(batch),
        {QStringLiteral("gpu_hours_per_month"), QStringLiteral("gpus_per_job")});
    // The inspector follows the tab shown: its list's selected workload, the
    // first one shown when none is (an empty form read "Select a workload").
    QObject::connect(kinds, &QTabWidget::currentChanged, inspector, [tables, inspector](int tab) {
        for (const auto& [kind, shown] : tables) {
            if (int(kind) != tab)
                continue;
            const auto& [view, model] = shown;
            if (!view->currentIndex().isValid())
                for (int r = 0; r < model->rowCount(); ++r)
                    if (!view->isRowHidden(r)) {
                        view->setCurrentIndex(model->index(r, 1)); // its name
                        break;
                    }
            inspector->inspect(model, view->currentIndex().row());
        }
    });
    // Tab titles count the rows: "Training · 12 of 250" while filtered.
    const auto applyFilter = [kinds, kindChoice, filter, tables] {
        for (const auto& [kind, shown] : tables) {
            const auto& [view, model] = shown;
            const int shownRows = filterRows(view, model, filter->text());
            const int rows = model->rowCount();
            const QString title = shownRows == rows
                                      ? QStringLiteral("%1 · %2").arg(model->objectName()).arg(rows)
                                      : QObject::tr("%1 · %2 of %3")
                                            .arg(model->objectName())
                                            .arg(shownRows)
                                            .arg(rows);
            kinds->setTabText(int(kind), title);
            kindChoice->setItemText(int(kind), title);
            // The inspector shows a workload the list shows: the first
            // match when the one selected is filtered out.
            const QModelIndex current = view->currentIndex();
            if (current.isValid() && view->isRowHidden(current.row()))
                for (int r = 0; r < rows; ++r)
                    if (!view->isRowHidden(r)) {
                        view->setCurrentIndex(model->index(r, current.column()));
                        break;
                    }
        }
    };
    applyFilter();
    QObject::connect(filter, &QLineEdit::textChanged, page, applyFilter);
    for (const auto& [kind, shown] : tables)
        QObject::connect(shown.second, &QAbstractItemModel::modelReset, page, applyFilter);
    // The first kind that has workloads is shown first, its first workload
    // in the inspector.
    for (const auto& [kind, shown] : tables)
        if (shown.second->rowCount() > 0) {
            kinds->setCurrentIndex(int(kind));
            shown.first->setCurrentIndex(shown.second->index(0, 1)); // its name
            break;
        }
    // Asks kind and segment (`kind` offered first, else the kind last added),
    // then adds the workload as one undo step and selects it.
    const auto askAndAdd = [doc, addWorkload, tables, defaults, kinds,
                            filter](std::optional<WorkloadKind> kind) {
        // In a scenario, or without segments, asking would be in vain.
        if (const std::string refused =
                rowChangeRefusal(doc->project(), doc->scenario().toStdString(), "/workloads");
            !refused.empty())
            return tables.begin()->second.second->reportRefusal(QString::fromStdString(refused));
        if (doc->project().segments.empty())
            return tables.begin()->second.second->reportRefusal(
                std::get<QString>(newWorkloadRow(doc->project(), WorkloadKind::Training)));
        NewWorkloadDialog dialog(doc->project(), kind.value_or(defaults->kind),
                                 segmentOf(doc->project(), defaults->selectedWorkload),
                                 addWorkload);
        if (dialog.exec() != QDialog::Accepted)
            return;
        defaults->kind = dialog.kind();
        const auto& [view, model] = tables.at(dialog.kind());
        auto row = newWorkloadRow(doc->project(), dialog.kind(), dialog.segmentId());
        if (const auto* refusal = std::get_if<QString>(&row))
            return model->reportRefusal(*refusal);
        auto& object = std::get<boost::json::object>(row);
        const QString id = qs(object.at("id").as_string());
        if (const auto refusal = insertRow(doc, RowList::Workloads, std::move(object), -1,
                                           QObject::tr("Add workload %1").arg(id)))
            return model->reportRefusal(*refusal);
        filter->clear(); // the new row shows, whatever its name
        kinds->setCurrentIndex(int(dialog.kind()));
        selectItem(view, model, int(doc->project().workloads.size()) - 1);
        view->setFocus();
    };
    QObject::connect(addWorkload, &QPushButton::clicked, page,
                     [askAndAdd] { askAndAdd(std::nullopt); });
    for (const auto& [label, kind] : placeholders)
        QObject::connect(label, &QLabel::linkActivated, page,
                         [askAndAdd, kind = kind] { askAndAdd(kind); });
    ProjectPage result{QObject::tr("Workloads"), page, models};
    result.showResults = [costs, costColumns](const PlanResults& results) {
        costs->clear();
        for (const WorkloadEvaluation& w : results.evaluation.workloads)
            if (!w.monthlyCostUsd.empty())
                (*costs)[w.id] =
                    std::accumulate(w.monthlyCostUsd.begin(), w.monthlyCostUsd.end(), 0.0) /
                    double(w.monthlyCostUsd.size());
        for (const auto& [model, column] : costColumns)
            model->refreshColumn(column);
    };
    return result;
}

} // namespace fleet::gui
