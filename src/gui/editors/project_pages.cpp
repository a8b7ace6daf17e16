#include "editors/project_pages.h"

#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/page_helpers.h"
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

namespace {

ProjectPage fleetPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* model = new FieldTableModel(
        doc,
        [](const Project& p) {
            std::vector<int> rows(p.fleet.pools.size());
            for (std::size_t i = 0; i < rows.size(); ++i)
                rows[i] = int(i);
            return rows;
        },
        [](const Project& p, int i) {
            return QString::fromStdString(p.fleet.pools[std::size_t(i)].id);
        },
        {text(QObject::tr("GPU"), QObject::tr("Catalog id of the pool's GPU model"), "fleet/pools",
              "gpu", [](const Project& p, int i) { return p.fleet.pools[std::size_t(i)].gpuId; }),
         number(
             QObject::tr("Count"), QObject::tr("GPUs"), QObject::tr("GPUs in the pool"),
             "fleet/pools", "count",
             [](const Project& p, int i) { return p.fleet.pools[std::size_t(i)].count; }, 1, 0,
             true),
         text(QObject::tr("Plan"),
              QObject::tr("on_demand, reserved_1y, reserved_3y, spot or owned"), "fleet/pools",
              "plan",
              [](const Project& p, int i) {
                  return std::string(planKey(p.fleet.pools[std::size_t(i)].plan));
              }),
         number(
             QObject::tr("GPUs per node"), QObject::tr("GPUs"),
             QObject::tr("GPUs in one node (one scale-up domain)"), "fleet/pools", "gpus_per_node",
             [](const Project& p, int i) { return p.fleet.pools[std::size_t(i)].gpusPerNode; }, 1,
             0, true)},
        page);
    QTableView* poolsView = nullptr;
    addTable(layout, QObject::tr("Pools of the fleet"), model, &poolsView);
    addRowButtons(layout, doc, poolsView, model, "/fleet/pools");
    // The project itself: one row.
    const auto field = [](const char* pointer) {
        return [pointer](const Project&, int) { return std::string(pointer); };
    };
    FieldColumn name = text(QObject::tr("Name"), QObject::tr("The project's name"), "", "",
                            [](const Project& p, int) { return p.name; });
    name.pointer = field("/name");
    FieldColumn horizon;
    horizon.header = QObject::tr("Horizon");
    horizon.unit = QObject::tr("months");
    horizon.tooltip = QObject::tr("Months the plan covers");
    horizon.decimals = 0;
    horizon.integer = true;
    horizon.get = [](const Project& p, int) { return QVariant(double(p.horizonMonths)); };
    horizon.pointer = field("/horizon/months");
    FieldColumn start =
        text(QObject::tr("First month"), QObject::tr("Calendar month of month 1, YYYY-MM"), "", "",
             [](const Project& p, int) { return p.startMonth; });
    start.pointer = field("/horizon/start_month");
    FieldColumn mode =
        text(QObject::tr("Fleet mode"),
             QObject::tr("fixed: the pools are the fleet; size: FleetPlanner sizes it"), "", "",
             [](const Project& p, int) {
                 return std::string(p.fleet.mode == FleetMode::Fixed ? "fixed" : "size");
             });
    mode.pointer = field("/fleet/mode");
    auto* project = new FieldTableModel(
        doc, [](const Project&) { return std::vector<int>{0}; },
        [](const Project&, int) { return QObject::tr("Project"); }, {name, horizon, start, mode},
        page);
    addTable(layout, QObject::tr("Project"), project);
    return {QObject::tr("Fleet"), page, {model, project}};
}

/// A column of the active book's price of each GPU under `plan`. An edit
/// stores the book, changed, among the project's own books (same id: it
/// stands in for the built-in one), the price noted as edited.
FieldColumn priceColumn(Plan plan)
{
    FieldColumn c;
    c.header = QString::fromUtf8(planLabel(plan).data());
    c.unit = QObject::tr("USD/GPU-h");
    c.tooltip = QObject::tr("List price per GPU-hour; its source and date are in the catalog "
                            "table below. An edited price is saved with the project, noted as "
                            "edited.");
    c.get = [plan](const Project& p, int i) {
        const PriceBook* book = p.activePriceBook();
        const auto& price = book->gpus[std::size_t(i)].hourly(plan);
        return price ? QVariant(price->usdPerGpuHour) : QVariant();
    };
    c.edits = [plan](const Project& p, int i, const boost::json::value& value) {
        PriceBook book = *p.activePriceBook();
        auto& price = book.gpus[std::size_t(i)].hourly(plan);
        const double was = price->usdPerGpuHour;
        price->usdPerGpuHour = value.is_double() ? value.as_double() : double(value.as_int64());
        price->note = "Edited in FleetPlanner (was " + std::to_string(was).substr(0, 6) +
                      " USD, as the cited source gives it).";
        return std::vector<FieldEdit>{ownPriceBookEdit(p, book.id, book)};
    };
    return c;
}

