#include "views/presentation_keys.h"

#include <QKeyEvent>

namespace fleet::gui {

PresentationKeys::PresentationKeys(std::function<void(int)> step, QObject* parent)
    : QObject(parent), m_step(std::move(step))
{}

bool PresentationKeys::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return QObject::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool down = key->key() == Qt::Key_PageDown;
    if ((!down && key->key() != Qt::Key_PageUp) || key->modifiers() != Qt::NoModifier)
        return QObject::eventFilter(watched, event);
    // Each press reaches the filter once per object on its way; act on the
    // key press alone, and keep the focused widget from seeing it.
    if (event->type() == QEvent::KeyPress && watched->isWidgetType())
        m_step(down ? 1 : -1);
    event->accept();
    return true;
}

} // namespace fleet::gui
