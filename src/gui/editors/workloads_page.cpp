#include "editors/page_helpers.h"
#include "editors/pickers.h"
#include "editors/project_pages.h"
#include "editors/row_actions.h"
#include "editors/workload_defaults.h"
#include "editors/workload_pins.h"

#include <QHBoxLayout>
#include <QInputDialog>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QWidget>

#include <boost/json.hpp>

#include <map>

// The Workloads page: "Add workload…" (which asks the kind), and a table per
// kind of work with its rows' buttons; segment, precision, reference GPU and
// the optional pins are picked, never typed.

namespace fleet::gui {

namespace {

template <typename Spec> const Spec& spec(const Project& p, int i)
{
    return std::get<Spec>(p.workloads[std::size_t(i)].spec);
}

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

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

/// Asks the kind of a new workload (a QInputDialog named "workloadKind").
std::optional<WorkloadKind> askKind(QWidget* parent)
{
    const std::vector<WorkloadKind> kinds = {WorkloadKind::Training, WorkloadKind::Inference,
                                             WorkloadKind::Notebooks, WorkloadKind::Batch};
    QStringList labels;
    for (WorkloadKind kind : kinds)
        labels << workloadKindLabel(kind);
    QInputDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("workloadKind"));
    dialog.setWindowTitle(QObject::tr("Add workload"));
    dialog.setLabelText(QObject::tr("Kind of work — it starts with placeholder figures, in the "
                                    "first segment, for you to replace:"));
    dialog.setComboBoxItems(labels);
    dialog.setComboBoxEditable(false);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    const auto at = labels.indexOf(dialog.textValue());
    return at < 0 ? std::nullopt : std::optional(kinds[std::size_t(at)]);
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
        addRowActions(layout, doc, view, model, RowList::Workloads);
        tables[kind] = {view, model};
        models.push_back(model);
    };
    const auto precision = []<typename S>(S*) {
        return picked(
            QObject::tr("Precision"), QObject::tr("Weights and arithmetic: bf16 or fp8"),
            "workloads", "precision",
            [](const Project& p, int i) {
                return std::string(precisionKey(spec<S>(p, i).precision));
            },
            [](const Project&, int) {
                return std::vector<FieldChoice>{
                    {QStringLiteral("bf16"), QStringLiteral("BF16"),
                     QObject::tr("2 bytes a value")},
                    {QStringLiteral("fp8"), QStringLiteral("FP8"),
                     QObject::tr(
                         "1 byte a value; needs FP8 tensor cores (H100 and later, MI300)")}};
            });
    };
    using T = TrainingSpec;
    add(QObject::tr("Training"), WorkloadKind::Training,
        {number(
             QObject::tr("Params"), QObject::tr("B"),
             QObject::tr("Active parameters N; compute = 6·N·D FLOPs"), "workloads",
             "active_params", [](const Project& p, int i) { return spec<T>(p, i).activeParams; },
             1e-9, 1),
         number(
             QObject::tr("Tokens per run"), QObject::tr("T"), QObject::tr("Tokens D"), "workloads",
             "tokens_per_run", [](const Project& p, int i) { return spec<T>(p, i).tokensPerRun; },
             1e-12, 2),
         number(
             QObject::tr("GPUs per job"), QObject::tr("GPUs"), QObject::tr("Gang size"),
             "workloads", "gpus_per_job",
             [](const Project& p, int i) { return spec<T>(p, i).gpusPerJob; }, 1, 0, true),
         number(
             QObject::tr("MFU"), QObject::tr("%"),
             QObject::tr("Model FLOPs utilization (Llama 3: 38–43 % on H100s)"), "workloads",
             "efficiency", [](const Project& p, int i) { return spec<T>(p, i).efficiency; }, 100,
             1),
         number(
             QObject::tr("Runs"), QObject::tr("per month"), QObject::tr("Runs started a month"),
             "workloads", "runs_per_month",
             [](const Project& p, int i) { return spec<T>(p, i).runsPerMonth; }, 1, 2),
         number(
             QObject::tr("Priority"), QString(),
             QObject::tr("Higher preempts lower in the scheduler"), "workloads", "priority",
             [](const Project& p, int i) { return spec<T>(p, i).priority; }, 1, 0, true),
         precision(static_cast<T*>(nullptr))});
    using I = InferenceSpec;
    add(QObject::tr("Inference"), WorkloadKind::Inference,
        {number(
             QObject::tr("Params"), QObject::tr("B"), QObject::tr("Parameters N"), "workloads",
             "params", [](const Project& p, int i) { return spec<I>(p, i).params; }, 1e-9, 1),
         number(
             QObject::tr("Requests"), QObject::tr("per s"),
             QObject::tr("Request rate in the first month"), "workloads", "requests_per_second",
             [](const Project& p, int i) { return spec<I>(p, i).requestsPerSecond; }, 1, 1),
         number(
             QObject::tr("Input tokens"), QObject::tr("per request"),
             QObject::tr("Prompt tokens per request"), "workloads", "input_tokens",
             [](const Project& p, int i) { return spec<I>(p, i).inputTokens; }, 1, 0),
         number(
             QObject::tr("Output tokens"), QObject::tr("per request"),
             QObject::tr("Tokens generated per request"), "workloads", "output_tokens",
             [](const Project& p, int i) { return spec<I>(p, i).outputTokens; }, 1, 0),
         number(
             QObject::tr("TPOT"), QObject::tr("ms"), QObject::tr("Target time per output token"),
             "workloads", "tpot_ms", [](const Project& p, int i) { return spec<I>(p, i).tpotMs; },
             1, 0),
         number(
             QObject::tr("TTFT"), QObject::tr("ms"), QObject::tr("Target time to first token"),
             "workloads", "ttft_ms", [](const Project& p, int i) { return spec<I>(p, i).ttftMs; },
             1, 0),
         number(
             QObject::tr("Growth"), QObject::tr("%/month"),
             QObject::tr("Request-rate growth per month"), "workloads", "growth_per_month",
             [](const Project& p, int i) { return spec<I>(p, i).growthPerMonth; }, 100, 1),
         precision(static_cast<I*>(nullptr))});
    using N = NotebookSpec;
    add(QObject::tr("Notebooks"), WorkloadKind::Notebooks,
        {number(
             QObject::tr("Users"), QObject::tr("people"), QObject::tr("Notebook users"),
             "workloads", "users", [](const Project& p, int i) { return spec<N>(p, i).users; }, 1,
             0, true),
         number(
             QObject::tr("Active"), QObject::tr("%"),
             QObject::tr("Share of wall time the GPU is busy"), "workloads", "active_fraction",
             [](const Project& p, int i) { return spec<N>(p, i).activeFraction; }, 100, 1),
         number(
             QObject::tr("Idle timeout"), QObject::tr("min"),
             QObject::tr("Idle sessions release their GPU after this long (0: never)"), "workloads",
             "idle_timeout_min",
             [](const Project& p, int i) { return spec<N>(p, i).idleTimeoutMin; }, 1, 0),
         number(
             QObject::tr("Mean idle gap"), QObject::tr("min"),
             QObject::tr("Idle gaps are exponential with this mean"), "workloads",
             "mean_idle_gap_min",
             [](const Project& p, int i) { return spec<N>(p, i).meanIdleGapMin; }, 1, 0),
         number(
             QObject::tr("GPUs per user"), QObject::tr("GPUs"),
             QObject::tr("GPUs (or GPU shares) a session holds"), "workloads", "gpus_per_user",
             [](const Project& p, int i) { return spec<N>(p, i).gpusPerUser; }, 1, 2),
         number(
             QObject::tr("Memory"), QObject::tr("GB/session"),
             QObject::tr("GPU memory a session needs"), "workloads", "memory_gb_per_session",
             [](const Project& p, int i) { return spec<N>(p, i).memoryGbPerSession; }, 1, 0)});
    using B = BatchSpec;
    add(QObject::tr("Batch"), WorkloadKind::Batch,
        {number(
             QObject::tr("GPU-hours"), QObject::tr("per month"),
             QObject::tr("On the reference GPU"), "workloads", "gpu_hours_per_month",
             [](const Project& p, int i) { return spec<B>(p, i).gpuHoursPerMonth; }, 1, 0),
         number(
             QObject::tr("GPUs per job"), QObject::tr("GPUs"), QObject::tr("Gang size"),
             "workloads", "gpus_per_job",
             [](const Project& p, int i) { return spec<B>(p, i).gpusPerJob; }, 1, 0, true),
         number(
             QObject::tr("Checkpoint interval"), QObject::tr("min"),
             QObject::tr("Work lost on eviction is at most this"), "workloads",
             "checkpoint_interval_min",
             [](const Project& p, int i) { return spec<B>(p, i).checkpointIntervalMin; }, 1, 0),
         number(
             QObject::tr("Memory"), QObject::tr("GB/GPU"),
             QObject::tr("GPU memory each of its GPUs needs"), "workloads", "memory_gb_per_gpu",
             [](const Project& p, int i) { return spec<B>(p, i).memoryGbPerGpu; }, 1, 0),
         boolean(QObject::tr("Preemptible"),
                 QObject::tr("May be evicted (spot, predictive preemption)"), "workloads",
                 "preemptible", [](const Project& p, int i) { return spec<B>(p, i).preemptible; }),
         picked(
             QObject::tr("Reference GPU"), QObject::tr("The GPU its GPU-hours were measured on"),
             "workloads", "reference_gpu",
             [](const Project& p, int i) { return spec<B>(p, i).referenceGpuId; },
             [](const Project& p, int) { return gpuChoices(p); })});
    QObject::connect(addWorkload, &QPushButton::clicked, page, [doc, addWorkload, tables] {
        const auto kind = askKind(addWorkload);
        if (!kind)
            return;
        const auto& [view, model] = tables.at(*kind);
        auto row = newWorkloadRow(doc->project(), *kind);
        if (const auto* refusal = std::get_if<QString>(&row))
            return model->reportRefusal(*refusal);
        auto& object = std::get<boost::json::object>(row);
        const QString id = qs(object.at("id").as_string());
        if (const auto refusal = insertRow(doc, RowList::Workloads, std::move(object), -1,
                                           QObject::tr("Add workload %1").arg(id)))
            return model->reportRefusal(*refusal);
        selectItem(view, model, int(doc->project().workloads.size()) - 1);
        view->setFocus();
    });
    return {QObject::tr("Workloads"), page, models};
}

} // namespace fleet::gui
