#pragma once

// The navigator's pages as a row of buttons above the page, wrapped onto as
// many rows as the editor pane's width needs, in place of the list beside
// it: at 1366×768 the list took 120 of the pane's 560 px, and the pages'
// lists and forms scrolled sideways (issue 32). The list stays the model
// (hidden): its rows are the pages, its current row the page shown.

#include <QWidget>

class QButtonGroup;
class QListWidget;

namespace fleet::gui {

class NavigatorBar : public QWidget
{
    Q_OBJECT

public:
    explicit NavigatorBar(QListWidget* pages, QWidget* parent = nullptr);

private:
    /// A button per row of the list, the current one checked.
    void rebuild();

    QListWidget* m_pages;
    QButtonGroup* m_group;
};

} // namespace fleet::gui
