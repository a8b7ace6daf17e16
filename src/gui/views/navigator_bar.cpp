#include "views/navigator_bar.h"

#include "views/chart_selector.h"

#include <QButtonGroup>
#include <QListWidget>
#include <QTimer>
#include <QToolButton>

namespace fleet::gui {

NavigatorBar::NavigatorBar(QListWidget* pages, QWidget* parent)
    : QWidget(parent), m_pages(pages), m_group(new QButtonGroup(this))
{
    setObjectName(QStringLiteral("navigatorBar"));
    auto* layout = new WrapLayout(this, 2);
    layout->setContentsMargins(0, 0, 0, 2);
    m_group->setExclusive(true);
    pages->hide();
    // Tight buttons (at 1366×768 the nine pages still take two rows of the
    // editor pane's 560 px; the lists' shorter rows make up for them).
    setStyleSheet(QStringLiteral("QToolButton { padding: 1px 2px; }"));
    connect(m_group, &QButtonGroup::idClicked, pages,
            [pages](int row) { pages->setCurrentRow(row); });
    connect(pages, &QListWidget::currentRowChanged, this, [this](int row) {
        if (QAbstractButton* button = m_group->button(row))
            button->setChecked(true);
    });
    // Pages are added one by one when a project opens: the buttons once
    // the list is filled.
    const auto later = [this] { QTimer::singleShot(0, this, &NavigatorBar::rebuild); };
    connect(pages->model(), &QAbstractItemModel::rowsInserted, this, later);
    connect(pages->model(), &QAbstractItemModel::rowsRemoved, this, later);
    connect(pages->model(), &QAbstractItemModel::modelReset, this, later);
    rebuild();
}

void NavigatorBar::rebuild()
{
    for (QAbstractButton* button : m_group->buttons()) {
        m_group->removeButton(button);
        delete button;
    }
    for (int row = 0; row < m_pages->count(); ++row) {
        auto* button = new QToolButton(this);
        button->setObjectName(QStringLiteral("pageButton"));
        button->setText(m_pages->item(row)->text());
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setChecked(row == m_pages->currentRow());
        m_group->addButton(button, row);
        layout()->addWidget(button);
    }
    updateGeometry();
}

} // namespace fleet::gui
