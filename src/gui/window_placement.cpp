#include "window_placement.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>
#include <QWindow>

#include <algorithm>

namespace fleet::gui {

namespace {

QScreen* screenOf(const QWidget* window)
{
    QScreen* screen = window->screen();
    return screen ? screen : QGuiApplication::primaryScreen();
}

/// The window manager's frame once the window is shown; none before (on a
/// bare X server there is none at all).
QMargins frameOf(const QWidget* window)
{
    const QWindow* handle = window->windowHandle();
    return handle && window->isVisible() ? handle->frameMargins() : QMargins();
}

/// `geometry` moved (not resized) to lie inside `available` with its frame.
QRect movedInside(QRect geometry, const QRect& available, const QMargins& frame)
{
    const QRect inner = available.marginsRemoved(frame);
    geometry.moveLeft(std::clamp(geometry.left(), inner.left(),
                                 std::max(inner.left(), inner.right() - geometry.width() + 1)));
    geometry.moveTop(std::clamp(geometry.top(), inner.top(),
                                std::max(inner.top(), inner.bottom() - geometry.height() + 1)));
    return geometry;
}

} // namespace

QRect fittedGeometry(QSize preferred, const QRect& available, const QMargins& frame)
{
    const QRect inner = available.marginsRemoved(frame);
    QRect geometry(QPoint(0, 0), preferred.boundedTo(inner.size()));
    geometry.moveCenter(inner.center());
    return geometry;
}

void fitToScreen(QWidget* window, QSize preferred)
{
    const QScreen* screen = screenOf(window);
    if (!screen)
        return;
    window->setGeometry(fittedGeometry(preferred, screen->availableGeometry(), frameOf(window)));
}

void keepOnScreen(QWidget* window)
{
    const QScreen* screen = screenOf(window);
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    const QMargins frame = frameOf(window);
    const QRect inner = available.marginsRemoved(frame);
    QRect geometry = window->geometry();
    geometry.setSize(geometry.size().boundedTo(inner.size()));
    const QRect placed = movedInside(geometry, available, frame);
    if (placed != window->geometry())
        window->setGeometry(placed);
}

} // namespace fleet::gui
