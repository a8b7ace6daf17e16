#include "views/presentation_banner.h"

#include "charts/chart_style.h"
#include "compute/optimizer_plan.h"
#include "compute/scenario_name.h"
#include "optimize/milp.h"
#include "views/number_format.h"

#include <QFontMetrics>
#include <QLocale>
#include <QScreen>

#include <algorithm>

namespace fleet::gui {

PresentationBanner::PresentationBanner(QWidget* parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("presentationBanner"));
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setContentsMargins(8, 4, 8, 4);
}

QString PresentationBanner::scenarioName(const PlanResults& results)
{
    return results.scenario.empty() ? tr("Baseline")
                                    : gui::scenarioName(results.baseProject, results.scenario);
}

QString PresentationBanner::optimizerLine(const PlanResults& results)
{
    if (!results.optimizerRefusal.empty())
        return tr("Optimizer: no plan (%1)").arg(QString::fromStdString(results.optimizerRefusal));
    if (!results.optimizer)
        return tr("Optimizer: solving…");
    const RegimeMixResult& plan = *results.optimizer;
    // No plan: one sentence of why, not a solver's status word on a slide.
    if (plan.status == SolveStatus::Infeasible || plan.status == SolveStatus::NoSolution)
        return plan.reasons.empty()
                   ? tr("Optimizer: no mix of regimes serves the demand on the fleet as set "
                        "up; the figures are the engine's choice per workload")
                   : tr("Optimizer: no plan fits the fleet as set up — %1")
                         .arg(QString::fromStdString(plan.reasons.front()));
    // GPUs the plan holds in its first month, by regime, then those paid but
    // not held: the optimizer's chart's first bar (engine/gpu_counts.h).
    const OptimizerMix counts = optimizerMix(results);
    QStringList mix;
    const QLocale locale = chartLocale();
    for (std::size_t i = 0; i < counts.series.size(); ++i)
        if (!counts.gpus[i].empty() && counts.gpus[i][0] > 0.05)
            mix << tr("%1 %2").arg(QString::fromStdString(counts.series[i]),
                                   locale.toString(counts.gpus[i][0], 'f', 0));
    const QString how = plan.method == "exact" ? tr("exact") : tr("fast path");
    // The gap as the KPI panel and the CLI write it (two places).
    return tr("Optimizer (%1, %2, gap %3): %4")
        .arg(how, QString::fromUtf8(solveStatusKey(plan.status).data()),
             formatPercent(plan.gap * 100, 2, Sign::Negative, QStringLiteral(" %"), locale),
             mix.isEmpty() ? tr("no GPUs") : mix.join(QStringLiteral(" · ")));
}

void PresentationBanner::showResults(const PlanResults& results)
{
    // In proportion to the screen, as the slide's charts are (chart_tabs).
    const qreal height = screen() ? screen()->geometry().height() : 1080.0;
    const qreal scale = std::clamp(height / 1080.0, 0.7, 1.0);
    setText(QStringLiteral("<span style=\"font-size:%3pt; font-weight:bold\">%1</span>"
                           "<br><span style=\"font-size:%4pt\">%2</span>")
                .arg(scenarioName(results).toHtmlEscaped(), optimizerLine(results).toHtmlEscaped())
                .arg(qRound(26 * scale))
                .arg(qRound(14 * scale)));
    // Room for the name and two lines of the optimizer's, on every slide:
    // the slide below does not jump when a line wraps on one and not the next.
    QFont big = font();
    big.setPointSizeF(qRound(26 * scale));
    big.setBold(true);
    QFont small = font();
    small.setPointSizeF(qRound(14 * scale));
    const QMargins margins = contentsMargins();
    setMinimumHeight(QFontMetrics(big).lineSpacing() + 2 * QFontMetrics(small).lineSpacing() +
                     margins.top() + margins.bottom() + 4);
}

} // namespace fleet::gui
