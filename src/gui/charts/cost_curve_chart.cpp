#include "charts/cost_curve_chart.h"

#include "charts/band_style.h"
#include "charts/chart_style.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

namespace fleet::gui {

QChart* createCostCurveChart(const CostCurveData& data, const CostCurveBand* band, bool bandPending)
{
    QChart* chart = newChart(
        data.inputKey == "fleet_size"
            ? QObject::tr("Monthly cost at the fleet's prices and utilization as the fleet "
                          "grows or shrinks")
            : QObject::tr("Monthly cost at the fleet's prices and utilization as the "
                          "utilization ceiling moves"));
    auto* cost = new QLineSeries;
    cost->setName(QObject::tr("Mean monthly cost (USD millions)"));
    auto* utilization = new QLineSeries;
    utilization->setName(QObject::tr("Utilization (%)"));
    QPen dashed = utilization->pen();
    dashed.setStyle(Qt::DashLine);
    dashed.setWidthF(2.5);
    utilization->setPen(dashed);
    double top = 0;
    std::optional<double> currentCost;
    for (std::size_t i = 0; i < data.x.size(); ++i) {
        if (data.monthlyCostUsd[i]) {
            cost->append(data.x[i], *data.monthlyCostUsd[i] / 1e6);
            top = std::max(top, *data.monthlyCostUsd[i] / 1e6);
            if (std::abs(data.x[i] - data.current) < 1e-9)
                currentCost = *data.monthlyCostUsd[i] / 1e6;
        }
        if (data.utilization[i])
            utilization->append(data.x[i], *data.utilization[i] * 100);
    }
    // The fan: the cost's P10–P90 over the input ranges' draws at each
    // point, and their P50 (the band of the curve drawn, else none).
    QAreaSeries* fan = nullptr;
    QLineSeries* median = nullptr;
    if (band && band->x == data.x && band->monthlyCostUsd.size() == data.x.size()) {
        auto* low = new QLineSeries;
        auto* high = new QLineSeries;
        median = new QLineSeries;
        for (std::size_t i = 0; i < data.x.size(); ++i)
            if (const auto& p = band->monthlyCostUsd[i]) {
                low->append(data.x[i], p->p10 / 1e6);
                high->append(data.x[i], p->p90 / 1e6);
                median->append(data.x[i], p->p50 / 1e6);
                top = std::max(top, p->p90 / 1e6);
            }
        fan = new QAreaSeries(high, low);
        high->setParent(fan); // QAreaSeries does not own its lines (ASan found them leaked)
        low->setParent(fan);
        fan->setName(bandLegend(band->draws, QObject::tr("dotted: P50")));
        median->setName(QObject::tr("P50 of the draws"));
        markBand(fan, cost, BandPart::Area);
        markBand(median, cost, BandPart::Median);
    }
    QLineSeries* pending = nullptr;
    if (!fan && bandPending) {
        pending = new QLineSeries; // a legend line alone: no points
        pending->setName(bandPendingLegend());
        markBandHint(pending);
    }
    auto* now = new QScatterSeries;
    now->setName(QObject::tr("The project as it stands"));
    now->setMarkerSize(12);
    if (currentCost)
        now->append(data.current, *currentCost);
    const double left = data.x.empty() ? 0 : data.x.front();
    const double right = data.x.empty() ? 1 : data.x.back();
    QValueAxis* x =
        valueAxis(QString::fromStdString(data.axisLabel), left, right,
                  data.inputKey == "fleet_size" ? QStringLiteral("%.0f") : QStringLiteral("%.2f"));
    QValueAxis* y =
        valueAxis(QObject::tr("USD millions per month"), 0, top * 1.08, QStringLiteral("%.1f"));
    QValueAxis* y2 = valueAxis(QObject::tr("Utilization (%)"), 0, 100);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(y2, Qt::AlignRight);
    // The curve, today's point and the utilization first, so that they keep
    // the theme's colours they have without a fan; the fan over them, seen
    // through (band_style.h), its P50 line dotted.
    for (QAbstractSeries* series :
         {static_cast<QAbstractSeries*>(cost), static_cast<QAbstractSeries*>(now)}) {
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    chart->addSeries(utilization);
    utilization->attachAxis(x);
    utilization->attachAxis(y2);
    for (QAbstractSeries* series :
         {static_cast<QAbstractSeries*>(fan), static_cast<QAbstractSeries*>(median),
          static_cast<QAbstractSeries*>(pending)}) {
        if (!series)
            continue;
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    if (median) // said in the fan's legend entry: one entry fewer to fit
        hideBandLegend(chart, median);
    styleBands(chart); // the colours the theme gave the curve
    return chart;
}

} // namespace fleet::gui
