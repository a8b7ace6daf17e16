#pragma once

// Presentation mode's keys, whatever has focus: a presenter's clicker sends
// PgDn / PgUp (and b or . to blank the screen), a keyboard arrows, Space,
// Backspace, Home, End and Esc. A slider, a spin box, a tab bar or a chart's
// scroll area would otherwise take them; an application-wide event filter,
// installed while presenting, takes them first for one window. A figure
// being typed into a spin box keeps its keys but PgDn, PgUp and Esc; Enter
// takes it and gives the keys back to the slide.

#include <QObject>
#include <QPointer>

#include <functional>

class QWidget;

namespace fleet::gui {

enum class PresentationCommand
{
    None,
    Next,
    Previous,
    First,
    Last,
    Blank,
    Exit
};

/// What a key does in presentation mode (None: the focused widget keeps it).
PresentationCommand presentationCommand(int key, Qt::KeyboardModifiers modifiers);
/// Whether `key` goes to a figure being typed (a spin box or a line edit
/// with focus) rather than to the slide: all but PgDn, PgUp and Esc.
bool keyEditsText(int key);

class PresentationKeys : public QObject
{
    Q_OBJECT

public:
    /// Acts on key presses to `window` and the widgets inside it.
    PresentationKeys(QWidget* window, std::function<void(PresentationCommand)> act,
                     QObject* parent = nullptr);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QPointer<QWidget> m_window;
    std::function<void(PresentationCommand)> m_act;
};

} // namespace fleet::gui
