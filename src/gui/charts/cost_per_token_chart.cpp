#include "charts/cost_per_token_chart.h"

#include "charts/band_style.h"
#include "charts/chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

namespace {

/// The band of the bar of regime `r` in category `c`, when the bar is drawn.
const Percentiles* barBand(const CostPerTokenData& data, const CostPerTokenBand* band,
                           std::size_t r, std::size_t c)
{
    if (!band || !data.usd[r][c] || c >= data.workloadIndices.size())
        return nullptr;
    return band->of(data.workloadIndices[c], data.gpuIds[c], data.regimes[r]);
}

/// One bar's whisker: P10 to P90 with caps, a tick at P50, traced as one
/// line (every stroke along a stroke already drawn or a new one, never
/// across), at x on the categories' scale (category c spans c − 0.5 …
/// c + 0.5; QBarSeries draws its n sets side by side in the middle half of
/// it, set r's bar centred at c − 0.25 + (r + 0.5) × 0.5 / n).
QLineSeries* whisker(double x, double halfWidth, const Percentiles& p, double divisor)
{
    const double p10 = p.p10 / divisor, p50 = p.p50 / divisor, p90 = p.p90 / divisor;
    auto* line = new QLineSeries;
    line->append({{x - halfWidth, p10},
                  {x + halfWidth, p10},
                  {x, p10},
                  {x, p90},
                  {x - halfWidth, p90},
                  {x + halfWidth, p90},
                  {x, p90},
                  {x, p50},
                  {x - halfWidth, p50},
                  {x + halfWidth, p50}});
    markBand(line, nullptr, BandPart::Whisker);
    return line;
}

} // namespace

QChart* createCostPerTokenChart(const Catalog& catalog, const CostPerTokenData& data,
                                const CostPerTokenBand* band, bool bandPending)
{
    double top = 0;
    bool banded = false;
    for (std::size_t r = 0; r < data.usd.size(); ++r)
        for (std::size_t c = 0; c < data.usd[r].size(); ++c) {
            top = std::max(top, data.usd[r][c].value_or(0.0));
            if (const Percentiles* p = barBand(data, band, r, c)) {
                top = std::max(top, p->p90);
                banded = true;
            }
        }
    const UsdScale scale = usdScale(top);
    QString unit = QString::fromStdString(data.unitLabel);
    unit.replace(QLatin1String("USD"), scale.unit);
    QChart* chart =
        newChart(data.workloadNames.empty()
                     ? QObject::tr("%1: the project has no such work").arg(unit)
                     : QObject::tr("%1%2, by workload and regime, at %3 list prices")
                           .arg(unit,
                                // Before the rest of the title, so a cut title keeps it.
                                data.totalGroups > data.workloadNames.size()
                                    ? QObject::tr(": the %1 largest of %2")
                                          .arg(data.workloadNames.size())
                                          .arg(data.totalGroups)
                                    : QString(),
                                QString::fromUtf8(planLabel(data.plan).data()).toLower()));
    auto* series = new QBarSeries;
    for (std::size_t r = 0; r < data.regimes.size(); ++r) {
        auto* set = new QBarSet(QString::fromUtf8(regimeLabel(data.regimes[r]).data()));
        for (std::size_t c = 0; c < data.workloadNames.size(); ++c) {
            // Infeasible cells are zero-height bars, so the groups stay aligned.
            double value = data.usd[r][c].value_or(0.0) / scale.divisor;
            // Whole dollars in cents, as the number format writes them above a
            // dime: an exported label read "0.351" (views/number_format.h).
            if (scale.divisor == 1 && value >= 0.095)
                value = std::round(value * 100.0) / 100.0;
            set->append(value);
        }
        series->append(set);
    }
    if (scale.divisor == 1)
        setValueLabels(series, top, int(std::floor(std::log10(std::max(top, 1.0)))) + 3);
    else
        setValueLabels(series, top / scale.divisor);
    if (banded) // at the bars' feet: the whiskers stand at their tops
        series->setLabelsPosition(QAbstractBarSeries::LabelsInsideBase);
    chart->addSeries(series);
    bool oneGpu = true;
    for (const std::string& id : data.gpuIds)
        oneGpu = oneGpu && id == data.gpuIds.front();
    QStringList categories;
    for (std::size_t c = 0; c < data.workloadNames.size(); ++c) {
        QString label = QString::fromStdString(data.workloadNames[c]);
        if (!oneGpu)
            label += QStringLiteral(" · ") + gpuShortName(catalog, data.gpuIds[c]);
        categories << label; // wrapped to the width drawn at (chart_fit)
    }
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(oneGpu && !data.gpuIds.empty()
                        ? QObject::tr("Workload, on %1 (no bar: the regime cannot serve it)")
                              .arg(gpuShortName(catalog, data.gpuIds.front()))
                        : QObject::tr("Workload and GPU (no bar: the regime cannot serve it)"));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis* y =
        valueAxis(unit, 0, top / scale.divisor * 1.08,
                  top / scale.divisor < 10 ? QStringLiteral("%.2f") : QStringLiteral("%.0f"));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    if (banded) {
        auto* over = new QValueAxis; // the categories' positions, not drawn
        over->setRange(-0.5, double(data.workloadNames.size()) - 0.5);
        over->setVisible(false);
        chart->addAxis(over, Qt::AlignBottom);
        const double n = double(data.regimes.size());
        const double barWidth = 0.5 / n;
        bool first = true;
        for (std::size_t r = 0; r < data.regimes.size(); ++r)
            for (std::size_t c = 0; c < data.workloadNames.size(); ++c)
                if (const Percentiles* p = barBand(data, band, r, c)) {
                    QLineSeries* line = whisker(double(c) - 0.25 + (double(r) + 0.5) * barWidth,
                                                0.2 * barWidth, *p, scale.divisor);
                    chart->addSeries(line);
                    line->attachAxis(over);
                    line->attachAxis(y);
                    if (first) // one legend entry for them all
                        line->setName(bandLegend(band->draws, {}));
                    else
                        hideBandLegend(chart, line);
                    first = false;
                }
    } else if (bandPending) {
        auto* pending = new QLineSeries; // a legend line alone: no points
        pending->setName(bandPendingLegend());
        markBandHint(pending);
        chart->addSeries(pending);
        pending->attachAxis(x);
        pending->attachAxis(y);
    }
    styleBands(chart);
    return chart;
}

} // namespace fleet::gui
