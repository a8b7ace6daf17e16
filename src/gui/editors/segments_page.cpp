#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/page_helpers.h"
#include "editors/pickers.h"
#include "editors/project_pages.h"
#include "editors/row_actions.h"
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

/// A segment's allowed regimes, as a check list stored as the JSON list.
FieldColumn allowedRegimes()
{
    FieldColumn c;
    c.header = QObject::tr("Allowed regimes");
    c.tooltip = QObject::tr("The regimes its work may run under (at least one)");
    c.get = [](const Project& p, int i) {
        QStringList keys;
        for (RegimeKind kind : p.segments[std::size_t(i)].allowedRegimes)
            keys << QString::fromUtf8(regimeKey(kind).data(), qsizetype(regimeKey(kind).size()));
        return QVariant(keys);
    };
    c.pointer = [](const Project&, int i) { return at("segments", i, "allowed_regimes"); };
    c.choices = [](const Project&, int) { return regimeChoices(); };
    c.checkList = true;
    return c;
}

/// A new segment: no isolation floor and every regime allowed, so the
/// optimizer is free until the user narrows it; a price of 0 USD/GPU-h
/// (no revenue counted) until the user enters what the segment pays.
boost::json::object newSegmentRow(const Project& p)
{
    const std::string id = freeId(p, RowList::Segments, "segment");
    boost::json::array regimes;
    for (RegimeKind kind : kAllRegimes)
        regimes.emplace_back(std::string(regimeKey(kind)));
    return {{"id", id},
            {"name", "New segment " + id.substr(8)},
            {"isolation_floor", "none"},
            {"allowed_regimes", std::move(regimes)},
            {"price_usd_per_gpu_hour", 0}};
}

} // namespace

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
        {idColumn(RowList::Segments),
         text(QObject::tr("Name"), QObject::tr("The segment's name"), "segments", "name",
              [](const Project& p, int i) { return p.segments[std::size_t(i)].name; }),
         picked(
             QObject::tr("Isolation floor"),
             QObject::tr("The least isolation its work accepts: none, memory or hardware"),
             "segments", "isolation_floor",
             [](const Project& p, int i) {
                 return std::string(isolationKey(p.segments[std::size_t(i)].isolationFloor));
             },
             [](const Project&, int) { return isolationChoices(); }),
         allowedRegimes(),
         boolean(QObject::tr("Preemptible"),
                 QObject::tr("Its work may be interrupted (spot, eviction)"), "segments",
                 "preemptible",
                 [](const Project& p, int i) { return p.segments[std::size_t(i)].preemptible; }),
         number(QObject::tr("Price"), QObject::tr("USD/GPU-h"),
                QObject::tr("What the segment pays per GPU-hour (margin objective)"), "segments",
                "price_usd_per_gpu_hour",
                [](const Project& p, int i) {
                    return p.segments[std::size_t(i)].priceUsdPerGpuHour;
                })},
        page);
    QTableView* view = nullptr;
    addTable(layout, QObject::tr("Customer segments"), model, &view);
    addRowActions(layout, doc, view, model, RowList::Segments,
                  [](QWidget*, const Project& p)
                      -> std::optional<std::variant<boost::json::object, QString>> {
                      return newSegmentRow(p);
                  });
    return {QObject::tr("Segments"), page, {model}};
}

} // namespace fleet::gui
