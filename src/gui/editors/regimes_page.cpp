#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/name_lines.h"
#include "editors/page_helpers.h"
#include "editors/project_pages.h"
#include "model/engine_defaults.h"
#include "store/project_json_writer.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <span>
#include <vector>

namespace fleet::gui {

namespace {

std::vector<int> regimeRows(const Project&)
{
    std::vector<int> rows;
    for (int i = 0; i < int(regimeCount()); ++i)
        rows.push_back(i);
    return rows;
}

QString regimeName(int i)
{
    return QString::fromUtf8(regimeLabel(RegimeKind(i)).data());
}

std::string regimePointer(int i, const char* field)
{
    return "/regimes/" + std::string(regimeKey(RegimeKind(i))) + "/" + field;
}

/// An assumption's unit as a column shows it: "(hours)" → "hours".
std::string unitText(std::string_view unit)
{
    if (unit.size() >= 2 && unit.front() == '(' && unit.back() == ')')
        unit = unit.substr(1, unit.size() - 2);
    return std::string(unit);
}

} // namespace

ProjectPage regimesPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    const auto regimeColumn = [](const QString& header, const QString& unit, const QString& tip,
                                 const char* field, double (*get)(const Regime&), double scale,
                                 int decimals, bool integer) {
        FieldColumn c;
        c.header = header;
        c.unit = unit;
        c.tooltip = tip;
        c.scale = scale;
        c.decimals = decimals;
        c.integer = integer;
        c.get = [get](const Project& p, int i) { return QVariant(get(p.regime(RegimeKind(i)))); };
        c.pointer = [field](const Project&, int i) { return regimePointer(i, field); };
        return c;
    };
    // A workload kind's own overhead, where the regime states one (the
    // network-pooled regime does): a regime without it shows an empty cell,
    // not 0, and its throughput overhead applies to the kind.
    const auto kindOverheadColumn = [](const QString& header, const QString& kind,
                                       const char* field, double Regime::*member,
                                       const QString& headerLines = {}) {
        FieldColumn c;
        c.header = header;
        c.headerLines = headerLines;
        c.unit = QObject::tr("%");
        c.tooltip = QObject::tr("Share of throughput %1 work loses under the regime (%2); "
                                "docs/MODEL.md, \"Network-pooled GPUs\"")
                        .arg(kind, QString::fromUtf8(field));
        c.missingTooltip = QObject::tr("The regime states no overhead of its own for %1 work: "
                                       "its throughput overhead applies (%2 in a project "
                                       "file's regimes section sets one)")
                               .arg(kind, QString::fromUtf8(field));
        c.blankWhenMissing = true;
        c.scale = 100;
        c.decimals = 1;
        c.get = [member](const Project& p, int i) {
            const double stated = p.regime(RegimeKind(i)).*member;
            return stated >= 0.0 ? QVariant(stated) : QVariant();
        };
        c.pointer = [field](const Project&, int i) { return regimePointer(i, field); };
        return c;
    };
    // Eight columns of figures beside the regimes' names in the editor pane
    // of a 1366×768 laptop (438 px for the columns; 1440 wide, 489): the
    // columns are as narrow as their figures or the longest word of their
    // headers, so the long words are broken where their parts or syllables
    // join (Over-head, Train-ing, Infer-ence, Note-books, Conten-tion; whole
    // in the tooltips), the network's price shows as "$0.097" under its
    // unit, and the long regime names take two lines.
    FieldColumn overhead = regimeColumn(
        QObject::tr("Overhead"), QObject::tr("%"),
        QObject::tr("Share of throughput the regime loses (throughput_overhead), for "
                    "every workload kind without an overhead of its own"),
        "throughput_overhead", [](const Regime& r) { return r.throughputOverhead; }, 100, 1, false);
    overhead.headerLines = QObject::tr("Over-\nhead");
    FieldColumn contention = regimeColumn(
        QObject::tr("Contention"), QObject::tr("%"),
        QObject::tr("Time-slicing: further loss per additional busy tenant "
                    "(contention_per_extra_tenant)"),
        "contention_per_extra_tenant", [](const Regime& r) { return r.contentionPerExtraTenant; },
        100, 1, false);
    contention.headerLines = QObject::tr("Conten-\ntion");
    FieldColumn tenants = regimeColumn(
        QObject::tr("Tenants/GPU"), QObject::tr("max"),
        QObject::tr("Time-slicing replicas or MPS clients on one GPU (max_tenants_per_gpu)"),
        "max_tenants_per_gpu", [](const Regime& r) { return double(r.maxTenantsPerGpu); }, 1, 0,
        true);
    tenants.headerLines = QObject::tr("Tenants/\nGPU");
    FieldColumn network = regimeColumn(
        QObject::tr("Network"), QObject::tr("$/GPU-h"),
        QObject::tr("What the regime's network adds to each GPU-hour held (a network-pooled "
                    "GPU's NIC and switch port); docs/MODEL.md, \"Network-pooled GPUs\""),
        "network_usd_per_gpu_hour", [](const Regime& r) { return r.networkUsdPerGpuHour; }, 1, 3,
        false);
    network.format = [](double usd) {
        return QStringLiteral("$") + QLocale().toString(usd, 'f', 3);
    };
    auto* model = new FieldTableModel(
        doc, regimeRows, [](const Project&, int i) { return regimeName(i); },
        // The overall overhead and the kinds' own side by side (their
        // headers read as one group); short names, the tooltips say the rest.
        {overhead,
         kindOverheadColumn(QObject::tr("Training"), QObject::tr("training"),
                            "training_throughput_overhead", &Regime::trainingThroughputOverhead,
                            QObject::tr("Train-\ning")),
         kindOverheadColumn(QObject::tr("Inference"), QObject::tr("inference"),
                            "inference_throughput_overhead", &Regime::inferenceThroughputOverhead,
                            QObject::tr("Infer-\nence")),
         kindOverheadColumn(QObject::tr("Notebooks"), QObject::tr("notebooks"),
                            "notebooks_throughput_overhead", &Regime::notebooksThroughputOverhead,
                            QObject::tr("Note-\nbooks")),
         kindOverheadColumn(QObject::tr("Batch"), QObject::tr("batch"), "batch_throughput_overhead",
                            &Regime::batchThroughputOverhead),
         contention, tenants, network},
        page);
    std::vector<QString> names;
    for (int i = 0; i < int(regimeCount()); ++i)
        names.push_back(regimeName(i));
    model->setShownRowNames(
        [shown = namesOnTwoLines(names)](const Project&, int i) { return shown[std::size_t(i)]; });
    QTableView* regimesView = nullptr;
    addTable(layout, QObject::tr("Virtualization regimes"), model, &regimesView);
    // Every regime in view (the network-pooled one, the last, was scrolled
    // off at 1366×768): the table as tall as its rows, the engine
    // assumptions below take the rest.
    // Rows of one line as tall as the other tables' rows, of two lines taller.
    QHeaderView* regimeNames = regimesView->verticalHeader();
    regimeNames->setMinimumSectionSize(regimeNames->defaultSectionSize());
    regimeNames->setSectionResizeMode(QHeaderView::ResizeToContents);
    fitHeightToRows(regimesView);
    layout->setStretchFactor(regimesView, 0);
    // The last column as wide as its figures too: stretched, it kept the
    // 100 px it had before the columns were fitted.
    regimesView->horizontalHeader()->setStretchLastSection(false);
    auto* note = new QLabel(
        QObject::tr("Training, Inference, Notebooks, Batch: the throughput a kind of work loses "
                    "where the regime states its own figure; empty: Overhead applies to it."),
        page);
    note->setWordWrap(true);
    layout->addWidget(note);
    // One row per engine assumption, from the core table (engine_defaults.cpp):
    // a key added there appears here with its label and unit.
    const std::span<const AssumptionField> rows = assumptionFields();
    FieldColumn value;
    value.header = QObject::tr("Value");
    value.tooltip = QObject::tr("Engine defaults with their sources: docs/MODEL.md and "
                                "data/defaults/engine.json; a project stores the ones it changes");
    value.decimals = 4;
    value.get = [rows](const Project& p, int i) {
        return QVariant(p.assumptions.*rows[std::size_t(i)].member);
    };
    value.pointer = [rows](const Project&, int i) {
        return "/assumptions/" + std::string(rows[std::size_t(i)].key);
    };
    FieldColumn unit = text(
        QObject::tr("Unit"), {}, "", "",
        [rows](const Project&, int i) { return unitText(rows[std::size_t(i)].range.unit); }, false);
    auto* assumptions = new FieldTableModel(
        doc,
        [rows](const Project&) {
            std::vector<int> all(rows.size());
            for (std::size_t i = 0; i < all.size(); ++i)
                all[i] = int(i);
            return all;
        },
        [rows](const Project&, int i) {
            const std::string_view label = rows[std::size_t(i)].label;
            return QString::fromUtf8(label.data(), qsizetype(label.size()));
        },
        {value, unit}, page);
    QTableView* assumptionsView = nullptr;
    addTable(layout, QObject::tr("Engine assumptions"), assumptions, &assumptionsView);
    // The names are long ("Checkpoint stall (share of the write; below 1:
    // asynchronous)"): at their full width the values sat off-screen in a
    // laptop's pane. Cut to a third of a 1440-wide window, elided, the whole
    // name in the row's tooltip; the values stay in view.
    assumptionsView->verticalHeader()->setMaximumWidth(300);
    assumptionsView->verticalHeader()->setTextElideMode(Qt::ElideRight);
    return {QObject::tr("Regimes"), page, {model, assumptions}};
}

