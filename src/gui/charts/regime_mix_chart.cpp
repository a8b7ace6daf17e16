#include "charts/regime_mix_chart.h"

#include "charts/chart_style.h"

#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace fleet::gui {

QChart* createRegimeMixChart(const RegimeMixData& data)
{
    MonthSets sets;
    for (const auto& [name, values] : mixSeries(data))
        sets.emplace_back(QString::fromStdString(name), values);
    return createStackedMonthChart(
        QObject::tr("Regime mix: GPUs held and paid by the chosen plan, by month"), {}, data.months,
        sets, QObject::tr("GPUs (held by regime; the bar: paid)"));
}

QChart* createStackedMonthChart(const QString& title, const QString& subtitle,
                                const std::vector<std::string>& months, const MonthSets& sets,
                                const QString& yTitle, double atLeast)
{
    QChart* chart = newChart(title, subtitle);
    auto* series = new QStackedBarSeries;
    std::vector<double> totals(months.size(), 0.0);
    for (const auto& [name, values] : sets) {
        auto* set = new QBarSet(name);
        for (std::size_t m = 0; m < months.size(); ++m) {
            const double value = m < values.size() ? values[m] : 0.0;
            set->append(value);
            totals[m] += value;
        }
        series->append(set);
    }
    chart->addSeries(series);
    // Bars stand at 0, 1, 2, …: a value axis labelled on the months it names
    // ("Jan 27", "Jul 27", …), so 60 months are not 60 cut labels.
    auto* x = new QCategoryAxis;
    const int count = std::max<int>(1, int(months.size()));
    x->setRange(-0.5, count - 0.5);
    x->setStartValue(-0.5);
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setGridLineVisible(false);
    const int step = monthStep(months.size());
    for (std::size_t m = 0; m < months.size(); m += std::size_t(step))
        x->append(monthLabel(months[m]), double(m));
    x->setTitleText(step == 1 ? QObject::tr("Month")
                              : QObject::tr("Month (every %1th labelled)").arg(step));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    const double top =
        std::max(atLeast, totals.empty() ? 0.0 : *std::max_element(totals.begin(), totals.end()));
    QValueAxis* y = valueAxis(yTitle, 0, top > 0 ? top * 1.05 : 1.0);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    return chart;
}

} // namespace fleet::gui
