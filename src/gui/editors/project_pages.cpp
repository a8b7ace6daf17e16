#include "editors/project_pages.h"

#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/unit_delegate.h"
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

std::string at(const char* list, int index, const char* field)
{
    return std::string("/") + list + "/" + std::to_string(index) + "/" + field;
}

/// A column of a numeric field of each item of a list.
template <typename Get>
FieldColumn number(const QString& header, const QString& unit, const QString& tooltip,
                   const char* list, const char* field, Get get, double scale = 1, int decimals = 2,
                   bool integer = false)
{
    FieldColumn c;
    c.header = header;
    c.unit = unit;
    c.tooltip = tooltip;
    c.scale = scale;
    c.decimals = decimals;
    c.integer = integer;
    c.get = [get](const Project& p, int i) { return QVariant(double(get(p, i))); };
    c.pointer = [list, field](const Project&, int i) { return at(list, i, field); };
    return c;
}

FieldColumn text(const QString& header, const QString& tooltip, const char* list, const char* field,
                 std::function<std::string(const Project&, int)> get, bool editable = true)
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

/// A titled table over `model` in `layout`.
FieldTableModel* addTable(QVBoxLayout* layout, const QString& title, FieldTableModel* model,
                          QTableView** shown = nullptr)
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
    view->horizontalHeader()->setStretchLastSection(true);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed);
    layout->addWidget(view, 1);
    if (shown)
        *shown = view;
    return model;
}

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

ProjectPage workloadsPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    std::vector<FieldTableModel*> models;
    const auto add = [&](const QString& title, FieldTableModel* model) {
        QTableView* view = nullptr;
        addTable(layout, title, model, &view);
        addRowButtons(layout, doc, view, model, "/workloads");
        models.push_back(model);
    };
    const auto segment = [] {
        return text(QObject::tr("Segment"), QObject::tr("Id of the customer segment it serves"),
                    "workloads", "segment",
                    [](const Project& p, int i) { return p.workloads[std::size_t(i)].segmentId; });
    };
    const auto precision = []<typename S>(S*) {
        return text(QObject::tr("Precision"), QObject::tr("bf16 or fp8"), "workloads", "precision",
                    [](const Project& p, int i) {
                        return std::string(precisionKey(spec<S>(p, i).precision));
                    });
    };
    using T = TrainingSpec;
    add(QObject::tr("Training"),
        new FieldTableModel(
            doc, workloadsOf(WorkloadKind::Training), workloadName,
            {number(
                 QObject::tr("Params"), QObject::tr("B"),
                 QObject::tr("Active parameters N; compute = 6·N·D FLOPs"), "workloads",
                 "active_params",
                 [](const Project& p, int i) { return spec<T>(p, i).activeParams; }, 1e-9, 1),
             number(
                 QObject::tr("Tokens per run"), QObject::tr("T"), QObject::tr("Tokens D"),
                 "workloads", "tokens_per_run",
                 [](const Project& p, int i) { return spec<T>(p, i).tokensPerRun; }, 1e-12, 2),
             number(
                 QObject::tr("GPUs per job"), QObject::tr("GPUs"), QObject::tr("Gang size"),
                 "workloads", "gpus_per_job",
                 [](const Project& p, int i) { return spec<T>(p, i).gpusPerJob; }, 1, 0, true),
             number(
                 QObject::tr("MFU"), QObject::tr("%"),
                 QObject::tr("Model FLOPs utilization (Llama 3: 38–43 % on H100s)"), "workloads",
                 "efficiency", [](const Project& p, int i) { return spec<T>(p, i).efficiency; },
                 100, 1),
             number(
                 QObject::tr("Runs"), QObject::tr("per month"), QObject::tr("Runs started a month"),
                 "workloads", "runs_per_month",
                 [](const Project& p, int i) { return spec<T>(p, i).runsPerMonth; }, 1, 2),
             number(
                 QObject::tr("Priority"), QString(),
                 QObject::tr("Higher preempts lower in the scheduler"), "workloads", "priority",
                 [](const Project& p, int i) { return spec<T>(p, i).priority; }, 1, 0, true),
             precision(static_cast<T*>(nullptr)), segment()},
            page));
    using I = InferenceSpec;
    add(QObject::tr("Inference"),
        new FieldTableModel(
            doc, workloadsOf(WorkloadKind::Inference), workloadName,
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
                 QObject::tr("TPOT"), QObject::tr("ms"),
                 QObject::tr("Target time per output token"), "workloads", "tpot_ms",
                 [](const Project& p, int i) { return spec<I>(p, i).tpotMs; }, 1, 0),
             number(
                 QObject::tr("TTFT"), QObject::tr("ms"), QObject::tr("Target time to first token"),
                 "workloads", "ttft_ms",
                 [](const Project& p, int i) { return spec<I>(p, i).ttftMs; }, 1, 0),
             number(
                 QObject::tr("Growth"), QObject::tr("%/month"),
                 QObject::tr("Request-rate growth per month"), "workloads", "growth_per_month",
                 [](const Project& p, int i) { return spec<I>(p, i).growthPerMonth; }, 100, 1),
             precision(static_cast<I*>(nullptr)), segment()},
            page));
    using N = NotebookSpec;
    add(QObject::tr("Notebooks"),
        new FieldTableModel(
            doc, workloadsOf(WorkloadKind::Notebooks), workloadName,
            {number(
                 QObject::tr("Users"), QObject::tr("people"), QObject::tr("Notebook users"),
                 "workloads", "users", [](const Project& p, int i) { return spec<N>(p, i).users; },
                 1, 0, true),
             number(
                 QObject::tr("Active"), QObject::tr("%"),
                 QObject::tr("Share of wall time the GPU is busy"), "workloads", "active_fraction",
                 [](const Project& p, int i) { return spec<N>(p, i).activeFraction; }, 100, 1),
             number(
                 QObject::tr("Idle timeout"), QObject::tr("min"),
                 QObject::tr("Idle sessions release their GPU after this long (0: never)"),
                 "workloads", "idle_timeout_min",
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
                 [](const Project& p, int i) { return spec<N>(p, i).memoryGbPerSession; }, 1, 0),
             segment()},
            page));
    using B = BatchSpec;
    add(QObject::tr("Batch"),
        new FieldTableModel(
            doc, workloadsOf(WorkloadKind::Batch), workloadName,
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
                     "preemptible",
                     [](const Project& p, int i) { return spec<B>(p, i).preemptible; }),
             segment()},
            page));
    return {QObject::tr("Workloads"), page, models};
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
