#include "views/presentation_keys.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QTimer>
#include <QWidget>

namespace fleet::gui {

namespace {

/// A widget the presenter types a figure into (the What-if panel's spin
/// boxes, or their line edits).
bool takesTyping(const QWidget* widget)
{
    if (qobject_cast<const QAbstractSpinBox*>(widget) ||
        qobject_cast<const QAbstractSpinBox*>(widget->parentWidget()))
        return true;
    if (const auto* edit = qobject_cast<const QLineEdit*>(widget))
        return !edit->isReadOnly();
    if (const auto* edit = qobject_cast<const QTextEdit*>(widget))
        return !edit->isReadOnly();
    if (const auto* edit = qobject_cast<const QPlainTextEdit*>(widget))
        return !edit->isReadOnly();
    return false;
}

} // namespace

bool keyEditsText(int key)
{
    // A clicker's PgDn / PgUp and Esc always act; the rest write or move in
    // the figure being typed ("0.5" typed into GPU prices blanked the slide).
    return key != Qt::Key_PageDown && key != Qt::Key_PageUp && key != Qt::Key_Escape;
}

PresentationCommand presentationCommand(int key, Qt::KeyboardModifiers modifiers)
{
    // A keypad's PgDn is PgDn; Ctrl+PgDn and the like stay the actions' own.
    if ((modifiers & ~Qt::KeypadModifier) != Qt::NoModifier)
        return PresentationCommand::None;
    switch (key) {
    case Qt::Key_PageDown:
    case Qt::Key_Space:
    case Qt::Key_Right:
    case Qt::Key_Down: return PresentationCommand::Next;
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
    case Qt::Key_Left:
    case Qt::Key_Up: return PresentationCommand::Previous;
    case Qt::Key_Home: return PresentationCommand::First;
    case Qt::Key_End: return PresentationCommand::Last;
    case Qt::Key_B:
    case Qt::Key_Period: return PresentationCommand::Blank; // PowerPoint's and clickers' keys
    case Qt::Key_Escape: return PresentationCommand::Exit;
    default: return PresentationCommand::None;
    }
}

PresentationKeys::PresentationKeys(QWidget* window, std::function<void(PresentationCommand)> act,
                                   QObject* parent)
    : QObject(parent), m_window(window), m_act(std::move(act))
{}

bool PresentationKeys::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return QObject::eventFilter(watched, event);
    // A key press reaches the filter first on its way to the QWindow, which is
    // not a widget, then once per widget as it travels from the focused one to
    // its parents. The window must let it pass (taking it there kept PgDn from
    // ever reaching a widget: issue 32); the first widget acts and stops it.
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || !m_window || widget->window() != m_window)
        return QObject::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    // A figure being typed keeps its keys; Enter takes it and hands the keys
    // back to the slide, so the clicker's next b or . blanks the screen.
    if (QWidget* focus = QApplication::focusWidget();
        focus && focus->window() == m_window && takesTyping(focus)) {
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            event->type() == QEvent::KeyPress)
            QTimer::singleShot(0, m_window, [window = m_window] {
                if (window)
                    window->setFocus(Qt::OtherFocusReason);
            });
        if (keyEditsText(key->key()))
            return QObject::eventFilter(watched, event);
    }
    const PresentationCommand command = presentationCommand(key->key(), key->modifiers());
    if (command == PresentationCommand::None)
        return QObject::eventFilter(watched, event);
    // An accepted ShortcutOverride keeps any shortcut from taking the key, so
    // it comes back as a key press.
    if (event->type() == QEvent::KeyPress)
        m_act(command);
    event->accept();
    return true;
}

} // namespace fleet::gui
