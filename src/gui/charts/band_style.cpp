#include "charts/band_style.h"

#include "charts/chart_style.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>

namespace fleet::gui {

namespace {
const char* const kBandProperty = "fleetBand";
const char* const kFollowsProperty = "fleetBandFollows";
const char* const kPartProperty = "fleetBandPart";
const char* const kHintProperty = "fleetBandHint";
const char* const kNoLegendProperty = "fleetBandNoLegend";
} // namespace

QString bandLegend(int draws, const QString& also)
{
    // Short: a long entry is wrapped, then the whole legend shrunk, by the
    // fit (chart_fit.h). The footer says of what (chartFooter).
    const QString legend = QObject::tr("P10–P90 over %1 draws").arg(chartLocale().toString(draws));
    return also.isEmpty() ? legend : QStringLiteral("%1 (%2)").arg(legend, also);
}

QString bandPendingLegend()
{
    return QObject::tr("P10–P90: being computed");
}

void markBand(QAbstractSeries* series, QAbstractSeries* follows, BandPart part)
{
    series->setProperty(kBandProperty, true);
    series->setProperty(kPartProperty, int(part));
    series->setProperty(kFollowsProperty, QVariant::fromValue(static_cast<QObject*>(follows)));
}

void hideBandLegend(QChart* chart, QAbstractSeries* series)
{
    series->setProperty(kNoLegendProperty, true);
    for (QLegendMarker* marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

bool bandInLegend(const QAbstractSeries* series)
{
    return !series->property(kNoLegendProperty).toBool();
}

void markBandHint(QAbstractSeries* series)
{
    series->setProperty(kHintProperty, true);
}

bool belongsToBand(const QAbstractSeries* series)
{
    return series->property(kBandProperty).toBool() || series->property(kHintProperty).toBool();
}

QList<QAbstractSeries*> bandSeries(const QChart* chart)
{
    QList<QAbstractSeries*> bands;
    for (QAbstractSeries* series : chart->series())
        if (series->property(kBandProperty).toBool())
            bands << series;
    return bands;
}

bool hasBand(const QChart* chart)
{
    return !bandSeries(chart).isEmpty();
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
        const auto part = BandPart(series->property(kPartProperty).toInt());
        if (auto* area = qobject_cast<QAreaSeries*>(series)) {
            QColor fill = color;
            fill.setAlphaF(0.22); // the curve and the grid stay seen through it
            area->setBrush(fill);
            area->setPen(Qt::NoPen);
        } else if (auto* line = qobject_cast<QLineSeries*>(series)) {
            QPen pen(part == BandPart::Median ? color.darker(130) : color);
            pen.setStyle(part == BandPart::Median ? Qt::DotLine : Qt::SolidLine);
            pen.setWidthF(part == BandPart::Median ? 1.8 : 1.5);
            pen.setCapStyle(Qt::FlatCap);
            line->setPen(pen);
        }
    }
}

} // namespace fleet::gui
