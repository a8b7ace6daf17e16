#include "charts/cost_per_token_chart.h"

#include "charts/chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

QChart* createCostPerTokenChart(const Catalog& catalog, const CostPerTokenData& data)
{
    double top = 0;
    for (const auto& row : data.usd)
        for (const auto& cell : row)
            top = std::max(top, cell.value_or(0.0));
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
    return chart;
}

} // namespace fleet::gui
