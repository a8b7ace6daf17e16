#include "charts/regime_mix_chart.h"

#include "charts/chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QStackedBarSeries>
#include <QValueAxis>

namespace fleet::gui {

QChart* createRegimeMixChart(const RegimeMixData& data)
{
    QChart* chart = newChart(QObject::tr("Regime mix: GPUs held by the chosen plan, by month"));
    auto* series = new QStackedBarSeries;
    std::vector<double> totals(data.months.size(), 0.0);
    for (std::size_t r = 0; r < data.regimes.size(); ++r) {
        auto* set = new QBarSet(QString::fromUtf8(regimeLabel(data.regimes[r]).data()));
        for (std::size_t m = 0; m < data.months.size(); ++m) {
            set->append(data.gpus[r][m]);
            totals[m] += data.gpus[r][m];
        }
        series->append(set);
    }
    chart->addSeries(series);
    QStringList months;
    for (const std::string& month : data.months)
        months << QString::fromStdString(month);
    auto* x = new QBarCategoryAxis;
    x->append(months);
    x->setTitleText(QObject::tr("Month"));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    const double top = totals.empty() ? 1.0 : *std::max_element(totals.begin(), totals.end());
    QValueAxis* y = valueAxis(QObject::tr("GPUs held (GPU-equivalents)"), 0, top * 1.05);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    return chart;
}

} // namespace fleet::gui
