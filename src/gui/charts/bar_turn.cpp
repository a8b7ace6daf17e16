#include "charts/bar_turn.h"

#include "charts/band_style.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsObject>
#include <QHorizontalBarSeries>
#include <QHorizontalPercentBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QPercentBarSeries>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

struct TurnedBars::State
{
    QPointer<QChart> chart;
    std::unique_ptr<QAbstractBarSeries> original; ///< out of the chart while turned
    QPointer<QAbstractBarSeries> turned;          ///< the chart's
    QPointer<QBarCategoryAxis> categories;
    QPointer<QAbstractAxis> values;
    Qt::Alignment categoriesAlignment;
    Qt::Alignment valuesAlignment;
    /// Fans over the input ranges and their hint (band_style.h), as built:
    /// moving the axes detaches them from the bars' axes, and adding them
    /// again shows the legend entries of every whisker (one is shown as
    /// built: bandInLegend). A bar's whisker (on the bars' values and a
    /// hidden axis of category positions) turns with its bar, its points as
    /// built kept here; any other fan series is hidden while turned.
    struct Band
    {
        QPointer<QAbstractSeries> series;
        std::vector<QPointer<QAbstractAxis>> axes;
        bool visible = true;
        QList<QPointF> builtPoints; ///< a turned whisker's points as built
    };
    std::vector<Band> bands;
    QPointer<QAbstractAxis> positions; ///< the whiskers' category positions
    Qt::Alignment positionsAlignment;
};

