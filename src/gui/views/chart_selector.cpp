#include "views/chart_selector.h"

#include <QButtonGroup>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>

#include <algorithm>

namespace fleet::gui {

WrapLayout::WrapLayout(QWidget* parent, int spacing) : QLayout(parent), m_gap(spacing) {}

WrapLayout::~WrapLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void WrapLayout::addItem(QLayoutItem* item)
{
    m_items.append(item);
}

QLayoutItem* WrapLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items[index] : nullptr;
}

QLayoutItem* WrapLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int WrapLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize WrapLayout::minimumSize() const
{
    // As narrow as the widest item: one item a row.
    QSize size;
    for (const QLayoutItem* item : m_items)
        size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize WrapLayout::sizeHint() const
{
    // Every item in one row.
    int width = 0;
    int height = 0;
    for (const QLayoutItem* item : m_items) {
        width += item->sizeHint().width() + (width > 0 ? m_gap : 0);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void WrapLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int WrapLayout::arrange(const QRect& rect, bool place) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    int x = area.x();
    int y = area.y();
    int rowHeight = 0;
    for (QLayoutItem* item : m_items) {
        const QSize size = item->sizeHint();
        if (x > area.x() && x + size.width() > area.right() + 1) { // a new row
            x = area.x();
            y += rowHeight + m_gap;
            rowHeight = 0;
        }
        if (place)
            item->setGeometry(QRect(QPoint(x, y), size));
        x += size.width() + m_gap;
        rowHeight = std::max(rowHeight, size.height());
    }
    return y + rowHeight - rect.y() + contentsMargins().bottom();
}

ChartSelector::ChartSelector(QTabWidget* tabs, QWidget* parent)
    : QWidget(parent), m_tabs(tabs), m_group(new QButtonGroup(this))
{
    setObjectName(QStringLiteral("chartSelector"));
    // Tight buttons (on a laptop's slide the ten charts still take two rows;
    // the slide's smaller title gives the plot its half of the screen).
    setStyleSheet(QStringLiteral("QToolButton { padding: 1px 2px; }"));
    auto* layout = new WrapLayout(this, 2);
    layout->setContentsMargins(2, 2, 2, 2);
    m_group->setExclusive(true);
    for (int i = 0; i < tabs->count(); ++i) {
        auto* button = new QToolButton(this);
        button->setObjectName(QStringLiteral("chartButton"));
        button->setText(tabs->tabText(i));
        button->setToolTip(tabs->tabToolTip(i));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setChecked(i == tabs->currentIndex());
        m_group->addButton(button, i);
        layout->addWidget(button);
    }
    tabs->tabBar()->hide();
    connect(m_group, &QButtonGroup::idClicked, tabs, &QTabWidget::setCurrentIndex);
    connect(tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (QAbstractButton* button = m_group->button(index))
            button->setChecked(true);
    });
}

} // namespace fleet::gui
