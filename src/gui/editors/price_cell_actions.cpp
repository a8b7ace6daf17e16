#include "editors/price_cell_actions.h"

#include "editors/field_table_model.h"
#include "editors/price_entry_dialog.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QTableView>

namespace fleet::gui {

namespace {

/// A cell without a price (nothing to edit in place) or an owned cell (its
/// figures are entered in the dialog).
bool opensDialog(const FieldTableModel* prices, const QModelIndex& at)
{
    return at.isValid() && (kPricePlanColumns[std::size_t(at.column())] == Plan::Owned ||
                            !(prices->flags(at) & Qt::ItemIsEditable));
}

/// "Add price…" with the cell's book, GPU and plan chosen.
void openPriceDialog(ProjectDocument* doc, QWidget* page, const FieldTableModel* prices,
                     const QModelIndex& at)
{
    const Project& p = doc->shownProject();
    PriceEntryDialog dialog(doc, page);
    dialog.select(
        QString::fromStdString(p.activePriceBookId),
        QString::fromStdString(p.catalog().gpus[std::size_t(prices->itemAt(at.row()))].id),
        kPricePlanColumns[std::size_t(at.column())]);
    dialog.exec();
}

/// Enter, Return and F2 on a cell that opens the dialog: the view would do
/// nothing with them there (no editor), so they open it.
class PriceCellKeys : public QObject
{
public:
    PriceCellKeys(ProjectDocument* doc, QTableView* view, FieldTableModel* prices, QWidget* page)
        : QObject(view), m_doc(doc), m_view(view), m_prices(prices), m_page(page)
    {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched != m_view || event->type() != QEvent::KeyPress)
            return false;
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key != Qt::Key_Return && key != Qt::Key_Enter && key != Qt::Key_F2)
            return false;
        const QModelIndex at = m_view->currentIndex();
        if (m_view->indexWidget(at) || !opensDialog(m_prices, at)) // its editor is open
            return false;
        openPriceDialog(m_doc, m_page, m_prices, at);
        return true;
    }

private:
    ProjectDocument* m_doc;
    QTableView* m_view;
    FieldTableModel* m_prices;
    QWidget* m_page;
};

} // namespace

QString noPriceTooltip()
{
    return QObject::tr("No price: double-click or press Enter to add one");
}

void addPriceCellActions(ProjectDocument* doc, QTableView* view, FieldTableModel* prices,
                         QWidget* page)
{
    QObject::connect(view, &QTableView::doubleClicked, page,
                     [doc, page, prices](const QModelIndex& at) {
                         if (opensDialog(prices, at))
                             openPriceDialog(doc, page, prices, at);
                         // else: an existing price is edited in place
                     });
    view->installEventFilter(new PriceCellKeys(doc, view, prices, page));
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(
        view, &QWidget::customContextMenuRequested, view, [doc, view, prices, page](QPoint pos) {
            const QModelIndex at = view->indexAt(pos);
            if (!at.isValid())
                return;
            view->setCurrentIndex(at);
            delete view->findChild<QMenu*>(QStringLiteral("priceCellMenu"));
            auto* menu = new QMenu(view);
            menu->setObjectName(QStringLiteral("priceCellMenu"));
            menu->setAttribute(Qt::WA_DeleteOnClose);
            const bool owned = kPricePlanColumns[std::size_t(at.column())] == Plan::Owned;
            QAction* add =
                menu->addAction(owned ? QObject::tr("Owned figures…") : QObject::tr("Add price…"));
            add->setObjectName(QStringLiteral("addPriceForCell"));
            add->setEnabled(opensDialog(prices, at));
            // The cell by position: the model may be reset while the menu is up.
            const int row = at.row();
            const int column = at.column();
            QObject::connect(add, &QAction::triggered, page, [doc, page, prices, row, column] {
                openPriceDialog(doc, page, prices, prices->index(row, column));
            });
            if (!opensDialog(prices, at)) {
                QAction* edit = menu->addAction(QObject::tr("Edit price"));
                edit->setObjectName(QStringLiteral("editPriceInCell"));
                QObject::connect(edit, &QAction::triggered, view, [view, prices, row, column] {
                    view->edit(prices->index(row, column));
                });
            }
            menu->popup(view->viewport()->mapToGlobal(pos));
        });
}

} // namespace fleet::gui