namespace {

/// How a bar set is drawn: kept across the move between series, which the
/// chart's theme would otherwise colour afresh.
struct SetLook
{
    QBarSet* set;
    QBrush brush;
    QPen pen;
    QBrush labelBrush;
};

std::vector<SetLook> looks(const QAbstractBarSeries* series)
{
    std::vector<SetLook> all;
    for (QBarSet* set : series->barSets())
        all.push_back({set, set->brush(), set->pen(), set->labelBrush()});
    return all;
}

void apply(const std::vector<SetLook>& all)
{
    for (const SetLook& look : all) {
        look.set->setBrush(look.brush);
        look.set->setPen(look.pen);
        look.set->setLabelBrush(look.labelBrush);
    }
}

/// The same kind of bars, across.
QAbstractBarSeries* horizontalKind(const QAbstractBarSeries* series)
{
    switch (series->type()) {
    case QAbstractSeries::SeriesTypeBar: return new QHorizontalBarSeries;
    case QAbstractSeries::SeriesTypeStackedBar: return new QHorizontalStackedBarSeries;
    case QAbstractSeries::SeriesTypePercentBar: return new QHorizontalPercentBarSeries;
    default: return nullptr;
    }
}

/// Moves every bar set of `from` to `to` (which then owns them); returns
/// their look, to apply once `to` is in the chart.
std::vector<SetLook> moveSets(QAbstractBarSeries* from, QAbstractBarSeries* to)
{
    std::vector<SetLook> kept = looks(from);
    for (const SetLook& look : kept) {
        from->take(look.set);
        to->append(look.set);
    }
    return kept;
}

/// Reverses the order of the categories and of every bar set's values:
/// horizontal bars are drawn from the bottom up, and a list is read from the
/// top down. (QAbstractAxis::setReverse is not supported with bar series.)
void reverseOrder(QBarCategoryAxis* categories, QAbstractBarSeries* series)
{
    QStringList names = categories->categories();
    std::reverse(names.begin(), names.end());
    categories->clear();
    categories->append(names);
    for (QBarSet* set : series->barSets()) {
        QList<qreal> values;
        for (int i = set->count() - 1; i >= 0; --i)
            values << set->at(i);
        for (int i = 0; i < set->count(); ++i)
            set->replace(i, values[i]);
    }
}

/// Qt Charts replaces the graphics of an axis or series moved or removed and
/// deletes the old ones later (deleteLater). Deleted now: a chart drawn
/// before the event loop runs again (an export, a fit's next round) would
/// show them beside the new ones, and their cut labels would read as cut.
void deleteReplacedGraphics(QChart* chart)
{
    std::vector<QPointer<QObject>> receivers;
    std::vector<QGraphicsItem*> items{chart};
    while (!items.empty()) {
        QGraphicsItem* item = items.back();
        items.pop_back();
        if (QGraphicsObject* object = item->toGraphicsObject())
            receivers.emplace_back(object);
        for (QGraphicsItem* child : item->childItems())
            items.push_back(child);
    }
    for (QObject* child : chart->findChildren<QObject*>())
        receivers.emplace_back(child);
    for (const QPointer<QObject>& receiver : receivers)
        if (receiver) // deleting one may have deleted others
            QCoreApplication::sendPostedEvents(receiver, QEvent::DeferredDelete);
}

/// The hidden axis of category positions a bar's whisker stands on
/// (cost_per_token_chart.cpp): a value axis across, not drawn, beside the
/// bars' `values`; null for any other fan series.
QAbstractAxis* whiskerPositions(QAbstractSeries* series, QAbstractAxis* values)
{
    const QList<QAbstractAxis*> attached = series->attachedAxes();
    if (attached.size() != 2 || !attached.contains(values))
        return nullptr;
    QAbstractAxis* other = attached.at(0) == values ? attached.at(1) : attached.at(0);
    return qobject_cast<QValueAxis*>(other) && other->orientation() == Qt::Horizontal &&
                   !other->isVisible()
               ? other
               : nullptr;
}

/// A whisker's points across: (position, value) becomes (value, position),
/// the position mirrored within the list of `count` categories (turned, the
/// first is on top) and kept at the same offset from its category's centre
/// (its bar's place among the sets, which keep their order).
QList<QPointF> turnedWhisker(const QList<QPointF>& built, int count)
{
    QList<QPointF> turned;
    turned.reserve(built.size());
    for (const QPointF& p : built) {
        const double category = std::round(p.x());
        turned << QPointF(p.y(), double(count - 1) - category + (p.x() - category));
    }
    return turned;
}

/// Adds fan series `series` again after the rest (drawn over the bars), on
/// `axes`, with the legend entries it had (bandInLegend).
void readdBand(QChart* chart, QAbstractSeries* series,
               const std::vector<QPointer<QAbstractAxis>>& axes)
{
    chart->removeSeries(series);
    chart->addSeries(series);
    for (const QPointer<QAbstractAxis>& axis : axes)
        if (axis && chart->axes().contains(axis.data()))
            series->attachAxis(axis);
    for (QLegendMarker* marker : chart->legend()->markers(series))
        marker->setVisible(bandInLegend(series));
}

/// Puts `categories` and `values` on the chart at the given sides, in that order.
void placeAxes(QChart* chart, QAbstractAxis* categories, Qt::Alignment categoriesAt,
               QAbstractAxis* values, Qt::Alignment valuesAt)
{
    chart->removeAxis(categories);
    chart->removeAxis(values);
    chart->addAxis(categories, categoriesAt);
    chart->addAxis(values, valuesAt);
}

} // namespace

TurnedBars::TurnedBars() = default;
TurnedBars::~TurnedBars() = default;
TurnedBars::TurnedBars(TurnedBars&&) noexcept = default;
TurnedBars& TurnedBars::operator=(TurnedBars&&) noexcept = default;

QAbstractBarSeries* TurnedBars::turnedSeries() const
{
    return m_state ? m_state->turned.data() : nullptr;
}

QAbstractBarSeries* TurnedBars::originalSeries() const
{
    return m_state ? m_state->original.get() : nullptr;
}

