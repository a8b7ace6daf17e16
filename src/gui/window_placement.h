#pragma once

// A window fits the screen it opens on (issue 32): a laptop's 1366×768 must
// show the status bar and the what-if values, so the window is never larger
// than the screen's available geometry, frame included.

#include <QMargins>
#include <QRect>
#include <QSize>

class QWidget;

namespace fleet::gui {

/// Where a window of `preferred` size goes on `available` (a screen's
/// available geometry) with a frame of `frame` around it: `preferred` where it
/// fits, else as much as there is, centred. Returns the geometry inside the frame.
QRect fittedGeometry(QSize preferred, const QRect& available, const QMargins& frame);

/// Sizes `window` to `preferred`, or to its screen where that is smaller.
void fitToScreen(QWidget* window, QSize preferred);

/// Brings `window` (after a restoreGeometry, say) inside its screen, keeping
/// its size where it fits.
void keepOnScreen(QWidget* window);

} // namespace fleet::gui
