#include "views/blank_screen.h"

#include <QEvent>
#include <QPainter>

namespace fleet::gui {

BlankScreen::BlankScreen(QWidget* window) : QWidget(window)
{
    setObjectName(QStringLiteral("blankScreen"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    hide();
    window->installEventFilter(this);
}

void BlankScreen::setBlank(bool on)
{
    if (on) {
        setGeometry(parentWidget()->rect());
        raise();
    }
    setVisible(on);
}

bool BlankScreen::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize && isVisible())
        setGeometry(parentWidget()->rect());
    return QWidget::eventFilter(watched, event);
}

void BlankScreen::paintEvent(QPaintEvent*)
{
    QPainter(this).fillRect(rect(), Qt::black);
}

} // namespace fleet::gui
