#pragma once

// Fitting a chart to the size it is drawn at, so that nothing is cut: Qt
// Charts elides a title, axis title, category label or legend entry that does
// not fit ("Content mo..."). Before a chart is painted, fitChart wraps titles
// to two lines, wraps or turns category labels, wraps legend entries, drops
// bar value labels that would overlap, and shrinks type only as a last resort.

#include <QSizeF>
#include <QStringList>

#include <memory>

class QChart;
class QGraphicsScene;

namespace fleet::gui {

/// What fitChart changes, to put back after painting (the same chart may be
/// drawn again at another size, or on screen).
class FitUndo
{
public:
    FitUndo();
    ~FitUndo();
    FitUndo(FitUndo&&) noexcept;
    FitUndo& operator=(FitUndo&&) noexcept;
    /// Puts the chart back as it was before fitChart (once; then empty).
    void restore();

    struct State;
    std::unique_ptr<State> state;
};

/// Lays `chart` out at `size` in `scene` (which holds it) and adjusts it until
/// no text of it is cut. Returns how to undo the adjustments.
FitUndo fitChart(QChart* chart, QGraphicsScene* scene, QSizeF size);

/// The texts of the scene's items that Qt Charts cut ("…" or "..."), as drawn.
QStringList cutTexts(const QGraphicsScene* scene);

} // namespace fleet::gui
