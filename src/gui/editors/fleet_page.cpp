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

} // namespace fleet::gui
