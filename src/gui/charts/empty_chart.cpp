#include "charts/empty_chart.h"

#include "charts/chart_style.h"
#include "charts/optimizer_mix_chart.h"
#include "compute/optimizer_plan.h"

#include <QChart>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QTextDocument>
#include <QTextOption>

namespace fleet::gui {

namespace {
constexpr const char* kEmptyProperty = "fleetEmptyMessage";

/// Centres the line in the plot area, in the legend's type a fifth larger
/// (the slide preset and the fit size the legend's type for the chart's size).
void place(QChart* chart, QGraphicsTextItem* text)
{
    const QRectF area = chart->plotArea().isEmpty() ? chart->rect() : chart->plotArea();
    QFont font = chart->legend()->font();
    font.setPointSizeF(font.pointSizeF() * 1.2);
    text->setFont(font);
    text->setDefaultTextColor(chart->titleBrush().color());
    text->setTextWidth(area.width() * 0.9);
    const QRectF box = text->boundingRect();
    text->setPos(area.center() - box.center());
}
} // namespace

QChart* createEmptyChart(const QString& title, const QString& message)
{
    QChart* chart = newChart(title);
    chart->setProperty(kEmptyProperty, message);
    chart->legend()->setVisible(false);
    auto* text = new QGraphicsTextItem(message, chart);
    text->setObjectName(QStringLiteral("emptyChartMessage"));
    QTextOption centred(Qt::AlignHCenter);
    centred.setWrapMode(QTextOption::WordWrap);
    text->document()->setDefaultTextOption(centred);
    place(chart, text);
    QObject::connect(chart, &QChart::plotAreaChanged, text, [chart, text] { place(chart, text); });
    QObject::connect(chart, &QChart::geometryChanged, text, [chart, text] { place(chart, text); });
    return chart;
}

QString emptyChartMessage(const QChart* chart)
{
    return chart ? chart->property(kEmptyProperty).toString() : QString();
}

QString noWorkloadsMessage()
{
    return QObject::tr("No workloads yet: add one on the Workloads page");
}

namespace {
/// A chart whose data the results do not hold yet (computed when its tab is
/// shown, or for every chart once inputs settle).
QString notComputedMessage()
{
    return QObject::tr("Not computed yet");
}
} // namespace

std::optional<QString> emptyChartReason(ChartKind kind, const PlanResults& results)
{
    const Project& project = results.project;
    const bool ofWork = kind != ChartKind::ComputePrice && kind != ChartKind::Packing &&
                        kind != ChartKind::BreakEven;
    if (ofWork && project.workloads.empty())
        return noWorkloadsMessage();
    const auto anyPositive = [](const std::vector<std::vector<double>>& rows) {
        for (const auto& row : rows)
            for (double v : row)
                if (v > 0)
                    return true;
        return false;
    };
    switch (kind) {
    case ChartKind::CostPerToken:
        if (results.costPerOutputToken.workloadNames.empty())
            return QObject::tr("No inference workload serves any requests yet: give one a "
                               "request rate on the Workloads page");
        break;
    case ChartKind::CostPerTrainingToken:
        if (results.costPerTrainingToken.workloadNames.empty())
            return QObject::tr("No training workload trains any tokens yet: give one its "
                               "tokens on the Workloads page");
        break;
    case ChartKind::CostCurve: {
        bool costed = false;
        for (const auto& cost : results.costCurve.monthlyCostUsd)
            costed = costed || cost.has_value();
        if (!costed)
            return notComputedMessage();
        break;
    }
    case ChartKind::Frontier:
        if (results.frontiers.empty())
            return QObject::tr("Not simulated yet");
        break;
    case ChartKind::RegimeMix:
        if (!anyPositive(results.regimeMix.gpus))
            return QObject::tr("The plan holds no GPUs: the workloads ask for no work");
        break;
    case ChartKind::BreakEven:
        if (!project.activePriceBook())
            return QObject::tr("No price book chosen: choose one on the Price books page");
        if (results.breakEven.gpuId.empty())
            return project.fleet.mode == FleetMode::Fixed && project.workloads.empty()
                       ? QObject::tr("No GPUs in the fleet yet: add a pool on the Fleet page")
                   : project.workloads.empty() ? noWorkloadsMessage()
                                               : QObject::tr("No GPU holds any work yet");
        if (results.breakEven.lines.empty())
            return QObject::tr("The price book prices no plan of %1")
                .arg(QString::fromStdString(results.breakEven.gpuId));
        break;
    case ChartKind::Tornado:
        if (!(results.parts & PartTornado) && results.tornado.bars.empty())
            return notComputedMessage();
        if (!results.tornado.base)
            return QObject::tr("The KPI has no value yet: no work of its kind");
        break;
    case ChartKind::ComputePrice:
        if (!project.activePriceBook())
            return QObject::tr("No price book chosen: choose one on the Price books page");
        break;
    case ChartKind::Packing:
        if (!results.packing || results.packing->policies.empty())
            return QObject::tr("No trace replayed yet: choose a node list and a pod list on the "
                               "Packing page");
        break;
    case ChartKind::OptimizerMix: {
        const OptimizerMix mix = optimizerMix(results);
        if (!anyPositive(mix.gpus))
            return hasOptimizerAnswer(results) && results.optimizer
                       ? QObject::tr("%1: the plan holds no GPUs").arg(optimizerPlanStatus(results))
                       : optimizerPlanStatus(results);
        break;
    }
    case ChartKind::Scenarios: {
        if (!(results.parts & PartScenarios) && results.scenarios.empty())
            return notComputedMessage();
        bool any = false;
        for (const ScenarioKpis& s : results.scenarios)
            any = any || s.kpis.meanMonthlyCostUsd > 0 || s.kpis.savingsUsd.value_or(0.0) != 0;
        if (!any)
            return QObject::tr("No scenario costs anything: the workloads ask for no work");
        break;
    }
    }
    return std::nullopt;
}

} // namespace fleet::gui