ProjectPage schedulerPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* combo = new QComboBox(page);
    combo->setObjectName(QStringLiteral("schedulerPolicy"));
    for (SchedulerPolicy policy : {SchedulerPolicy::Naive, SchedulerPolicy::TopologyAware,
                                   SchedulerPolicy::PredictivePreemption})
        combo->addItem(QString::fromUtf8(policyKey(policy).data()),
                       QString::fromUtf8(policyKey(policy).data()));
    const auto sync = [doc, combo] {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(
            QString::fromUtf8(policyKey(doc->shownProject().scheduler.policy).data())));
    };
    sync();
    QObject::connect(doc, &ProjectDocument::changed, combo, sync);
    QObject::connect(combo, &QComboBox::currentIndexChanged, combo, [doc, combo] {
        (void)doc->edit(QObject::tr("Choose the scheduler policy"),
                        {{"/scheduler/policy",
                          boost::json::value(combo->currentData().toString().toStdString())}});
    });
    layout->addWidget(new QLabel(QObject::tr("Scheduler policy:")));
    layout->addWidget(combo);
    const auto policyColumn = [](const QString& header, const QString& tip, const char* field,
                                 bool ceiling) {
        FieldColumn c;
        c.header = header;
        c.unit = QObject::tr("%");
        c.tooltip = tip;
        c.scale = 100;
        c.decimals = 0;
        c.get = [ceiling](const Project& p, int i) {
            return QVariant(ceiling ? p.scheduler.utilizationCeiling[std::size_t(i)]
                                    : p.scheduler.checkpointReclaimFraction[std::size_t(i)]);
        };
        c.pointer = [field](const Project&, int i) {
            return std::string("/scheduler/") + field + "/" +
                   std::string(policyKey(SchedulerPolicy(i)));
        };
        return c;
    };
    auto* model = new FieldTableModel(
        doc,
        [](const Project&) {
            return std::vector<int>{0, 1, 2};
        },
        [](const Project&, int i) {
            return QString::fromUtf8(policyKey(SchedulerPolicy(i)).data());
        },
        {policyColumn(QObject::tr("Utilization ceiling"),
                      QObject::tr("Share of whole-GPU hours kept busy before waits explode; "
                                  "`fleetplanner-cli simulate` measures the project's knees"),
                      "utilization_ceiling", true),
         policyColumn(QObject::tr("Checkpoint reclaim"),
                      QObject::tr("Share of checkpoint-idle GPU time lent to preemptible work"),
                      "checkpoint_reclaim_fraction", false)},
        page);
    addTable(layout, QObject::tr("Per policy"), model);
    return {QObject::tr("Scheduler"), page, {model}};
}

} // namespace fleet::gui
