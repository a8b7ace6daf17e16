#include "evaluate_command.h"

#include "cli_support.h"
#include "engine/evaluate.h"
#include "store/evaluation_export.h"
#include "store/project_json.h"

#include <QLocale>

namespace fleet::cli {

namespace {

QString usd(double value)
{
    return QStringLiteral("$") + QLocale(QLocale::English).toString(value, 'f', 0);
}

QString optionalUsd(const std::optional<double>& value, int decimals = 2)
{
    return value ? QStringLiteral("$") + QLocale(QLocale::English).toString(*value, 'f', decimals)
                 : QStringLiteral("—");
}

QString describe(const OptionResult& option)
{
    QString text = QString::fromStdString(option.gpuId) + QLatin1Char(' ') +
                   QString::fromUtf8(regimeKey(option.regime).data());
    if (!option.profile.empty())
        text += QLatin1Char(' ') + QString::fromStdString(option.profile);
    return text;
}

QString humanReadable(const Project& project, const Evaluation& evaluation, const QString& scenario)
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
    out += QStringLiteral("  monthly cost (mean)             %1\n").arg(usd(k.meanMonthlyCostUsd));
    out += QStringLiteral("  cost over the horizon           %1\n").arg(usd(k.totalCostUsd));
    if (project.fleet.mode == FleetMode::Fixed)
        out += QStringLiteral("    of which no workload uses     %1\n")
                   .arg(usd(k.unallocatedFleetCostUsd));
    out += QStringLiteral("  cost per trillion training tokens %1\n")
               .arg(optionalUsd(k.costPerTrillionTrainingTokensUsd, 0));
    out += QStringLiteral("  cost per million output tokens  %1\n")
               .arg(optionalUsd(k.costPerMillionOutputTokensUsd, 3));
    out += QStringLiteral("  cost per notebook user-month    %1\n")
               .arg(optionalUsd(k.costPerNotebookUserMonthUsd));
    out += QStringLiteral("  utilization                     %1 %\n")
               .arg(k.utilization * 100, 0, 'f', 1);
    if (k.savingsUsd)
        out += QStringLiteral("  savings vs all bare metal, on demand %1 (%2 % of %3)\n")
                   .arg(usd(*k.savingsUsd))
                   .arg(*k.savingsFraction * 100, 0, 'f', 1)
                   .arg(usd(*k.baselineTotalCostUsd));
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
                        (chosen ? describe(*chosen)
                                : QStringLiteral("(none: ") + QString::fromStdString(w.problem) +
                                      QLatin1Char(')'))
                            .leftJustified(36),
                        usd(cost).rightJustified(14),
                        w.baseline ? QStringLiteral("baseline ") + usd(baseline) : QString());
        if (chosen) {
            double peak = 0;
            for (const MonthRequirement& month : chosen->months)
                peak = std::max(peak, month.gpuEquivalents);
            out += QStringLiteral("  %1 %2 feasible option%3, %4 ruled out; peak %5 GPUs held\n")
                       .arg(QString().leftJustified(20))
                       .arg(w.options.size())
                       .arg(w.options.size() == 1 ? QString() : QStringLiteral("s"))
                       .arg(w.rejected.size())
                       .arg(peak, 0, 'f', 1);
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
    });
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    const auto project = loadProjectArgument(parser, QStringLiteral("evaluate"), &exitCode);
    if (!project)
        return exitCode;
    const QString scenario = parser.value(QStringLiteral("scenario"));
    const Evaluation evaluation = evaluate(*project);
    if (parser.isSet(QStringLiteral("json")))
        printJson(evaluationToJson(*project, evaluation, scenario.toStdString()));
    else
        printOut(humanReadable(*project, evaluation, scenario));
    return Ok;
}

} // namespace fleet::cli
