#pragma once

// Presentation mode's blank screen (b or . on a clicker): a black cover over
// the whole window, kept the window's size, until the key comes again.

#include <QWidget>

namespace fleet::gui {

class BlankScreen : public QWidget
{
    Q_OBJECT

public:
    /// Hidden until shown; covers `window` whenever shown.
    explicit BlankScreen(QWidget* window);

    void setBlank(bool on);
    bool blank() const { return isVisible(); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
};

} // namespace fleet::gui
