#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/compact_list.h"
#include "editors/field_table_model.h"
#include "editors/page_helpers.h"
#include "editors/pickers.h"
#include "editors/project_pages.h"
#include "editors/record_inspector.h"
#include "editors/row_actions.h"
#include "editors/spec_columns.h"
#include "model/fleet_fields.h"
#include "model/project_fields.h"
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

/// A new pool: 8 GPUs (one node) of the first pool's model, or with no pool
/// yet of the first catalog GPU the active book prices; on the first plan
/// the book prices for it; 8 GPUs a node (an HGX / OAM baseboard). The user
/// then picks the GPU, plan and count.
boost::json::object newPoolRow(const Project& p)
{
    const PriceBook* book = p.activePriceBook();
    const auto firstPlan = [&](const GpuModel& gpu) -> std::optional<Plan> {
        for (Plan plan : kAllPlans)
            if (book && book->usdPerGpuHour(gpu, plan))
                return plan;
        return std::nullopt;
    };
    std::string gpu;
    if (!p.fleet.pools.empty())
        gpu = p.fleet.pools.front().gpuId;
    for (const GpuModel& candidate : p.catalog().gpus)
        if (gpu.empty() && firstPlan(candidate))
            gpu = candidate.id;
    if (gpu.empty() && !p.catalog().gpus.empty())
        gpu = p.catalog().gpus.front().id; // the reader then says the book prices none
    const GpuModel* model = p.catalog().gpu(gpu);
    const Plan plan = (model ? firstPlan(*model) : std::nullopt).value_or(Plan::OnDemand);
    return {{"id", freeId(p, RowList::Pools, "pool")},
            {"gpu", gpu},
            {"count", 8},
            {"plan", std::string(planKey(plan))},
            {"gpus_per_node", 8}};
}

/// The pools' columns, from their field table (model/fleet_fields.h); the plan
/// picker shows each plan's price for the pool's GPU in the active book.
std::vector<FieldColumn> poolColumns()
{
    std::vector<FieldColumn> columns = recordColumns<FleetPool>(
        poolFields(),
        [](const Project& p, int i) -> const FleetPool& { return p.fleet.pools[std::size_t(i)]; },
        "/fleet/pools", RowList::Pools);
    columnOf(columns, "plan").choices = [](const Project& p, int i) {
        return planChoices(p, p.fleet.pools[std::size_t(i)].gpuId);
    };
    return columns;
}

} // namespace

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
        poolColumns(), page);
    model->setObjectName(QObject::tr("Pools"));
    // A compact list (GPU, count, plan; the id heads the form) over the
    // pool's form: the table of every field scrolled sideways in a laptop's
    // editor pane (issue 32).
    auto* poolForm = new RecordInspector(
        [](const Project& p, int i) { return p.fleet.pools[std::size_t(i)].id; },
        QObject::tr("pool"));
    poolForm->setObjectName(QStringLiteral("poolInspector"));
    poolForm->setLabelsBeside(true);
    const ListAndInspector pools = addListAndInspector(
        layout, QObject::tr("Pools of the fleet"), model,
        {QStringLiteral("gpu"), QStringLiteral("count"), QStringLiteral("plan")}, poolForm);
    addRowActions(
        pools.listLayout, doc, pools.view, model, RowList::Pools,
        [](QWidget*, const Project& p)
            -> std::optional<std::variant<boost::json::object, QString>> { return newPoolRow(p); });
    useArrowsForMoves(page, QObject::tr("Pools of the fleet"));
    // The project itself: one row, some of its fields (the price book has
    // its own page, the scheduler policy the Scheduler page).
    std::vector<FieldColumn> all = recordColumns<Project>(
        projectFields(), [](const Project& p, int) -> const Project& { return p; }, "");
    std::vector<FieldColumn> shown;
    for (const char* key : {"name", "horizon/months", "horizon/start_month", "fleet/mode"})
        shown.push_back(columnOf(all, key));
    columnOf(shown, "fleet/mode").choices = [](const Project&, int) {
        return std::vector<FieldChoice>{
            {QStringLiteral("fixed"), QObject::tr("Fixed"),
             QObject::tr("The pools are the fleet (at least one pool)")},
            {QStringLiteral("size"), QObject::tr("Size"),
             QObject::tr("FleetPlanner sizes the fleet for the workloads")}};
    };
    auto* project = new FieldTableModel(
        doc, [](const Project&) { return std::vector<int>{0}; },
        [](const Project&, int) { return QObject::tr("Project"); }, shown, page);
    project->setObjectName(QObject::tr("name, horizon and fleet mode"));
    // One row: its form alone.
    auto* projectForm = new RecordInspector(
        [](const Project&, int) { return std::string("project"); }, QObject::tr("project"), page);
    projectForm->setObjectName(QStringLiteral("projectInspector"));
    projectForm->setLabelsBeside(true);
    projectForm->inspect(project, 0);
    layout->addWidget(projectForm);
    return {QObject::tr("Fleet"), page, {model, project}};
}

} // namespace fleet::gui
