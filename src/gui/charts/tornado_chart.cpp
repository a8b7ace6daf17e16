#include "charts/tornado_chart.h"

#include "charts/chart_style.h"
#include "charts/empty_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QLocale>
#include <QValueAxis>

namespace fleet::gui {

QString kpiTitle(Kpi kpi)
{
    switch (kpi) {
    case Kpi::MeanMonthlyCost: return QObject::tr("Mean monthly cost (USD)");
    case Kpi::CostPerTrillionTrainingTokens:
        return QObject::tr("Cost per trillion training tokens (USD)");
    case Kpi::CostPerMillionOutputTokens:
        return QObject::tr("Cost per million output tokens (USD)");
    case Kpi::CostPerNotebookUserMonth: return QObject::tr("Cost per notebook user-month (USD)");
    case Kpi::Utilization: return QObject::tr("Utilization (share)");
    case Kpi::Savings: return QObject::tr("Savings against all bare metal (USD)");
    }
    return {};
}

Kpi defaultTornadoKpi(const Project& project)
{
    if (project.fleet.mode == FleetMode::Size)
        return Kpi::MeanMonthlyCost;
    // A fixed fleet is paid for whatever the inputs; what its work costs moves.
    bool inference = false;
    bool training = false;
    bool notebooks = false;
    for (const Workload& workload : project.workloads) {
        inference = inference || workload.kind() == WorkloadKind::Inference;
        training = training || workload.kind() == WorkloadKind::Training;
        notebooks = notebooks || workload.kind() == WorkloadKind::Notebooks;
    }
    if (inference)
        return Kpi::CostPerMillionOutputTokens;
    if (training)
        return Kpi::CostPerTrillionTrainingTokens;
    if (notebooks)
        return Kpi::CostPerNotebookUserMonth;
    return Kpi::Utilization;
}

QChart* createTornadoChart(const Tornado& tornado)
{
    const QString kpi = kpiTitle(tornado.kpi);
    const QString what = kpi.section(QLatin1Char('('), 0, 0).trimmed();
    const double base = tornado.base.value_or(0.0);
    const bool share = tornado.kpi == Kpi::Utilization;
    double reach = 0;
    QStringList still;
    std::vector<const TornadoBar*> moving;
    for (const TornadoBar& bar : tornado.bars) {
        if (bar.swing() <= 1e-9 * std::max(1.0, std::abs(base))) {
            still << QString::fromStdString(bar.label);
            continue;
        }
        moving.push_back(&bar);
        reach = std::max({reach, std::abs(bar.low.value_or(base) - base),
                          std::abs(bar.high.value_or(base) - base)});
    }
    // fraction 0: the input ranges' tornado (engine/range_tornado.h), each
    // input over its own range, ranked by its share of the variance.
    const bool ranges = tornado.fraction == 0;
    const QString title =
        ranges ? QObject::tr("Sensitivity of %1 to each input over its range, ranked by its "
                             "share of the variance")
                     .arg(what.toLower())
               : QObject::tr("Sensitivity of %1 to each input ±%2 %")
                     .arg(what.toLower())
                     .arg(tornado.fraction * 100, 0, 'f', 0);
    if (moving.empty()) // no bar to draw: said, not an axis over nothing
        return createEmptyChart(title,
                                ranges ? QObject::tr("No input range moves %1").arg(what.toLower())
                                       : QObject::tr("No input moves %1 by ±%2 %")
                                             .arg(what.toLower())
                                             .arg(tornado.fraction * 100, 0, 'f', 0));
    // The inputs that change nothing are left out, and named.
    QChart* chart = newChart(
        title, still.isEmpty() ? QString()
                               : QObject::tr("Not shown, as they leave it unchanged: %1")
                                     .arg(QLocale(QLocale::English).createSeparatedList(still)));
    const UsdScale scale =
        share ? UsdScale{0.01, QObject::tr("percentage points")} : usdScale(reach);
    auto* low =
        new QBarSet(ranges ? QObject::tr("Input at its low")
                           : QObject::tr("Input −%1 %").arg(tornado.fraction * 100, 0, 'f', 0));
    auto* high =
        new QBarSet(ranges ? QObject::tr("Input at its high")
                           : QObject::tr("Input +%1 %").arg(tornado.fraction * 100, 0, 'f', 0));
    QStringList labels;
    // Largest swing on top: the category axis runs bottom to top. Both bars
    // of an input share its row (stacked), as a tornado is drawn.
    for (auto it = moving.rbegin(); it != moving.rend(); ++it) {
        low->append(((*it)->low.value_or(base) - base) / scale.divisor);
        high->append(((*it)->high.value_or(base) - base) / scale.divisor);
        labels << QString::fromStdString((*it)->label);
    }
    auto* series = new QHorizontalStackedBarSeries;
    series->append(low);
    series->append(high);
    series->setBarWidth(0.6);
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(labels);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    const QString baseText =
        share ? QStringLiteral("%1 %").arg(base * 100, 0, 'f', 1)
              : chartLocale().toString(base, 'f', std::abs(base) >= 1000 ? 0 : 3);
    QString axisTitle =
        QObject::tr("Change in %1, %2, from %3").arg(what.toLower(), scale.unit, baseText);
    const double extent = reach / scale.divisor * 1.1;
    QValueAxis* x = valueAxis(axisTitle, -extent, extent,
                              extent < 10 ? QStringLiteral("%.2f") : QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    return chart;
}

} // namespace fleet::gui
