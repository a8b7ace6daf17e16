#include "charts/scenario_chart.h"

#include "charts/chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

namespace fleet::gui {

QChart* createScenarioChart(const std::vector<ScenarioKpis>& scenarios)
{
    QChart* chart =
        newChart(QObject::tr("Scenarios: monthly cost at the fleet's prices and savings"));
    auto* cost = new QBarSet(QObject::tr("Mean monthly cost"));
    auto* savings = new QBarSet(QObject::tr("Monthly savings against all bare metal, on demand"));
    QStringList names;
    double top = 0;
    double bottom = 0; // savings below zero (a plan dearer than bare metal) drawn, not cut
    for (const ScenarioKpis& s : scenarios) {
        const double months = std::max<double>(1.0, double(s.kpis.monthlyCostUsd.size()));
        const double monthly = s.kpis.meanMonthlyCostUsd / 1e6;
        const double saved = s.kpis.savingsUsd.value_or(0.0) / months / 1e6;
        cost->append(monthly);
        savings->append(saved);
        top = std::max({top, monthly, saved});
        bottom = std::min(bottom, saved);
        names << QString::fromStdString(s.name); // wrapped when drawn (chart_fit)
    }
    auto* series = new QBarSeries;
    series->append(cost);
    series->append(savings);
    setValueLabels(series, top);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(names);
    x->setTitleText(QObject::tr("Scenario"));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis* y = valueAxis(QObject::tr("USD millions per month"), bottom * 1.1, top * 1.1,
                              QStringLiteral("%.1f"));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    return chart;
}

} // namespace fleet::gui
