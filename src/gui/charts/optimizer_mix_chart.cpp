#include "charts/optimizer_mix_chart.h"

#include "charts/chart_style.h"
#include "charts/regime_mix_chart.h"
#include "compute/optimizer_plan.h"
#include "optimize/milp.h"

#include <QChart>
#include <QLocale>

namespace fleet::gui {

QString optimizerPlanStatus(const PlanResults& results)
{
    if (!results.optimizerRefusal.empty() && !results.optimizer)
        return QObject::tr("No plan: %1").arg(QString::fromStdString(results.optimizerRefusal));
    if (!results.optimizer)
        // No "…": the fit reads an ellipsis as a cut text and shrinks the type.
        return QObject::tr("Solving: the plan appears when the optimizer answers");
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
    if (!plan.solverNote.empty())
        status += QObject::tr(" (the solver crashed once; this is its second try)");
    return status;
}

QChart* createOptimizerMixChart(const PlanResults& results)
{
    const OptimizerMix mix = optimizerMix(results);
    MonthSets sets;
    for (std::size_t i = 0; i < mix.series.size(); ++i)
        sets.emplace_back(QString::fromStdString(mix.series[i]), mix.gpus[i]);
    return createStackedMonthChart(
        QObject::tr("Optimizer's regime mix: GPUs held and paid, by month"),
        optimizerPlanStatus(results), mix.months, sets,
        QObject::tr("GPUs (held by regime; the bar: paid)"));
}

} // namespace fleet::gui
