#include "charts/optimizer_mix_chart.h"

#include "charts/chart_style.h"
#include "charts/regime_mix_chart.h"
#include "optimize/milp.h"

#include <QChart>
#include <QLocale>

#include <map>

namespace fleet::gui {

QString optimizerPlanStatus(const PlanResults& results)
{
    if (!results.optimizerRefusal.empty() && !results.optimizer)
        return QObject::tr("No plan: %1").arg(QString::fromStdString(results.optimizerRefusal));
    if (!results.optimizer)
        return QObject::tr("Solving…");
    const RegimeMixResult& plan = *results.optimizer;
    const QLocale locale = chartLocale();
    const QString how = plan.method == "lp_rounding" ? QObject::tr("Fast path (LP rounded)")
                                                     : QObject::tr("Exact solve");
    QString status = QObject::tr("%1: %2, gap %3 %")
                         .arg(how, QString::fromUtf8(solveStatusKey(plan.status).data()),
                              locale.toString(plan.gap * 100, 'f', 1));
    if (!results.optimizerCurrent)
        status += QObject::tr(" — of an earlier state; updating");
    else if (plan.method == "lp_rounding")
        status += QObject::tr("; the exact solve follows when inputs settle");
    return status;
}

QChart* createOptimizerMixChart(const PlanResults& results)
{
    const std::vector<std::string>& months = results.regimeMix.months;
    // GPUs held by regime and month, whatever their model and plan; regimes
    // in their usual order, GPUs held but not set up last.
    constexpr int kNotSetUp = 1000;
    std::map<int, std::vector<double>> byRegime;
    if (results.optimizer)
        for (const PoolCount& pool : results.optimizer->pools) {
            auto& values = byRegime[pool.regime ? int(*pool.regime) : kNotSetUp];
            values.resize(months.size(), 0.0);
            if (pool.month >= 1 && std::size_t(pool.month) <= months.size())
                values[std::size_t(pool.month - 1)] += pool.count;
        }
    MonthSets sets;
    for (auto& [regime, values] : byRegime)
        sets.emplace_back(regime == kNotSetUp
                              ? QObject::tr("Held, not set up")
                              : QString::fromUtf8(regimeLabel(RegimeKind(regime)).data()),
                          std::move(values));
    return createStackedMonthChart(QObject::tr("Optimizer's regime mix: GPUs held, by month"),
                                   optimizerPlanStatus(results), months, sets,
                                   QObject::tr("GPUs held"));
}

} // namespace fleet::gui