TurnedBars TurnedBars::turn(QChart* chart, QBarCategoryAxis* categories)
{
    TurnedBars result;
    if (!chart || !categories || categories->orientation() != Qt::Horizontal)
        return result;
    // One bar series on the category axis, one value axis beside it, and
    // nothing else on either.
    QAbstractBarSeries* bars = nullptr;
    QAbstractAxis* values = nullptr;
    for (QAbstractSeries* series : chart->series()) {
        if (belongsToBand(series))
            continue;
        const QList<QAbstractAxis*> attached = series->attachedAxes();
        const bool onCategories = attached.contains(categories);
        if (onCategories && bars)
            return result;
        if (!onCategories)
            continue;
        bars = qobject_cast<QAbstractBarSeries*>(series);
        if (!bars || attached.size() != 2)
            return result;
        values = attached.at(0) == categories ? attached.at(1) : attached.at(0);
    }
    if (!bars || !values || values->orientation() != Qt::Vertical)
        return result;
    for (QAbstractSeries* series : chart->series())
        if (series != bars && !belongsToBand(series) && series->attachedAxes().contains(values))
            return result;
    QAbstractBarSeries* turned = horizontalKind(bars);
    if (!turned)
        return result;

    result.m_state = std::make_unique<State>();
    State& state = *result.m_state;
    state.chart = chart;
    state.categories = categories;
    state.values = values;
    state.categoriesAlignment = categories->alignment();
    state.valuesAlignment = values->alignment();
    const int count = int(categories->count());
    for (QAbstractSeries* series : chart->series())
        if (belongsToBand(series)) {
            State::Band band{series, {}, series->isVisible(), {}};
            for (QAbstractAxis* axis : series->attachedAxes())
                band.axes.emplace_back(axis);
            auto* line = qobject_cast<QXYSeries*>(series);
            QAbstractAxis* positions = whiskerPositions(series, values);
            if (line && line->count() > 0 && positions &&
                (!state.positions || state.positions == positions)) {
                state.positions = positions;
                band.builtPoints = line->points();
                line->replace(turnedWhisker(band.builtPoints, count));
            } else {
                series->setVisible(false);
            }
            state.bands.push_back(std::move(band));
        }
    turned->setName(bars->name());
    turned->setBarWidth(bars->barWidth());
    turned->setLabelsVisible(bars->isLabelsVisible());
    turned->setLabelsFormat(bars->labelsFormat());
    turned->setLabelsPrecision(bars->labelsPrecision());
    turned->setLabelsPosition(bars->labelsPosition());
    chart->removeSeries(bars); // ours until it is put back
    bars->setParent(nullptr);
    state.original.reset(bars);
    const std::vector<SetLook> kept = moveSets(bars, turned);
    placeAxes(chart, categories, Qt::AlignLeft, values, Qt::AlignBottom);
    chart->addSeries(turned);
    turned->attachAxis(values);
    turned->attachAxis(categories);
    apply(kept);
    reverseOrder(categories, turned); // the first category on top, as it is read
    state.turned = turned;
    // The whiskers after the bars, across them: their positions run up the
    // left as the categories do, their values along the bottom.
    if (state.positions) {
        state.positionsAlignment = state.positions->alignment();
        chart->removeAxis(state.positions);
        chart->addAxis(state.positions, Qt::AlignLeft);
        for (const State::Band& band : state.bands)
            if (!band.builtPoints.isEmpty())
                readdBand(chart, band.series, {state.positions, values});
        styleBands(chart); // added again, the theme coloured them afresh
    }
    deleteReplacedGraphics(chart);
    return result;
}

void TurnedBars::restore()
{
    if (!m_state)
        return;
    std::unique_ptr<State> state = std::move(m_state);
    // A chart deleted meanwhile took the turned series and its sets with it.
    if (!state->chart || !state->turned || !state->categories || !state->values)
        return;
    QChart* chart = state->chart;
    QAbstractBarSeries* original = state->original.release();
    reverseOrder(state->categories, state->turned);
    const std::vector<SetLook> kept = moveSets(state->turned, original);
    chart->removeSeries(state->turned);
    delete state->turned.data();
    placeAxes(chart, state->categories, state->categoriesAlignment, state->values,
              state->valuesAlignment);
    chart->addSeries(original);
    original->attachAxis(state->categories);
    original->attachAxis(state->values);
    apply(kept);
    if (state->positions) {
        chart->removeAxis(state->positions);
        chart->addAxis(state->positions, state->positionsAlignment);
    }
    // The fans after the bars again, as built (the bars went back last), on
    // the axes they were built on and with the legend entries they had.
    for (const State::Band& band : state->bands) {
        if (!band.series || !chart->series().contains(band.series.data()))
            continue;
        if (auto* line = qobject_cast<QXYSeries*>(band.series.data());
            line && !band.builtPoints.isEmpty())
            line->replace(band.builtPoints);
        readdBand(chart, band.series, band.axes);
        band.series->setVisible(band.visible);
    }
    styleBands(chart); // added again, the theme coloured them afresh
    deleteReplacedGraphics(chart);
}

} // namespace fleet::gui
