#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/new_price_book_dialog.h"
#include "editors/page_helpers.h"
#include "editors/price_cell_actions.h"
#include "editors/price_entry_dialog.h"
#include "editors/project_pages.h"
#include "store/catalog_loader.h"
#include "store/project_json_writer.h"
#include "views/number_format.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace fleet::gui {

namespace {

/// The active book's prices of catalog GPU `i`, if it prices it.
const GpuPrices* pricesOf(const Project& p, int i)
{
    const PriceBook* book = p.activePriceBook();
    return book ? book->prices(p.catalog().gpus[std::size_t(i)].id) : nullptr;
}

/// A column of the active book's price of each catalog GPU under `plan` ("—"
/// where it has none: double-click, Enter or F2 opens Add price for it). An edit stores
/// the book, changed, among the project's own books (same id: it stands in
/// for the built-in one), the price cited as entered by the user today.
FieldColumn priceColumn(Plan plan)
{
    FieldColumn c;
    c.header = QString::fromUtf8(planLabel(plan).data(), qsizetype(planLabel(plan).size()));
    c.unit = QObject::tr("USD/GPU-h");
    c.unitInTitle = true; // the table's title: "USD per GPU-hour"
    c.tooltip = QObject::tr("List price per GPU-hour in the book in force. An edited price is "
                            "saved with the project, cited as entered by the user with today's "
                            "date. Double-click a “—” to add the price.");
    c.missingTooltip = noPriceTooltip();
    c.decimals = 4;
    // "$2.99" (the number format's cents; $0.0042 below a dime): five plans
    // side by side in a laptop's editor pane. Typed and edited in full.
    c.format = [](double usd) { return formatUsd(usd); };
    c.get = [plan](const Project& p, int i) {
        const GpuPrices* prices = pricesOf(p, i);
        if (!prices || !prices->hourly(plan))
            return QVariant();
        return QVariant(prices->hourly(plan)->usdPerGpuHour);
    };
    c.edits = [plan](const Project& p, int i, const boost::json::value& value) {
        HourlyPrice price = *pricesOf(p, i)->hourly(plan);
        const std::string was = "Edited in FleetPlanner; was " +
                                std::to_string(price.usdPerGpuHour).substr(0, 7) + " USD per " +
                                price.source + " as of " + price.asOf + ".";
        price.usdPerGpuHour = value.is_double() ? value.as_double() : double(value.as_int64());
        price.note = was;
        auto edits = setPriceEdits(p, p.activePriceBookId, p.catalog().gpus[std::size_t(i)].id,
                                   plan, price, std::nullopt, PriceCitation{});
        // Cannot fail: the cell shows a price the book in force has for a
        // catalog GPU. The document checks the edit itself, naming the path.
        return edits ? edits.value() : std::vector<FieldEdit>{};
    };
    return c;
}

/// Owned: the hourly cost the owned figures come to (edited in Add price).
FieldColumn ownedColumn()
{
    FieldColumn c;
    c.header = QObject::tr("Owned");
    c.unit = QObject::tr("USD/GPU-h");
    c.unitInTitle = true;
    c.tooltip = QObject::tr("Capex over the amortization years, hosting, and power at TDP × PUE, "
                            "per GPU-hour held. Double-click to enter or change the figures.");
    c.missingTooltip = noPriceTooltip();
    c.decimals = 4;
    c.format = [](double usd) { return formatUsd(usd); };
    c.get = [](const Project& p, int i) {
        const GpuPrices* prices = pricesOf(p, i);
        if (!prices || !prices->owned)
            return QVariant();
        return QVariant(
            ownedUsdPerGpuHour(*prices->owned, p.catalog().gpus[std::size_t(i)].tdpW.value));
    };
    return c;
}

QString bookTitle(const PriceBook& book)
{
    return QStringLiteral("%1 — as of %2")
        .arg(QString::fromStdString(book.name), QString::fromStdString(book.asOf));
}

QString joined(const std::vector<std::string>& items)
{
    QStringList list;
    for (const std::string& item : items)
        list << QString::fromStdString(item);
    return list.join(QStringLiteral(", "));
}

/// The built-in catalog, read once: which of the project's own books are
/// changed copies of a built-in one (revert) and which are custom (delete).
const Catalog& builtinCatalog()
{
    static const Catalog catalog = [] {
        auto loaded = loadBuiltinCatalog();
        return loaded ? std::move(loaded).value() : Catalog{};
    }();
    return catalog;
}

/// "Remove book": a menu of the project's own books, each deleted (custom)
/// or reverted to the built-in prices (a changed copy), one undo step.
QPushButton* removeBookButton(ProjectDocument* doc, QLabel* refusal, QWidget* page)
{
    auto* button = new QPushButton(QObject::tr("Remove book"), page);
    button->setObjectName(QStringLiteral("removePriceBook"));
    button->setToolTip(QObject::tr("Delete a custom book, or give a built-in book its published "
                                   "prices back (the project's changes to it are dropped)"));
    auto* menu = new QMenu(button);
    menu->setObjectName(QStringLiteral("removePriceBookMenu"));
    button->setMenu(menu);
    QObject::connect(menu, &QMenu::aboutToShow, menu, [doc, menu, refusal] {
        menu->clear();
        const Project& project = doc->shownProject();
        if (project.ownPriceBooks.empty()) {
            menu->addAction(QObject::tr("(the project uses the built-in books as published)"))
                ->setEnabled(false);
            return;
        }
        for (const PriceBook& book : project.ownPriceBooks) {
            const bool builtin = builtinCatalog().priceBook(book.id) != nullptr;
            const QString name = QString::fromStdString(book.name);
            const QString text = builtin ? QObject::tr("Revert “%1” to its published prices")
                                         : QObject::tr("Delete custom book “%1”");
            QAction* action = menu->addAction(text.arg(name));
            action->setData(QString::fromStdString(book.id));
            QObject::connect(
                action, &QAction::triggered, menu, [doc, refusal, id = book.id, text, name] {
                    auto edits = dropOwnBookEdits(doc->shownProject(), builtinCatalog(), id);
                    std::optional<QString> refused;
                    if (!edits)
                        refused = QString::fromStdString(edits.error().messages());
                    else
                        refused = doc->edit(text.arg(name), edits.value());
                    refusal->setText(refused ? QObject::tr("Not removed: %1").arg(*refused)
                                             : QString());
                    refusal->setVisible(refused.has_value());
                });
        }
    });
    return button;
}

} // namespace

