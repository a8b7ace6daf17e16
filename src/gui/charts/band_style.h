#pragma once

// The look of the charts' fans over the input ranges (engine/range_curve.h):
// the cost curve's P10–P90 area and P50 line, the cost-per-token bars'
// whiskers. A theme set after a chart is built (the dark desktop's, the
// slide preset's) sets every series' colours anew: styleBands sets theirs again.

#include <QList>
#include <QString>

class QAbstractSeries;
class QChart;

namespace fleet::gui {

/// "P10–P90 over 1,000 draws", and `also` in brackets when given ("dotted:
/// P50"); short, since the fit wraps a long entry and then shrinks the whole
/// legend (chart_fit.h). The footer says of what (chartFooter).
QString bandLegend(int draws, const QString& also);
/// The legend line of a fan still being computed.
QString bandPendingLegend();
/// What a fan's series draws.
enum class BandPart
{
    Area,   ///< P10–P90 (QAreaSeries): translucent
    Median, ///< P50 (QLineSeries): dotted
    Whisker ///< a bar's P10–P90 with its P50 tick (QLineSeries): solid
};
/// Marks `series` as a fan's; `follows`: the series whose colour it takes
/// (null: the legend's text colour).
void markBand(QAbstractSeries* series, QAbstractSeries* follows, BandPart part);
/// Hides the legend entries of fan series `series` (an entry of another says
/// it): remembered, so that bars turned on their side and back keep it so
/// (bar_turn.h).
void hideBandLegend(QChart* chart, QAbstractSeries* series);
/// Whether fan series `series` has legend entries (hideBandLegend).
bool bandInLegend(const QAbstractSeries* series);
/// Marks `series` as the legend line that says a fan is being computed.
void markBandHint(QAbstractSeries* series);
/// A fan's series or its hint: not data of the chart's own (bars turned on
/// their side hide them, bar_turn.h).
bool belongsToBand(const QAbstractSeries* series);
/// The chart's fan series, in the order drawn (for tests).
QList<QAbstractSeries*> bandSeries(const QChart* chart);
/// Whether the chart draws a fan.
bool hasBand(const QChart* chart);
/// Translucent areas, dotted P50 lines and whiskers in the colour of what
/// they surround, for the chart's theme.
void styleBands(QChart* chart);

} // namespace fleet::gui
