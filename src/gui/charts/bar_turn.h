#pragma once

// A bar chart turned on its side for the size it is drawn at: when its
// category labels cannot be read under the bars (too many, too long), the
// bars run across with the labels on their left (QHorizontalBarSeries and
// its stacked and percent kinds), then are put back as built — the same
// chart may be drawn again at a larger size, or on screen.

#include <QBrush>
#include <QPen>
#include <QPointer>

#include <memory>
#include <vector>

class QAbstractAxis;
class QAbstractBarSeries;
class QBarCategoryAxis;
class QBarSet;
class QChart;

namespace fleet::gui {

class TurnedBars
{
public:
    TurnedBars();
    ~TurnedBars();
    TurnedBars(TurnedBars&&) noexcept;
    TurnedBars& operator=(TurnedBars&&) noexcept;

    /// Turns the bar series on `categories` (an axis along the bottom or
    /// top) to horizontal bars, its categories on the left, first on top
    /// (the categories and each set's values are listed in reverse order
    /// while turned). The bars' whiskers (band_style.h) turn with them; any
    /// other fan series is hidden until restore().
    /// Only a chart whose category axis carries one bar series (grouped,
    /// stacked or percent), drawn against one value axis that carries
    /// nothing else; otherwise nothing changes and the result is empty.
    static TurnedBars turn(QChart* chart, QBarCategoryAxis* categories);

    bool isTurned() const { return m_state != nullptr; }
    /// The horizontal series the chart now shows, and the one it replaced.
    QAbstractBarSeries* turnedSeries() const;
    QAbstractBarSeries* originalSeries() const;

    /// Puts the chart back as built (once; then empty).
    void restore();

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace fleet::gui
