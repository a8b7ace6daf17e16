#include "editors/compact_list.h"

#include "editors/field_table_model.h"
#include "editors/record_inspector.h"
#include "editors/unit_delegate.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>
#include <vector>

namespace fleet::gui {

namespace {

/// A list whose preferred height is its rows' (up to a dozen): a list of
/// three segments leaves the room under it to the form. Its columns are as
/// wide as their header and figures, none cut: where they do not all fit,
/// the columns `dropped` names leave, first named first (the inspector
/// shows them), and come back when there is room.
class RowsTableView : public QTableView
{
public:
    QSize sizeHint() const override
    {
        const int rows = std::min(model() ? model()->rowCount() : 0, 12);
        const int height = horizontalHeader()->sizeHint().height() +
                           verticalHeader()->defaultSectionSize() * std::max(rows, 3) +
                           2 * frameWidth() + 4;
        return {QTableView::sizeHint().width(), height};
    }

    /// Logical columns that leave when the list is narrow, the first first.
    std::vector<int> dropped;
    /// The logical columns shown, whatever the width.
    std::vector<int> kept;

    void fitColumns()
    {
        if (m_fitting || !model())
            return;
        m_fitting = true;
        const auto need = [this](int column) {
            return std::max(horizontalHeader()->sectionSizeHint(column), sizeHintForColumn(column));
        };
        int total = 0;
        for (int column : kept)
            total += need(column);
        const int room = viewport()->width();
        bool fits = true;
        // The last dropped is the last to leave: shown first while it fits.
        for (auto it = dropped.rbegin(); it != dropped.rend(); ++it) {
            fits = fits && total + need(*it) <= room;
            if (fits)
                total += need(*it);
            setColumnHidden(*it, !fits);
        }
        m_fitting = false;
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QTableView::resizeEvent(event);
        fitColumns();
    }

private:
    bool m_fitting = false;
};

} // namespace

void useArrowsForMoves(QWidget* under, const QString& title)
{
    for (const auto& [name, icon] : {std::pair{QStringLiteral("moveUp:"), QStyle::SP_ArrowUp},
                                     std::pair{QStringLiteral("moveDown:"), QStyle::SP_ArrowDown}})
        if (auto* button = under->findChild<QPushButton*>(name + title)) {
            button->setAccessibleName(button->text());
            button->setToolTip(button->toolTip().isEmpty()
                                   ? button->text()
                                   : button->text() + QStringLiteral(": ") + button->toolTip());
            button->setText({});
            button->setIcon(button->style()->standardIcon(icon));
        }
}

QTableView* addCompactList(QVBoxLayout* layout, const QString& title, FieldTableModel* model,
                           const QStringList& shown, const QStringList& droppedWhenNarrow)
{
    auto* view = new RowsTableView;
    view->setObjectName(title);
    view->setModel(model);
    view->setItemDelegate(new UnitDelegate(view));
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed);
    view->verticalHeader()->hide(); // the name (or id) is a column
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->setWordWrap(false);
    QHeaderView* header = view->horizontalHeader();
    // Before any column is measured: setColumnHidden and the resize modes
    // below measure at once, and the default precision reads 1,000 rows of
    // every column (most of the Workloads page's 104 ms at 10,000 workloads).
    header->setResizeContentsPrecision(20);
    for (int c = 0; c < model->columnCount(); ++c)
        view->setColumnHidden(c, !shown.contains(model->column(c).key));
    // The first column takes the room left; the figures fit their header
    // and first rows (not every row: a thousand workloads re-measured on
    // every edit). With columns to drop, every column fits its figures (a
    // name cut to "70B pre-train…" at 1366×768) and the last takes the rest.
    const bool fitted = !droppedWhenNarrow.isEmpty();
    for (int c = 0; c < model->columnCount(); ++c)
        header->setSectionResizeMode(c, !fitted && !shown.isEmpty() &&
                                                model->column(c).key == shown.front()
                                            ? QHeaderView::Stretch
                                            : QHeaderView::ResizeToContents);
    header->setStretchLastSection(fitted);
    for (int c = 0; c < model->columnCount(); ++c) {
        if (!shown.contains(model->column(c).key))
            continue;
        if (droppedWhenNarrow.contains(model->column(c).key))
            view->dropped.push_back(c);
        else
            view->kept.push_back(c);
    }
    std::sort(view->dropped.begin(), view->dropped.end(), [&](int a, int b) {
        return droppedWhenNarrow.indexOf(model->column(a).key) <
               droppedWhenNarrow.indexOf(model->column(b).key);
    });
    if (fitted) {
        // Names and figures change with edits and with the rows shown: fitted
        // again once the view has taken the change in ("1,200.0 B" typed into
        // Params left the list scrolling sideways when fitted at once).
        const auto fitLater = [view] {
            QTimer::singleShot(0, view, [view] { view->fitColumns(); });
        };
        QObject::connect(model, &QAbstractItemModel::modelReset, view, fitLater);
        QObject::connect(model, &QAbstractItemModel::dataChanged, view, fitLater);
        QObject::connect(model, &QAbstractItemModel::layoutChanged, view, fitLater);
    }
    // Columns in the order asked.
    for (int i = 0; i < shown.size(); ++i)
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->column(c).key == shown[i])
                header->moveSection(header->visualIndex(c), i);
    layout->addWidget(view, 1);
    return view;
}

ListAndInspector addListAndInspector(QVBoxLayout* layout, const QString& title,
                                     FieldTableModel* model, const QStringList& shown,
                                     RecordInspector* inspector)
{
    ListAndInspector made;
    made.splitter = new QSplitter(Qt::Vertical);
    made.splitter->setObjectName(title + QStringLiteral(":splitter"));
    made.splitter->setChildrenCollapsible(false);
    auto* list = new QWidget;
    made.listLayout = new QVBoxLayout(list);
    made.listLayout->setContentsMargins(0, 0, 0, 0);
    if (!title.isEmpty())
        made.listLayout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(title)));
    made.view = addCompactList(made.listLayout, title, model, shown);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(title + QStringLiteral(":inspectorScroll"));
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(inspector);
    made.splitter->addWidget(list);
    made.splitter->addWidget(scroll);
    made.splitter->setStretchFactor(0, 0); // its rows' height (RowsTableView)
    made.splitter->setStretchFactor(1, 1);
    layout->addWidget(made.splitter, 1);
    QObject::connect(made.view->selectionModel(), &QItemSelectionModel::currentRowChanged,
                     inspector, [model, inspector](const QModelIndex& current) {
                         inspector->inspect(model, current.isValid() ? current.row() : -1);
                     });
    // A row added or removed resets the model: the inspector keeps its item
    // (by id) or, with none selected, shows the first.
    int firstShown = 0;
    for (int c = 0; c < model->columnCount(); ++c)
        if (!shown.isEmpty() && model->column(c).key == shown.front())
            firstShown = c;
    const auto showFirst = [view = made.view, model, inspector, firstShown] {
        if (!view->currentIndex().isValid() && model->rowCount() > 0)
            view->setCurrentIndex(model->index(0, firstShown));
        else
            inspector->inspect(model, view->currentIndex().row());
    };
    QObject::connect(model, &QAbstractItemModel::modelReset, inspector, showFirst);
    showFirst();
    return made;
}

} // namespace fleet::gui
