#include "charts/band_style.h"

#include "charts/chart_style.h"

#include <QAreaSeries>
#include <QCandlestickSeries>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QPen>

namespace fleet::gui {

namespace {
const char* const kBandProperty = "fleetBand";
const char* const kFollowsProperty = "fleetBandFollows";
} // namespace

QString bandLegend(int draws, const QString& per)
{
    const QString count = chartLocale().toString(draws);
    return per.isEmpty()
               ? QObject::tr("P10–P90 over %1 draws of the input ranges (tick: P50)").arg(count)
               : QObject::tr("P10–P90 over %1 draws of the input ranges %2").arg(count, per);
}

QString bandPendingLegend()
{
    return QObject::tr("P10–P90 over the input ranges: being computed");
}

void markBand(QAbstractSeries* series, QAbstractSeries* follows)
{
    series->setProperty(kBandProperty, true);
    series->setProperty(kFollowsProperty, QVariant::fromValue(static_cast<QObject*>(follows)));
}

bool hasBand(const QChart* chart)
{
    for (const QAbstractSeries* series : chart->series())
        if (series->property(kBandProperty).toBool())
            return true;
    return false;
}

void styleBands(QChart* chart)
{
    for (QAbstractSeries* series : chart->series()) {
        if (!series->property(kBandProperty).toBool())
            continue;
        QColor color = chart->legend()->labelColor();
        if (auto* follows =
                qobject_cast<QLineSeries*>(series->property(kFollowsProperty).value<QObject*>()))
            color = follows->color();
        if (auto* area = qobject_cast<QAreaSeries*>(series)) {
            QColor fill = color;
            fill.setAlphaF(0.22); // the curve and the grid stay seen through it
            area->setBrush(fill);
            area->setPen(Qt::NoPen);
        } else if (auto* line = qobject_cast<QLineSeries*>(series)) {
            QPen dotted(color.darker(130));
            dotted.setStyle(Qt::DotLine);
            dotted.setWidthF(1.8);
            line->setPen(dotted);
        } else if (auto* candles = qobject_cast<QCandlestickSeries*>(series)) {
            QPen pen(color);
            pen.setWidthF(1.6);
            candles->setPen(pen);
            candles->setIncreasingColor(color);
            candles->setDecreasingColor(color);
        }
    }
}

} // namespace fleet::gui