ProjectPage priceBooksPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* combo = new QComboBox(page);
    combo->setObjectName(QStringLiteral("activePriceBook"));
    // Long book names must not push the buttons beside it out of sight.
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(24);
    // Which pools each other book cannot price: a switch to it would be refused.
    auto* coverage = new QLabel(page);
    coverage->setObjectName(QStringLiteral("priceBookCoverage"));
    coverage->setWordWrap(true);
    auto* refusal = new QLabel(page);
    refusal->setObjectName(QStringLiteral("priceBookRefusal"));
    refusal->setWordWrap(true);
    refusal->setStyleSheet(QStringLiteral("QLabel { color: #a00; }"));
    refusal->hide();
    const auto fill = [doc, combo, coverage] {
        const QSignalBlocker block(combo);
        const Project& project = doc->shownProject();
        combo->clear();
        QStringList cannot;
        for (const PriceBook& book : project.catalog().priceBooks) {
            const std::vector<std::string> missing = unpricedPools(project, book);
            QString title = bookTitle(book);
            if (!missing.empty())
                title += QObject::tr(" — cannot price %n pool(s)", nullptr, int(missing.size()));
            combo->addItem(title, QString::fromStdString(book.id));
            combo->setItemData(combo->count() - 1,
                               missing.empty()
                                   ? QObject::tr("Prices every pool of the fleet.")
                                   : QObject::tr("Cannot price: %1. Add those prices first "
                                                 "(Add price… with this book).")
                                         .arg(joined(missing)),
                               Qt::ToolTipRole);
            if (!missing.empty())
                cannot << QObject::tr("%1 cannot price %2")
                              .arg(QString::fromStdString(book.name), joined(missing));
        }
        combo->setCurrentIndex(combo->findData(QString::fromStdString(project.activePriceBookId)));
        coverage->setText(cannot.isEmpty()
                              ? QObject::tr("Every book prices every pool of the fleet.")
                              : QObject::tr("Before switching: %1.").arg(cannot.join("; ")));
    };
    fill();
    QObject::connect(doc, &ProjectDocument::changed, combo, fill);
    QObject::connect(combo, &QComboBox::currentIndexChanged, combo, [doc, combo, refusal, fill] {
        const std::string id = combo->currentData().toString().toStdString();
        if (id == doc->shownProject().activePriceBookId)
            return;
        if (const auto refused = doc->edit(QObject::tr("Choose the price book"),
                                           {{"/active_price_book", boost::json::value(id)}})) {
            refusal->setText(QObject::tr("Not switched: %1").arg(*refused));
            refusal->show();
            fill(); // the combo goes back to the book in force
            return;
        }
        refusal->hide();
    });
    layout->addWidget(new QLabel(QObject::tr("Price book the project is costed with:")));
    layout->addWidget(combo);
    // The buttons on a row of their own: the editor pane is narrow.
    auto* row = new QHBoxLayout;
    auto* addPrice = new QPushButton(QObject::tr("Add price…"), page);
    addPrice->setObjectName(QStringLiteral("addPrice"));
    addPrice->setToolTip(QObject::tr("A price of any catalog GPU under any plan, with its source "
                                     "and date, into the project's copy of a book"));
    auto* newBook = new QPushButton(QObject::tr("New book…"), page);
    newBook->setObjectName(QStringLiteral("newPriceBook"));
    newBook->setToolTip(QObject::tr("A custom price book, empty or copied from another"));
    auto* removePrice = new QPushButton(QObject::tr("Remove price"), page);
    removePrice->setObjectName(QStringLiteral("removePrice"));
    removePrice->setToolTip(QObject::tr("Remove the selected price from the project's copy of "
                                        "the book in force (refused while a pool needs it)"));
    row->addWidget(addPrice);
    row->addWidget(removePrice);
    row->addWidget(newBook);
    row->addWidget(removeBookButton(doc, refusal, page));
    row->addStretch(1);
    layout->addLayout(row);
    layout->addWidget(coverage);
    layout->addWidget(refusal);
    QObject::connect(addPrice, &QPushButton::clicked, page, [doc, page] {
        PriceEntryDialog dialog(doc, page);
        dialog.exec();
    });
    QObject::connect(newBook, &QPushButton::clicked, page, [doc, page] {
        NewPriceBookDialog dialog(doc, page);
        dialog.exec();
    });

    std::vector<FieldColumn> plans;
    for (Plan plan : kPricePlanColumns)
        plans.push_back(plan == Plan::Owned ? ownedColumn() : priceColumn(plan));
    auto* prices = new FieldTableModel(
        doc,
        [](const Project& p) {
            std::vector<int> rows;
            for (std::size_t i = 0; i < p.catalog().gpus.size(); ++i)
                rows.push_back(int(i));
            return rows;
        },
        [](const Project& p, int i) {
            return QString::fromStdString(p.catalog().gpus[std::size_t(i)].id);
        },
        plans, page);
    QTableView* view = nullptr;
    addTable(layout, QObject::tr("Prices of the book in force, USD per GPU-hour"), prices, &view);
    view->setObjectName(QStringLiteral("pricesView"));
    // Five prices and the GPU's id within a laptop's pane (1366×768): the
    // columns as wide as their figures, none stretched past them.
    view->horizontalHeader()->setStretchLastSection(false);
    // A "—" (no price) or an owned cell opens Add price for that GPU and plan.
    addPriceCellActions(doc, view, prices, page);
    QObject::connect(removePrice, &QPushButton::clicked, page, [doc, view, prices, refusal] {
        const QModelIndex at = view->currentIndex();
        if (!at.isValid())
            return;
        const Project& p = doc->shownProject();
        const std::string gpu = p.catalog().gpus[std::size_t(prices->itemAt(at.row()))].id;
        auto edits = removePriceEdits(p, p.activePriceBookId, gpu,
                                      kPricePlanColumns[std::size_t(at.column())]);
        std::optional<QString> refused;
        if (!edits)
            refused = QString::fromStdString(edits.error().messages());
        else
            refused =
                doc->edit(QObject::tr("Remove the %1 price of %2")
                              .arg(prices->column(at.column()).header, QString::fromStdString(gpu)),
                          edits.value());
        refusal->setText(refused ? QObject::tr("Not removed: %1").arg(*refused) : QString());
        refusal->setVisible(refused.has_value());
    });
    auto* catalog = new CatalogTableModel(page);
    catalog->setCatalog(doc->shownProject().catalog());
    QObject::connect(doc, &ProjectDocument::changed, catalog,
                     [doc, catalog] { catalog->setCatalog(doc->shownProject().catalog()); });
    // The catalog as a compact list (name, memory, BF16 compute, power) and
    // the selected GPU's every figure under it, sources in its tooltip: nine
    // columns scrolled sideways in a laptop's pane.
    auto* catalogView = new QTableView(page);
    catalogView->setObjectName(QStringLiteral("catalogView"));
    catalogView->setModel(catalog);
    catalogView->setSelectionBehavior(QAbstractItemView::SelectRows);
    catalogView->setSelectionMode(QAbstractItemView::SingleSelection);
    for (int column : {CatalogTableModel::Vendor, CatalogTableModel::BandwidthGbPerS,
                       CatalogTableModel::Fp8DenseTflops, CatalogTableModel::ScaleUpLink,
                       CatalogTableModel::Partitions})
        catalogView->setColumnHidden(column, true);
    // The figures as wide as they need; the name takes the rest, wrapped
    // onto a second line where it must ("NVIDIA GB300 NVL72 …" is wide).
    catalogView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    catalogView->horizontalHeader()->setSectionResizeMode(CatalogTableModel::Name,
                                                          QHeaderView::Stretch);
    catalogView->setWordWrap(true);
    catalogView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    catalogView->verticalHeader()->setVisible(false);
    auto* gpuDetails = new QLabel(page);
    gpuDetails->setObjectName(QStringLiteral("gpuDetails"));
    gpuDetails->setWordWrap(true);
    gpuDetails->setTextFormat(Qt::PlainText);
    const auto showDetails = [catalog, catalogView, gpuDetails] {
        const int selected =
            catalogView->currentIndex().isValid() ? catalogView->currentIndex().row() : 0;
        gpuDetails->setText(catalog->details(selected));
        gpuDetails->setToolTip(catalog->sources(selected));
    };
    QObject::connect(catalogView->selectionModel(), &QItemSelectionModel::currentRowChanged,
                     gpuDetails, showDetails);
    QObject::connect(catalog, &QAbstractItemModel::modelReset, gpuDetails, showDetails);
    showDetails();
    layout->addWidget(new QLabel(
        QObject::tr("<b>GPU catalog</b> — select a GPU for all of its figures; sources and "
                    "dates in their tooltips")));
    layout->addWidget(catalogView, 1);
    layout->addWidget(gpuDetails);
    return {QObject::tr("Price books"), page, {prices}};
}

} // namespace fleet::gui
