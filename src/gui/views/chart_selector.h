#pragma once

// The charts' selector: a button per chart tab, wrapped onto as many rows as
// the pane's width needs, in place of the tab bar. Ten charts' names need
// about 950 px in one row; beside the editors at 1440 px the pane has about
// 600, so the tab bar scrolled and hid half of them.

#include <QLayout>
#include <QWidget>

class QButtonGroup;
class QTabWidget;

namespace fleet::gui {

/// A layout that places its items left to right and wraps to a new row
/// where the next does not fit (its height follows the width).
class WrapLayout : public QLayout
{
public:
    explicit WrapLayout(QWidget* parent = nullptr, int spacing = 4);
    ~WrapLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    /// Places the items in `rect` (or only measures, `place` false); the height used.
    int arrange(const QRect& rect, bool place) const;

    QList<QLayoutItem*> m_items;
    int m_gap;
};

/// A checkable button per page of `tabs` (named "chartButton", its text the
/// tab's), kept in step with the current page; hides the tab bar it replaces.
class ChartSelector : public QWidget
{
    Q_OBJECT

public:
    explicit ChartSelector(QTabWidget* tabs, QWidget* parent = nullptr);

private:
    QTabWidget* m_tabs;
    QButtonGroup* m_group;
};

} // namespace fleet::gui
