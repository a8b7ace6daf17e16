#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/compact_list.h"
#include "editors/empty_table_placeholder.h"
#include "editors/field_table_model.h"
#include "editors/page_helpers.h"
#include "editors/pickers.h"
#include "editors/project_pages.h"
#include "editors/record_inspector.h"
#include "editors/row_actions.h"
#include "editors/spec_columns.h"
#include "model/fleet_fields.h"
#include "model/tenant_fields.h"
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

/// The segments' columns, from their field table (model/fleet_fields.h),
/// with the isolation and regime pickers' labels.
std::vector<FieldColumn> segmentColumns()
{
    std::vector<FieldColumn> columns = recordColumns<Segment>(
        segmentFields(),
        [](const Project& p, int i) -> const Segment& { return p.segments[std::size_t(i)]; },
        "/segments", RowList::Segments);
    columnOf(columns, "isolation_floor").choices = [](const Project&, int) {
        return isolationChoices();
    };
    columnOf(columns, "allowed_regimes").choices = [](const Project&, int) {
        return regimeChoices();
    };
    return columns;
}

/// A new segment: no isolation floor and every regime allowed, so the
/// optimizer is free until the user narrows it; a price of 0 USD/GPU-h
/// (no revenue counted) until the user enters what the segment pays.
boost::json::object newSegmentRow(const Project& p)
{
    const std::string id = freeId(p, RowList::Segments, "segment");
    boost::json::array regimes;
    for (RegimeKind kind : allRegimes())
        regimes.emplace_back(std::string(regimeKey(kind)));
    return {{"id", id},
            {"name", "New segment " + id.substr(8)},
            {"isolation_floor", "none"},
            {"allowed_regimes", std::move(regimes)},
            {"price_usd_per_gpu_hour", 0}};
}

/// Every item of a list of `count`, in order: the rows its table shows.
std::vector<int> everyItem(std::size_t count)
{
    std::vector<int> rows(count);
    for (std::size_t i = 0; i < count; ++i)
        rows[i] = int(i);
    return rows;
}

/// The tenants' columns, from their field table (model/tenant_fields.h).
std::vector<FieldColumn> tenantColumns()
{
    return recordColumns<Tenant>(
        tenantFields(),
        [](const Project& p, int i) -> const Tenant& { return p.tenants[std::size_t(i)]; },
        "/tenants", RowList::Tenants);
}

/// A new tenant: one tenant of the first segment, no quota, weight 1.
std::optional<std::variant<boost::json::object, QString>> newTenantRow(const Project& p)
{
    if (p.segments.empty())
        return QObject::tr("A tenant belongs to a segment: add a segment first");
    const std::string id = freeId(p, RowList::Tenants, "tenant");
    return boost::json::object{
        {"id", id}, {"name", "New tenant " + id.substr(7)}, {"segment", p.segments.front().id}};
}

/// The tenants table under the segments (project format 3; docs/MODEL.md, "Tenants").
FieldTableModel* addTenantsTable(QVBoxLayout* layout, ProjectDocument* doc, QWidget* page)
{
    auto* model = new FieldTableModel(
        doc, [](const Project& p) { return everyItem(p.tenants.size()); },
        [](const Project& p, int i) {
            return QString::fromStdString(p.tenants[std::size_t(i)].id);
        },
        tenantColumns(), page);
    QTableView* view = nullptr;
    addTable(layout, QObject::tr("Tenants"), model, &view);
    // Most projects name no tenants: a line says what the table is for.
    addEmptyPlaceholder(view, QObject::tr("No tenants: each segment is one customer. Add a "
                                          "tenant (or a count of alike tenants) for quotas, "
                                          "cost weights and the sharing penalty"));
    addRowActions(layout, doc, view, model, RowList::Tenants,
                  [](QWidget*, const Project& p) { return newTenantRow(p); });
    useArrowsForMoves(page, QObject::tr("Tenants"));
    // Where their figures are: the tenant sheet of the evaluation (views/tenant_sheet).
    auto* results = new QLabel(QObject::tr("Each tenant's GPU-hours and cost, month by month: "
                                           "the Metering page, “This project's tenants”."),
                               page);
    results->setObjectName(QStringLiteral("tenantResultsHint"));
    results->setWordWrap(true);
    layout->addWidget(results);
    return model;
}

} // namespace

ProjectPage segmentsPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* model = new FieldTableModel(
        doc, [](const Project& p) { return everyItem(p.segments.size()); },
        [](const Project& p, int i) {
            return QString::fromStdString(p.segments[std::size_t(i)].id);
        },
        segmentColumns(), page);
    model->setObjectName(QObject::tr("Segments"));
    // A compact list (name, isolation floor, price) over the segment's form:
    // eight columns scrolled sideways in a laptop's editor pane (issue 32).
    auto* form =
        new RecordInspector([](const Project& p, int i) { return p.segments[std::size_t(i)].id; },
                            QObject::tr("segment"));
    form->setObjectName(QStringLiteral("segmentInspector"));
    form->setLabelsBeside(true);
    const ListAndInspector segments =
        addListAndInspector(layout, QObject::tr("Customer segments"), model,
                            {QStringLiteral("name"), QStringLiteral("isolation_floor"),
                             QStringLiteral("price_usd_per_gpu_hour")},
                            form);
    addRowActions(segments.listLayout, doc, segments.view, model, RowList::Segments,
                  [](QWidget*, const Project& p)
                      -> std::optional<std::variant<boost::json::object, QString>> {
                      return newSegmentRow(p);
                  });
    useArrowsForMoves(page, QObject::tr("Customer segments"));
    FieldTableModel* tenants = addTenantsTable(layout, doc, page);
    return {QObject::tr("Segments"), page, {model, tenants}};
}

} // namespace fleet::gui
