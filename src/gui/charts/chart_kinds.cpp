#include "charts/chart_kinds.h"

#include "charts/break_even_chart.h"
#include "charts/chart_style.h"
#include "charts/compute_price_chart.h"
#include "charts/cost_curve_chart.h"
#include "charts/cost_per_token_chart.h"
#include "charts/empty_chart.h"
#include "charts/frontier_chart.h"
#include "charts/optimizer_mix_chart.h"
#include "charts/packing_chart.h"
#include "charts/regime_mix_chart.h"
#include "charts/scenario_chart.h"
#include "charts/tornado_chart.h"
#include "compute/scenario_name.h"
#include "engine/compute_price.h"
#include "views/number_format.h"
#include "views/what_if_note.h"

#include <QChart>

namespace fleet::gui {

const std::vector<ChartKind>& allChartKinds()
{
    static const std::vector<ChartKind> kinds{
        ChartKind::CostPerToken, ChartKind::CostPerTrainingToken,
        ChartKind::CostCurve,    ChartKind::Frontier,
        ChartKind::RegimeMix,    ChartKind::BreakEven,
        ChartKind::Tornado,      ChartKind::Scenarios,
        ChartKind::ComputePrice, ChartKind::Packing,
        ChartKind::OptimizerMix};
    return kinds;
}

QString chartKindKey(ChartKind kind)
{
    switch (kind) {
    case ChartKind::CostPerToken: return QStringLiteral("cost-per-token");
    case ChartKind::CostPerTrainingToken: return QStringLiteral("cost-per-training-token");
    case ChartKind::CostCurve: return QStringLiteral("cost-curve");
    case ChartKind::Frontier: return QStringLiteral("frontier");
    case ChartKind::RegimeMix: return QStringLiteral("regime-mix");
    case ChartKind::BreakEven: return QStringLiteral("break-even");
    case ChartKind::Tornado: return QStringLiteral("tornado");
    case ChartKind::Scenarios: return QStringLiteral("scenarios");
    case ChartKind::ComputePrice: return QStringLiteral("compute-price");
    case ChartKind::Packing: return QStringLiteral("packing");
    case ChartKind::OptimizerMix: return QStringLiteral("optimizer-mix");
    }
    return {};
}

QString chartKindLabel(ChartKind kind)
{
    switch (kind) {
    case ChartKind::CostPerToken: return QObject::tr("Cost per token");
    case ChartKind::CostPerTrainingToken: return QObject::tr("Training cost");
    case ChartKind::CostCurve: return QObject::tr("Cost curve");
    case ChartKind::Frontier: return QObject::tr("Utilization frontier");
    case ChartKind::RegimeMix: return QObject::tr("Regime mix");
    case ChartKind::BreakEven: return QObject::tr("Break-even");
    case ChartKind::Tornado: return QObject::tr("Sensitivity");
    case ChartKind::Scenarios: return QObject::tr("Scenarios");
    case ChartKind::ComputePrice: return QObject::tr("Compute price");
    case ChartKind::Packing: return QObject::tr("Packing");
    case ChartKind::OptimizerMix: return QObject::tr("Optimizer's mix");
    }
    return {};
}

std::optional<ChartKind> chartKindFromKey(const QString& key)
{
    for (ChartKind kind : allChartKinds())
        if (chartKindKey(kind) == key)
            return kind;
    return std::nullopt;
}

bool needsFrontiers(ChartKind kind)
{
    return kind == ChartKind::Frontier;
}

bool needsOptimizer(ChartKind kind)
{
    return kind == ChartKind::OptimizerMix;
}

unsigned resultParts(ChartKind kind)
{
    switch (kind) {
    case ChartKind::Tornado: return PartTornado;
    case ChartKind::CostCurve: return PartCostCurve;
    case ChartKind::Scenarios: return PartScenarios;
    default: return 0;
    }
}

QChart* createChart(ChartKind kind, const PlanResults& results)
{
    if (const auto why = emptyChartReason(kind, results))
        return createEmptyChart(chartKindLabel(kind), *why);
    const Project& project = results.project;
    // The fans over the input ranges, once computed for these very inputs.
    const ChartBands* bands = results.currentBands();
    const bool pending = !bands && !project.ranges.empty();
    switch (kind) {
    case ChartKind::CostPerToken:
        return createCostPerTokenChart(project.catalog(), results.costPerOutputToken,
                                       bands ? &bands->outputTokens : nullptr, pending);
    case ChartKind::CostPerTrainingToken:
        return createCostPerTokenChart(project.catalog(), results.costPerTrainingToken,
                                       bands ? &bands->trainingTokens : nullptr, pending);
    case ChartKind::CostCurve:
        return createCostCurveChart(results.costCurve, bands ? &bands->costCurve : nullptr,
                                    pending);
    case ChartKind::Frontier: return createFrontierChart(results.frontiers);
    case ChartKind::RegimeMix: return createRegimeMixChart(results.regimeMix);
    case ChartKind::BreakEven: return createBreakEvenChart(project.catalog(), results.breakEven);
    case ChartKind::Tornado: return createTornadoChart(results.tornado);
    case ChartKind::Scenarios: return createScenarioChart(results.scenarios);
    case ChartKind::ComputePrice:
        if (const PriceBook* book = project.activePriceBook())
            return createComputePriceChart(*book, computePriceTable(project.catalog(), *book));
        return new QChart;
    case ChartKind::Packing: {
        // A stranded GPU is priced at the fleet's GPU on demand in the active book.
        std::optional<double> price;
        QString label;
        for (const BreakEvenLine& line : results.breakEven.lines)
            if (line.plan == Plan::OnDemand) {
                price = line.usdPerGpuHour;
                label = QObject::tr("%1/GPU-h (%2 on demand)")
                            .arg(formatUsd(line.usdPerGpuHour, Sign::Negative, chartLocale()))
                            .arg(QString::fromStdString(results.breakEven.gpuId));
            }
        return createPackingChart(results.packing.get(), price, label);
    }
    case ChartKind::OptimizerMix: return createOptimizerMixChart(results);
    }
    return new QChart;
}

bool hasFan(ChartKind kind)
{
    return kind == ChartKind::CostCurve || kind == ChartKind::CostPerToken ||
           kind == ChartKind::CostPerTrainingToken;
}

QString chartFooter(const PlanResults& results, std::optional<ChartKind> kind)
{
    QStringList parts{QString::fromStdString(results.project.name)};
    if (!results.scenario.empty()) {
        // The scenario as people named it; `results.scenario` is what selected
        // it (its id, or its name on the command line).
        parts
            << QObject::tr("scenario %1").arg(scenarioName(results.baseProject, results.scenario));
    } else
        parts << QObject::tr("baseline scenario");
    if (const PriceBook* book = results.project.activePriceBook())
        parts << QObject::tr("price book %1 (as of %2)%3")
                     .arg(QString::fromStdString(book->name), QString::fromStdString(book->asOf),
                          whatIfPriceFactor(*book)
                              ? QObject::tr(" × %1 (what-if)")
                                    .arg(chartLocale().toString(*whatIfPriceFactor(*book), 'f', 2))
                              : QString());
    if (const ChartBands* bands = results.currentBands(); bands && kind && hasFan(*kind))
        parts << QObject::tr("P10–P90 fans over draws of the input ranges (seed %1)")
                     .arg(bands->costCurve.seed);
    parts << QObject::tr("FleetPlanner");
    return parts.join(QStringLiteral(" · "));
}

} // namespace fleet::gui
