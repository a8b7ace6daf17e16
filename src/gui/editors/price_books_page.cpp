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

namespace {

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

} // namespace

ProjectPage priceBooksPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* combo = new QComboBox(page);
    combo->setObjectName(QStringLiteral("activePriceBook"));
    const auto fill = [doc, combo] {
        const QSignalBlocker block(combo);
        combo->clear();
        for (const PriceBook& book : doc->project().catalog().priceBooks)
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
    catalog->setCatalog(doc->project().catalog());
    QObject::connect(doc, &ProjectDocument::changed, catalog,
                     [doc, catalog] { catalog->setCatalog(doc->project().catalog()); });
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

} // namespace fleet::gui
