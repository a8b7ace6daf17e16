#include "evaluate_command.h"

#include "ceiling_report.h"
#include "cli_support.h"
#include "engine/evaluate.h"
#include "engine/fleet_peaks.h"
#include "engine/inference.h"
#include "engine/training.h"
#include "export_files.h"
#include "knee_seeds_option.h"
#include "model/pricing.h"
#include "optimize/plan_comparison.h"
#include "optimize/regime_mix.h"
#include "range_output.h"
#include "simulate/knee_spread.h"
#include "simulate/measured_ceiling.h"
#include "store/evaluation_export.h"
#include "store/project_json.h"
#include "util/number_text.h"
#include "views/number_format.h"

#include <QLocale>

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

namespace fleet::cli {

namespace {

/// A count as the app writes it (util/number_text.h): "1,024".
QString count(double value)
{
    return QString::fromStdString(countText(value));
}

/// A service's time to first token with queueing, and its overflow; empty
/// for other workloads.
QString serviceLine(const Project& project, const WorkloadEvaluation& w, const OptionResult& option)
{
    if (w.kind != WorkloadKind::Inference)
        return {};
    double targetMs = 0;
    const InferenceSpec* service = nullptr;
    for (const Workload& workload : project.workloads)
        if (workload.id == w.id)
            if (const auto* spec = std::get_if<InferenceSpec>(&workload.spec)) {
                targetMs = spec->ttftMs;
                service = spec;
            }
    const QString indent = QString().leftJustified(23);
    QString line;
    // The parameters it is sized on, when its model or total_params says
    // more than N: weights on the total, compute on the active.
    if (service && (!service->model.empty() || service->totalParams > 0)) {
        const ServiceParameters params = serviceParameters(*service);
        line += indent +
                QStringLiteral("%1: %2 parameters held (%3 GB of %4 weights per replica), %5 "
                               "active per token\n")
                    .arg(params.model
                             ? QStringLiteral("model ") + QString::fromStdString(params.model->id)
                             : QStringLiteral("mixture of experts"),
                         formatQuantity(params.totalParams))
                    .arg(params.totalParams * bytesPerValue(service->precision) / 1e9, 0, 'f', 0)
                    .arg(QString::fromUtf8(precisionKey(service->precision).data()),
                         formatQuantity(params.activeParams));
    }
    const double mean = option.detail("ttft_mean_ms"), p99 = option.detail("ttft_p99_ms");
    if (std::isfinite(mean) && std::isfinite(p99))
        line +=
            indent + QStringLiteral("TTFT with queueing: mean %1 ms, p99 %2 ms (target %3 ms)\n")
                         .arg(count(mean), count(p99), count(targetMs));
    if (option.detail("overflow_refused") > 0)
        line += indent + QStringLiteral("preemptible overflow refused (preemption rate %1 %)\n")
                             .arg(option.overflowPreemptionRate * 100.0, 0, 'f', 2);
    else if (const double overflow = option.detail("overflow_replicas_first_month");
             std::isfinite(overflow))
        line += indent +
                QStringLiteral("overflow: %1 preemptible replicas in month 1 at %2 per GPU-hour "
                               "(preemption rate %3 %, p99 TTFT with it %4 ms)\n")
                    .arg(count(overflow))
                    .arg(gui::formatUsd(option.detail("overflow_usd_per_gpu_hour"),
                                        gui::Sign::Negative, QLocale(QLocale::English)))
                    .arg(option.overflowPreemptionRate * 100.0, 0, 'f', 2)
                    .arg(count(std::isfinite(option.detail("ttft_p99_ms_with_preemption"))
                                   ? option.detail("ttft_p99_ms_with_preemption")
                                   : p99));
    return line;
}

/// A training run's tokens and wall-clock length, the one stated and the
/// other derived; empty for other workloads.
QString trainingLine(const Project& project, const WorkloadEvaluation& w,
                     const OptionResult& option)
{
    if (w.kind != WorkloadKind::Training)
        return {};
    const Workload* workload = nullptr;
    for (const Workload& candidate : project.workloads)
        if (candidate.id == w.id)
            workload = &candidate;
    const auto* spec = workload ? std::get_if<TrainingSpec>(&workload->spec) : nullptr;
    if (!spec)
        return {};
    const QString indent = QString().leftJustified(23);
    const double days = option.detail("wall_clock_days");
    if (!spec->runDays)
        return indent + QStringLiteral("run: %1 tokens stated; %2 days of wall clock on %3 GPUs "
                                       "(derived)\n")
                            .arg(formatQuantity(spec->tokensPerRun))
                            .arg(days, 0, 'f', 1)
                            .arg(count(spec->gpusPerJob));
    return indent +
           QStringLiteral("run: %1 days on %2 GPUs stated; %3 tokens (derived, timed on %4); %5 "
                          "days on this option's GPUs\n")
               .arg(*spec->runDays, 0, 'f', 1)
               .arg(count(spec->gpusPerJob))
               .arg(formatQuantity(option.detail("tokens_per_run")))
               .arg(QString::fromStdString(workload->choice.gpuId.value_or(kRunLengthReferenceGpu)))
               .arg(days, 0, 'f', 1);
}

/// Money as the app writes it (views/number_format.h): −$17.96 M, $384.26.
QString usd(double value)
{
    return gui::formatUsd(value, gui::Sign::Negative, QLocale(QLocale::English));
}

/// A percentage with one decimal, never "-0.0".
/// A percentage as the app writes it (views/number_format.h), without its
/// " %": "−1,107", "70.9"; `decimals` as the app's KPI panel shows the figure.
QString percent(double value, int decimals = 1)
{
    return gui::formatPercent(value, decimals, gui::Sign::Negative, QString(),
                              QLocale(QLocale::English));
}

QString optionalUsd(const std::optional<double>& value)
{
    return gui::formatUsd(value, gui::Sign::Negative, QLocale(QLocale::English));
}

QString describe(const OptionResult& option)
{
    QString text = QString::fromStdString(option.gpuId) + QLatin1Char(' ') +
                   QString::fromUtf8(regimeKey(option.regime).data());
    if (!option.profile.empty())
        text += QLatin1Char(' ') + QString::fromStdString(option.profile);
    return text;
}

/// The optimizer's fast path on the same project: its plan, or why there is none.
struct OptimizerView
{
    std::optional<RegimeMixResult> plan;
    std::string why;
};

OptimizerView optimizerView(const Project& project, const Evaluation& evaluation)
{
    OptimizerView view;
    if (project.workloads.empty()) {
        view.why = "no workloads";
        return view;
    }
    OptimizeOptions options;
    options.fastPath = true;
    options.evaluation = &evaluation;
    const auto solved = optimizeRegimeMix(project, options);
    if (!solved)
        view.why = solved.error().toString();
    else if (solved.value().assignments.empty())
        view.why = solved.value().reasons.empty()
                       ? std::string(solveStatusKey(solved.value().status))
                       : solved.value().reasons.front();
    else
        view.plan = solved.value();
    return view;
}

QString comparisonText(const Evaluation& evaluation, const OptimizerView& view)
{
    if (!view.plan)
        return QStringLiteral("\nOptimizer (fast path): no plan — %1\n")
            .arg(QString::fromStdString(view.why));
    const PlanComparison c = comparePlans(evaluation, *view.plan);
    QString out = QStringLiteral("\nOptimizer (fast path, gap %1 %): the plan costs %2 over the "
                                 "horizon; ")
                      .arg(percent(view.plan->gap * 100, 2))
                      .arg(usd(c.optimizerCostUsd));
    if (c.choices.empty() && std::abs(c.differenceUsd) < 5e-4 * std::abs(c.optimizerCostUsd))
        return out + QStringLiteral("the same choices and cost as the engine's\n");
    if (std::abs(c.differenceUsd) < 5e-4 * std::abs(c.optimizerCostUsd))
        out += QStringLiteral("the same cost as the engine's choices, by other choices\n");
    else
        out += (c.differenceUsd > 0 ? QStringLiteral("%1 less than the engine's choices (%2)\n")
                                    : QStringLiteral("%1 more than the engine's choices (%2)\n"))
                   .arg(usd(std::abs(c.differenceUsd)), usd(c.engineCostUsd));
    if (const std::string why = whyTheEngineCostsLess(c); !why.empty())
        out += QStringLiteral("  because %1\n").arg(QString::fromStdString(why));
    for (const ChoiceDifference& d : c.choices)
        out += QStringLiteral("  %1 engine: %2; optimizer: %3\n")
                   .arg(QString::fromStdString(d.workloadId).leftJustified(20),
                        QString::fromStdString(d.engine), QString::fromStdString(d.optimizer));
    if (!c.choices.empty())
        out +=
            QStringLiteral("  (`fleetplanner-cli solve PROJECT --apply -o OUT` pins the plan)\n");
    return out;
}

boost::json::object comparisonJson(const Evaluation& evaluation, const OptimizerView& view)
{
    namespace bj = boost::json;
    if (!view.plan)
        return bj::object{{"method", "lp_rounding"}, {"plan", nullptr}, {"why", view.why}};
    const PlanComparison c = comparePlans(evaluation, *view.plan);
    bj::array choices;
    for (const ChoiceDifference& d : c.choices)
        choices.push_back(bj::object{
            {"workload", d.workloadId}, {"engine", d.engine}, {"optimizer", d.optimizer}});
    return bj::object{{"method", view.plan->method},
                      {"gap", view.plan->gap},
                      {"cost_usd", c.optimizerCostUsd},
                      {"network_cost_usd", view.plan->networkUsd},
                      {"engine_cost_usd", c.engineCostUsd},
                      {"engine_minus_optimizer_usd", c.differenceUsd},
                      {"engine_gpus_beyond_fleet", c.engineGpusBeyondFleet},
                      {"choices_that_differ", std::move(choices)}};
}

QString evaluationText(const Project& project, const Evaluation& evaluation,
                       const QString& scenario, const std::optional<RangeRun>& ranges)
{
    const Kpis& k = evaluation.kpis;
    QString out = QStringLiteral("%1%2\n").arg(
        QString::fromStdString(project.name),
        scenario.isEmpty() ? QString() : QStringLiteral(" — scenario ") + scenario);
    out +=
        QStringLiteral("Fleet %1, price book %2, scheduler %3, %4 months\n\n")
            .arg(project.fleet.mode == FleetMode::Fixed ? QStringLiteral("fixed")
                                                        : QStringLiteral("sized by FleetPlanner"),
                 QString::fromStdString(project.activePriceBookId),
                 QString::fromUtf8(policyKey(project.scheduler.policy).data()))
            .arg(project.horizonMonths);
    out += QStringLiteral("  monthly cost (mean)             %1%2\n")
               .arg(usd(k.meanMonthlyCostUsd), rangeSuffix(ranges, Kpi::MeanMonthlyCost));
    out += QStringLiteral("  cost over the horizon           %1\n").arg(usd(k.totalCostUsd));
    if (project.fleet.mode == FleetMode::Fixed)
        out += QStringLiteral("    of which committed            %1 (%2 reserved or owned GPUs, "
                              "paid used or not)\n")
                   .arg(usd(k.committedCostUsd), count(k.committedGpus));
    // docs/MODEL.md, "Idle commitment": a line of its own, no workload's cost.
    out += QStringLiteral("    of which idle commitment      %1 (paid GPU-hours no workload holds; "
                          "the workloads' own: %2)\n")
               .arg(usd(k.unallocatedFleetCostUsd), usd(k.attributedCostUsd));
    // docs/MODEL.md, "Network-pooled GPUs": in the workloads' own, said apart
    // (as `solve` says its plan's) when any chosen option pays one.
    if (k.networkCostUsd > 0)
        out += QStringLiteral("    of which network              %1 (of network-pooled GPUs: "
                              "their GPU-hours held × network_usd_per_gpu_hour)\n")
                   .arg(usd(k.networkCostUsd));
    out += QStringLiteral("  cost per trillion training tokens %1%2\n")
               .arg(optionalUsd(k.costPerTrillionTrainingTokensUsd),
                    rangeSuffix(ranges, Kpi::CostPerTrillionTrainingTokens));
    out += QStringLiteral("  cost per million output tokens  %1%2\n")
               .arg(optionalUsd(k.costPerMillionOutputTokensUsd),
                    rangeSuffix(ranges, Kpi::CostPerMillionOutputTokens));
    out += QStringLiteral("  cost per notebook user-month    %1%2\n")
               .arg(optionalUsd(k.costPerNotebookUserMonthUsd),
                    rangeSuffix(ranges, Kpi::CostPerNotebookUserMonth));
    // One count of GPUs (engine/gpu_counts.h): the charts' and warnings' figures.
    const GpuCounts& gpus = evaluation.gpus;
    const double months = std::max<double>(1.0, double(gpus.months.size()));
    out += QStringLiteral("  utilization                     %1 % (GPU-hours busy ÷ paid)%2\n")
               .arg(percent(k.utilization * 100))
               .arg(rangeSuffix(ranges, Kpi::Utilization));
    out +=
        QStringLiteral("  GPUs held, busy, paid           %1, %2, %3 a month on average "
                       "(held at most %4 in a month)\n")
            .arg(count(gpus.heldGpuHours() / kHoursPerMonth / months),
                 count(gpus.busyGpuHours() / kHoursPerMonth / months),
                 count(gpus.paidGpuHours() / kHoursPerMonth / months), count(gpus.peakHeldGpus()));
    if (k.savingsUsd)
        out += QStringLiteral("  cash saved vs all bare metal, on demand %1 (%2 % of %3)%4\n")
                   .arg(usd(*k.savingsUsd))
                   .arg(percent(*k.savingsFraction * 100, 0))
                   .arg(usd(*k.baselineTotalCostUsd))
                   .arg(rangeSuffix(ranges, Kpi::Savings));
    if (project.fleet.mode == FleetMode::Fixed) {
        out += QStringLiteral("  capacity freed                  %1 committed GPUs paid but held "
                              "in no month (%2 of commitment)\n")
                   .arg(count(k.capacityFreedGpus), usd(k.capacityFreedUsd));
        out += QStringLiteral("  GPUs beyond the fleet           %1 as set up (priced), "
                              "%2 at the peak\n")
                   .arg(count(k.peakGpusBeyondFleet),
                        count(gpusBeyondFleetAtPeak(project, evaluation)));
        if (k.renewalSavingUsd)
            out += QStringLiteral("  saving at renewal               %1 if resized to the plan "
                                  "(%2 committed GPUs instead of %3)\n")
                       .arg(usd(*k.renewalSavingUsd), count(*k.renewalCommittedGpus),
                            count(k.committedGpus));
    }
    // Shared GPUs' usable share: the project's own (measured with `pack`, or
    // set by hand) or FleetPlanner's assumption — said which.
    bool own = false;
    for (const SettingOverride& o : project.settingOverrides)
        own = own || (o.section == "assumptions" && o.key == "shared_packing_efficiency");
    out += QStringLiteral("  shared-GPU packing efficiency   %1 (%2)\n")
               .arg(project.assumptions.sharedPackingEfficiency, 0, 'f', 3)
               .arg(own ? QStringLiteral("this project's value; `fleetplanner-cli pack --apply` "
                                         "measures it, the project note says how")
                        : QStringLiteral("FleetPlanner assumption; `fleetplanner-cli pack "
                                         "--apply` measures it"));
    out +=
        QStringLiteral("\nWorkloads (chosen option; attributed cost over the horizon; baseline)\n");
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        double cost = 0, baseline = 0;
        for (double v : w.monthlyCostUsd)
            cost += v;
        for (double v : w.baselineMonthlyCostUsd)
            baseline += v;
        const OptionResult* chosen = w.chosenOption();
        out += QStringLiteral("  %1 %2 %3  %4\n")
                   .arg(QString::fromStdString(w.id).leftJustified(20),
                        (chosen ? describe(*chosen) + (w.chosenPlan == Plan::Spot
                                                           ? QStringLiteral(" on spot")
                                                           : QString())
                                : QStringLiteral("(none: ") + QString::fromStdString(w.problem) +
                                      QLatin1Char(')'))
                            .leftJustified(36),
                        usd(cost).rightJustified(14),
                        w.baseline ? QStringLiteral("baseline ") + usd(baseline) : QString());
        if (chosen) {
            double peak = 0;
            for (const MonthRequirement& month : chosen->months)
                peak = std::max(peak, month.peakGpus);
            out += QStringLiteral("  %1 %2 feasible option%3, %4 ruled out; %5 GPUs held at the "
                                  "peak\n")
                       .arg(QString().leftJustified(20))
                       .arg(w.options.size())
                       .arg(w.options.size() == 1 ? QString() : QStringLiteral("s"))
                       .arg(w.rejected.size())
                       .arg(QLocale(QLocale::English).toString(peak, 'f', 1));
            out += serviceLine(project, w, *chosen);
            out += trainingLine(project, w, *chosen);
        }
    }
    for (const std::string& warning : evaluation.warnings)
        out += QStringLiteral("warning: ") + QString::fromStdString(warning) + QLatin1Char('\n');
    return out;
}

} // namespace

int runEvaluateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Evaluate a project: per workload every feasible option (GPU × regime × profile) with its "
        "GPU-hours\n"
        "and cost per plan, the option chosen, and the KPIs against the all-bare-metal, on-demand "
        "baseline.\n"
        "PROJECT is a .fleetplan.json file, or :sample for the bundled sample project."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("PROJECT"),
                                 QStringLiteral("The project file, or :sample."));
    parser.addOptions({
        {QStringLiteral("scenario"), QStringLiteral("Apply this scenario (id or name)."),
         QStringLiteral("NAME")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
        {QStringLiteral("measure-ceiling"),
         QStringLiteral("Simulate the project's frontier under its policy (default loads and "
                        "days) and plan on its knee (unless the project pins the assumed "
                        "ceiling), stating both (a few seconds; measure-ceiling stores it).")},
        kneeSeedsOption(QStringLiteral("--measure-ceiling's knee")),
        {QStringLiteral("tenants-csv"),
         QStringLiteral("Also write the per-tenant totals to FILE as CSV: one row per tenant "
                        "(or segment) per month, with OpenCost's allocation field names. A text "
                        "cell starting with =, +, -, @, tab or CR gets a leading apostrophe "
                        "(never a formula)."),
         QStringLiteral("FILE")},
    });
    parser.addOptions(rangeOptions());
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    const auto project = loadProjectArgument(parser, QStringLiteral("evaluate"), &exitCode);
    if (!project)
        return exitCode;
    const QString scenario = parser.value(QStringLiteral("scenario"));
    int seeds = kDefaultKneeSeeds;
    if (!readKneeSeeds(parser, QStringLiteral("evaluate"), &seeds))
        return UserError;
    // With a scenario, the project as stated too: its measured knee is the scenario's
    // unless the scenario pins the assumed one (docs/MODEL.md, "Planning on the measured knee").
    const std::optional<Project> stated = statedProject(parser);
    // The ceiling planned on: measured now (--measure-ceiling, on the project's
    // evaluation on its assumed ceiling, as simulate measures it), else the project's
    // measured ceiling when of these inputs, else the assumed one, said.
    const bool measure = parser.isSet(QStringLiteral("measure-ceiling"));
    std::optional<double> measuredNow;
    std::string nowHow;
    std::optional<Evaluation> onAssumed;
    if (measure) {
        onAssumed = evaluate(*project);
        measuredNow = kneeMeasuredNow(*project, *onAssumed, seeds, &nowHow);
    }
    const CeilingReport ceiling =
        ceilingReport(*project, stated ? &*stated : nullptr, measure, measuredNow, nowHow);
    const Project planned = onPlannedCeiling(*project, ceiling.planned);
    Evaluation evaluation =
        onAssumed && !ceiling.planned.onMeasured() ? std::move(*onAssumed) : evaluate(planned);
    // A measured ceiling whose inputs have changed since: said, not dropped
    // (of the project as stated: a scenario differs from what was measured by design).
    if (auto stale = scenario.isEmpty() ? staleMeasuredCeiling(*project) : std::nullopt)
        evaluation.warnings.push_back(*stale);
    if (parser.isSet(QStringLiteral("tenants-csv"))) {
        // Written whole or not at all, never over the project nor through a link, before
        // anything is printed.
        const std::string text = tenantTotalsCsv(planned, tenantTotals(planned, evaluation));
        const QString error = writeExport(parser, QStringLiteral("--tenants-csv"),
                                          parser.value(QStringLiteral("tenants-csv")), text);
        if (!error.isEmpty()) {
            printErr(QStringLiteral("evaluate: %1\n").arg(error));
            return UserError;
        }
    }
    std::optional<RangeRun> ranges;
    double rangeSeconds = 0;
    if (!runRangesOption(parser, QStringLiteral("evaluate"), planned, &ranges, &rangeSeconds))
        return UserError;
    const OptimizerView view = optimizerView(planned, evaluation);
    if (parser.isSet(QStringLiteral("json"))) {
        boost::json::object json = evaluationToJson(planned, evaluation, scenario.toStdString());
        json["optimizer"] = comparisonJson(evaluation, view);
        json["utilization_ceiling"] = ceilingReportJson(ceiling);
        if (ranges)
            json["ranges"] = rangeRunJson(*ranges, planned, rangeSeconds);
        printJson(json);
    } else {
        printOut(evaluationText(planned, evaluation, scenario, ranges) +
                 (ranges ? rangeSummaryText(*ranges, planned, rangeSeconds) : QString()) +
                 ceilingReportText(ceiling) + comparisonText(evaluation, view));
    }
    return Ok;
}

} // namespace fleet::cli
