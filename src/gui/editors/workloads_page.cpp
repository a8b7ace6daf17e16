#include "document/scenario_recorder.h"
#include "editors/empty_table_placeholder.h"
#include "editors/model_picker.h"
#include "editors/new_workload_dialog.h"
#include "editors/page_helpers.h"
#include "editors/pickers.h"
#include "editors/project_pages.h"
#include "editors/row_actions.h"
#include "editors/spec_columns.h"
#include "editors/workload_defaults.h"
#include "editors/workload_pins.h"
#include "engine/training.h"
#include "utf8_text.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QWidget>

#include <boost/json.hpp>

#include <map>
#include <memory>
#include <optional>

// The Workloads page: "Add workload…" (which asks the kind and the segment),
// and a table per kind of work with its rows' buttons (an empty one is a line
// with an Add link); segment, precision, reference GPU and the optional pins
// are picked, never typed.

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
    std::vector<FieldTableModel*> models;
    auto* addWorkload = new QPushButton(QObject::tr("Add workload…"));
    addWorkload->setObjectName(QStringLiteral("addWorkload"));
    addWorkload->setToolTip(
        QObject::tr("Add a workload of a kind you choose, with placeholder figures to replace"));
    auto* top = new QHBoxLayout;
    top->addWidget(addWorkload);
    top->addStretch(1);
    layout->addLayout(top);
    std::map<WorkloadKind, std::pair<QTableView*, FieldTableModel*>> tables;
    auto defaults = std::make_shared<AddDefaults>();
    std::vector<std::pair<QLabel*, WorkloadKind>> placeholders;
    const auto add = [&](const QString& title, WorkloadKind kind,
                         std::vector<FieldColumn> columns) {
        std::vector<FieldColumn> all = {
            idColumn(RowList::Workloads),
            text(QObject::tr("Name"), QObject::tr("The workload's name"), "workloads", "name",
                 [](const Project& p, int i) { return p.workloads[std::size_t(i)].name; }),
            picked(
                QObject::tr("Segment"), QObject::tr("The customer segment it serves"), "workloads",
                "segment",
                [](const Project& p, int i) { return p.workloads[std::size_t(i)].segmentId; },
                [](const Project& p, int) { return segmentChoices(p); })};
        all.insert(all.end(), std::make_move_iterator(columns.begin()),
                   std::make_move_iterator(columns.end()));
        for (FieldColumn& c : workloadPinColumns())
            all.push_back(std::move(c));
        auto* model =
            new FieldTableModel(doc, workloadsOf(kind), workloadName, std::move(all), page);
        QTableView* view = nullptr;
        addTable(layout, title, model, &view);
        // Empty, the table is its header and a line with a link that adds one.
        placeholders.emplace_back(addEmptyPlaceholder(view, noWorkloadsText(kind)), kind);
        addRowActions(layout, doc, view, model, RowList::Workloads);
        QObject::connect(
            view->selectionModel(), &QItemSelectionModel::currentRowChanged, view,
            [doc, model, defaults](const QModelIndex& current) {
                if (current.isValid())
                    defaults->selectedWorkload =
                        doc->project().workloads[std::size_t(model->itemAt(current.row()))].id;
            });
        tables[kind] = {view, model};
        models.push_back(model);
    };
    // Each kind's own fields come from its field table (spec_columns.h); only
    // the reference GPU, which names a catalog GPU, gets the catalog's picker.
    std::vector<FieldColumn> training = specColumns<TrainingSpec>();
    showDerivedRunColumns(columnOf(training, "tokens_per_run"), columnOf(training, "run_days"));
    add(QObject::tr("Training"), WorkloadKind::Training, std::move(training));
    std::vector<FieldColumn> inference = specColumns<InferenceSpec>();
    makeModelPicker(columnOf(inference, "model")); // sets params with the model
    add(QObject::tr("Inference"), WorkloadKind::Inference, std::move(inference));
    add(QObject::tr("Notebooks"), WorkloadKind::Notebooks, specColumns<NotebookSpec>());
    std::vector<FieldColumn> batch = specColumns<BatchSpec>();
    for (FieldColumn& c : batch)
        if (c.pointer && c.pointer(doc->project(), 0).ends_with("/reference_gpu"))
            c.choices = [](const Project& p, int) { return gpuChoices(p); };
    add(QObject::tr("Batch"), WorkloadKind::Batch, std::move(batch));
    layout->addStretch(0); // empty tables, one line each, stay together at the top
    // Asks kind and segment (`kind` offered first, else the kind last added),
    // then adds the workload as one undo step and selects it.
    const auto askAndAdd = [doc, addWorkload, tables, defaults](std::optional<WorkloadKind> kind) {
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
        selectItem(view, model, int(doc->project().workloads.size()) - 1);
        view->setFocus();
    };
    QObject::connect(addWorkload, &QPushButton::clicked, page,
                     [askAndAdd] { askAndAdd(std::nullopt); });
    for (const auto& [label, kind] : placeholders)
        QObject::connect(label, &QLabel::linkActivated, page,
                         [askAndAdd, kind = kind] { askAndAdd(kind); });
    return {QObject::tr("Workloads"), page, models};
}

} // namespace fleet::gui
