#pragma once

// Presentation mode: PgDn / PgUp switch scenarios whatever has focus — a
// slider or a spin box would otherwise take them. An application-wide event
// filter, installed while presenting.

#include <QObject>

#include <functional>

namespace fleet::gui {

class PresentationKeys : public QObject
{
    Q_OBJECT

public:
    /// `step(+1)` on PgDn, `step(-1)` on PgUp.
    PresentationKeys(std::function<void(int)> step, QObject* parent = nullptr);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    std::function<void(int)> m_step;
};

} // namespace fleet::gui