ProjectPage priceBooksPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* combo = new QComboBox(page);
    combo->setObjectName(QStringLiteral("activePriceBook"));
    const auto fill = [doc, combo] {
        const QSignalBlocker block(combo);
        combo->clear();
        for (const PriceBook& book : doc->project().catalog.priceBooks)
            combo->addItem(
                QStringLiteral("%1 — as of %2")
                    .arg(QString::fromStdString(book.name), QString::fromStdString(book.asOf)),
                QString::fromStdString(book.id));
        combo->setCurrentIndex(
            combo->findData(QString::fromStdString(doc->project().activePriceBookId)));
    };
    fill();
    QObject::connect(doc, &ProjectDocument::changed, combo, fill);
    QObject::connect(combo, &QComboBox::currentIndexChanged, combo, [doc, combo] {
        (void)doc->edit(QObject::tr("Choose the price book"),
                        {{"/active_price_book",
                          boost::json::value(combo->currentData().toString().toStdString())}});
    });
    layout->addWidget(new QLabel(QObject::tr("Price book the project is costed with:")));
    layout->addWidget(combo);
    std::vector<FieldColumn> plans;
    for (Plan plan : {Plan::OnDemand, Plan::Reserved1y, Plan::Reserved3y, Plan::Spot})
        plans.push_back(priceColumn(plan));
    auto* prices = new FieldTableModel(
        doc,
        [](const Project& p) {
            std::vector<int> rows;
            if (const PriceBook* book = p.activePriceBook())
                for (std::size_t i = 0; i < book->gpus.size(); ++i)
                    rows.push_back(int(i));
            return rows;
        },
        [](const Project& p, int i) {
            return QString::fromStdString(p.activePriceBook()->gpus[std::size_t(i)].gpuId);
        },
        plans, page);
    addTable(layout, QObject::tr("Prices of the active book"), prices);
    auto* catalog = new CatalogTableModel(page);
    catalog->setCatalog(doc->project().catalog);
    QObject::connect(doc, &ProjectDocument::changed, catalog,
                     [doc, catalog] { catalog->setCatalog(doc->project().catalog); });
    auto* view = new QTableView(page);
    view->setObjectName(QStringLiteral("catalogView"));
    view->setModel(catalog);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->verticalHeader()->setVisible(false);
    layout->addWidget(new QLabel(
        QObject::tr("<b>GPU catalog</b> — every figure with its source and date in its tooltip")));
    layout->addWidget(view, 1);
    return {QObject::tr("Price books"), page, {prices}};
}

ProjectPage segmentsPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* model = new FieldTableModel(
        doc,
        [](const Project& p) {
            std::vector<int> rows(p.segments.size());
            for (std::size_t i = 0; i < rows.size(); ++i)
                rows[i] = int(i);
            return rows;
        },
        [](const Project& p, int i) {
            return QString::fromStdString(p.segments[std::size_t(i)].id);
        },
        {text(QObject::tr("Name"), QObject::tr("The segment's name"), "segments", "name",
              [](const Project& p, int i) { return p.segments[std::size_t(i)].name; }),
         text(QObject::tr("Isolation floor"),
              QObject::tr("none, memory or hardware: the least isolation its work accepts"),
              "segments", "isolation_floor",
              [](const Project& p, int i) {
                  return std::string(isolationKey(p.segments[std::size_t(i)].isolationFloor));
              }),
         number(QObject::tr("Price"), QObject::tr("USD/GPU-h"),
                QObject::tr("What the segment pays per GPU-hour (margin objective)"), "segments",
                "price_usd_per_gpu_hour",
                [](const Project& p, int i) {
                    return p.segments[std::size_t(i)].priceUsdPerGpuHour;
                })},
        page);
    addTable(layout, QObject::tr("Customer segments"), model);
    return {QObject::tr("Segments"), page, {model}};
}

std::vector<int> allRegimes(const Project&)
{
    std::vector<int> rows;
    for (int i = 0; i < 6; ++i)
        rows.push_back(i);
    return rows;
}

std::string regimePointer(int i, const char* field)
{
    return "/regimes/" + std::string(regimeKey(RegimeKind(i))) + "/" + field;
}

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
    auto* model = new FieldTableModel(
        doc, allRegimes,
        [](const Project&, int i) { return QString::fromUtf8(regimeLabel(RegimeKind(i)).data()); },
        {regimeColumn(
             QObject::tr("Throughput overhead"), QObject::tr("%"),
             QObject::tr("Share of throughput the regime loses"), "throughput_overhead",
             [](const Regime& r) { return r.throughputOverhead; }, 100, 1, false),
         regimeColumn(
             QObject::tr("Contention per extra tenant"), QObject::tr("%"),
             QObject::tr("Time-slicing: further loss per additional busy tenant"),
             "contention_per_extra_tenant",
             [](const Regime& r) { return r.contentionPerExtraTenant; }, 100, 1, false),
         regimeColumn(
             QObject::tr("Tenants per GPU"), QObject::tr("max"),
             QObject::tr("Time-slicing replicas or MPS clients on one GPU"), "max_tenants_per_gpu",
             [](const Regime& r) { return double(r.maxTenantsPerGpu); }, 1, 0, true)},
        page);
    addTable(layout, QObject::tr("Virtualization regimes"), model);
    struct AssumptionRow
    {
        const char* key;
        const char* label;
        const char* unit;
        double Assumptions::*member;
    };
    static const AssumptionRow rows[] = {
        {"gpu_mtbf_hours", "GPU MTBF", "h", &Assumptions::gpuMtbfHours},
        {"checkpoint_bytes_per_param", "Checkpoint size", "bytes/param",
         &Assumptions::checkpointBytesPerParam},
        {"checkpoint_write_gb_per_s", "Checkpoint write bandwidth", "GB/s",
         &Assumptions::checkpointWriteGbPerS},
        {"restart_min", "Restart after a failure", "min", &Assumptions::restartMin},
        {"memory_bandwidth_efficiency", "Achievable memory bandwidth", "share",
         &Assumptions::memoryBandwidthEfficiency},
        {"decode_compute_efficiency", "Decode compute efficiency", "share",
         &Assumptions::decodeComputeEfficiency},
        {"prefill_mfu", "Prefill MFU", "share", &Assumptions::prefillMfu},
        {"usable_memory_fraction", "Usable GPU memory", "share",
         &Assumptions::usableMemoryFraction},
        {"tensor_parallel_efficiency", "Tensor-parallel efficiency per doubling", "share",
         &Assumptions::tensorParallelEfficiency},
        {"spot_interruptions_per_gpu_hour", "Spot interruptions", "per GPU-h",
         &Assumptions::spotInterruptionsPerGpuHour},
        {"preemptions_per_gpu_hour", "Preemptions of preemptible work", "per GPU-h",
         &Assumptions::preemptionsPerGpuHour},
        {"notebook_restore_min", "Notebook restore", "min", &Assumptions::notebookRestoreMin},
        {"shared_packing_efficiency", "Shared-GPU packing efficiency", "share",
         &Assumptions::sharedPackingEfficiency},
    };
    FieldColumn value;
    value.header = QObject::tr("Value");
    value.tooltip = QObject::tr("Engine defaults with their sources: docs/MODEL.md and "
                                "data/defaults/engine.json; a project stores the ones it changes");
    value.decimals = 4;
    value.get = [](const Project& p, int i) { return QVariant(p.assumptions.*rows[i].member); };
    value.pointer = [](const Project&, int i) {
        return std::string("/assumptions/") + rows[i].key;
    };
    FieldColumn unit = text(
        QObject::tr("Unit"), {}, "", "",
        [](const Project&, int i) { return std::string(rows[i].unit); }, false);
    auto* assumptions = new FieldTableModel(
        doc,
        [](const Project&) {
            std::vector<int> all(std::size(rows));
            for (std::size_t i = 0; i < all.size(); ++i)
                all[i] = int(i);
            return all;
        },
        [](const Project&, int i) { return QObject::tr(rows[i].label); }, {value, unit}, page);
    addTable(layout, QObject::tr("Engine assumptions"), assumptions);
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
        combo->setCurrentIndex(
            combo->findData(QString::fromUtf8(policyKey(doc->project().scheduler.policy).data())));
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

} // namespace

std::vector<ProjectPage> makeProjectPages(ProjectDocument* document, QWidget* parent)
{
    return {fleetPage(document, parent),    priceBooksPage(document, parent),
            segmentsPage(document, parent), workloadsPage(document, parent),
            regimesPage(document, parent),  schedulerPage(document, parent),
            scenariosPage(document, parent)};
}

} // namespace fleet::gui
