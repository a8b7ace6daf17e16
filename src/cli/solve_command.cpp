#include "solve_command.h"

#include "ceiling_report.h"
#include "cli_support.h"
#include "engine/evaluate.h"
#include "export_files.h"
#include "io/export_target.h"
#include "model/pricing.h"
#include "optimize/apply_plan.h"
#include "optimize/plan_gpu_counts.h"
#include "optimize/regime_mix.h"
#include "optimize/regime_mix_json.h"
#include "optimizer_options.h"
#include "project_commands.h"
#include "simulate/carried_ceiling.h"
#include "store/evaluation_export.h"
#include "store/project_json.h"
#include "util/number_text.h"
#include "views/number_format.h"

#include <QFile>
#include <QLocale>

#include <boost/json.hpp>

namespace fleet::cli {

namespace {

const QString kSolveCommand = QStringLiteral("solve");

QString solveText(const RegimeMixResult& r, Objective objective)
{
    const QLocale english(QLocale::English);
    const auto usd = [&](double v) { return gui::formatUsd(v, gui::Sign::Negative, english); };
    QString out =
        QStringLiteral("Status: %1 (%2, %3 s, gap %4 %; %5 columns, %6 rows)\n")
            .arg(QString::fromUtf8(solveStatusKey(r.status).data()),
                 QString::fromStdString(r.method))
            .arg(r.solveSeconds, 0, 'f', 3)
            .arg(gui::formatPercent(r.gap * 100, 2, gui::Sign::Negative, QString(), english))
            .arg(r.columns)
            .arg(r.rows);
    if (!r.solverNote.empty())
        out +=
            QStringLiteral("  note: ") + QString::fromStdString(r.solverNote) + QLatin1Char('\n');
    for (const std::string& reason : r.reasons)
        out += QStringLiteral("  why: ") + QString::fromStdString(reason) + QLatin1Char('\n');
    if (r.assignments.empty() && r.unserved.empty())
        return out;
    out += QStringLiteral("%1 %2 (bound %3); fleet cost %4")
               .arg(objective == Objective::Cost ? "Cost" : "Margin", usd(r.objectiveUsd),
                    usd(r.bestBoundUsd), usd(r.costUsd));
    // Network-pooled options pay a network beside their GPUs (in the total).
    if (r.networkUsd > 0)
        out += QStringLiteral(" (GPUs %1, network of pooled GPUs %2)")
                   .arg(usd(r.costUsd - r.networkUsd), usd(r.networkUsd));
    if (r.savingsUsd)
        out += QStringLiteral("; saves %1 against all bare metal, on demand (%2)")
                   .arg(usd(*r.savingsUsd), usd(*r.baselineUsd));
    if (r.committedUsd > 0)
        out +=
            QStringLiteral("\nOf which committed (reserved and owned pools, paid used or not) %1")
                .arg(usd(r.committedUsd));
    if (r.renewalSavingUsd) {
        out += QStringLiteral("\nAt renewal, resized to this plan: %1 over a horizon like this "
                              "(saves %2)")
                   .arg(usd(*r.renewalCostUsd), usd(*r.renewalSavingUsd));
        for (const CommittedResize& c : r.resize)
            out +=
                QStringLiteral("\n  %1 %2: %3 GPUs instead of %4")
                    .arg(QString::fromStdString(c.gpuId), QString::fromUtf8(planKey(c.plan).data()))
                    .arg(QString::fromStdString(countText(c.proposedGpus)),
                         QString::fromStdString(countText(c.currentGpus)));
    }
    for (const auto& [gpu, value] : r.marginalGpuValueUsd)
        out += QStringLiteral("\nOne more %1 in the fleet would be worth %2 over the horizon")
                   .arg(QString::fromStdString(gpu), usd(value));
    out += QStringLiteral("\n\nAssignments\n");
    for (const Assignment& a : r.assignments)
        out +=
            QStringLiteral("  %1 %2 %3 %4\n")
                .arg(QString::fromStdString(a.workloadId).leftJustified(22),
                     QString::fromStdString(a.gpuId), QString::fromUtf8(regimeKey(a.regime).data()),
                     QString::fromStdString(a.profile) +
                         (a.onSpot ? QStringLiteral(" on spot") : QString()));
    for (const std::string& id : r.unserved)
        out += QStringLiteral("  %1 not served (it would lose money)\n")
                   .arg(QString::fromStdString(id).leftJustified(22));
    out += QStringLiteral("\nGPUs in month 1 (gpu, regime, plan, count)\n");
    for (const PoolCount& p : r.pools)
        if (p.month == 1)
            out += QStringLiteral("  %1 %2 %3 %4%5\n")
                       .arg(QString::fromStdString(p.gpuId),
                            (p.regime ? QString::fromUtf8(regimeKey(*p.regime).data())
                                      : QStringLiteral("(not set up)"))
                                .leftJustified(15),
                            QString::fromUtf8(planKey(p.plan).data()).leftJustified(12),
                            QString::fromStdString(countText(double(p.count))),
                            // On demand and spot are paid by the hour: the GPUs used.
                            p.gpus < p.count - 1e-6
                                ? QStringLiteral(" (%1 paid by the hour)")
                                      .arg(QLocale(QLocale::English).toString(p.gpus, 'f', 2))
                                : QString());
    for (const LayoutCount& l : r.layouts)
        if (l.month == 1)
            out += QStringLiteral("  %1 partitioned as %2: %3 GPUs\n")
                       .arg(QString::fromStdString(l.gpuId), QString::fromStdString(l.layout))
                       .arg(QString::fromStdString(countText(double(l.count))));
    return out;
}

/// The plan's GPUs held, busy and paid (engine/gpu_counts.h): month 1 and
/// the horizon's mean, as `evaluate` says them of the engine's plan.
QString countsText(const GpuCounts& counts)
{
    if (counts.months.empty())
        return {};
    const auto gpus = [](double value) {
        return QLocale(QLocale::English).toString(value, 'f', 0);
    };
    const double months = double(counts.months.size());
    return QStringLiteral("\nGPUs held, busy, paid: %1, %2, %3 in month 1; %4, %5, %6 a month on "
                          "average; utilization %7 % (busy ÷ paid)\n")
        .arg(gpus(counts.months[0].held), gpus(counts.months[0].busy), gpus(counts.months[0].paid),
             gpus(counts.heldGpuHours() / kHoursPerMonth / months),
             gpus(counts.busyGpuHours() / kHoursPerMonth / months),
             gpus(counts.paidGpuHours() / kHoursPerMonth / months))
        .arg(counts.utilization() * 100, 0, 'f', 1);
}

} // namespace

int runSolveCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Choose the regime mix (GPUs per model, regime, plan and month; partition "
                       "layouts; each workload's\n"
                       "option) at least cost or most margin, with COIN-OR CBC. PROJECT is a "
                       "project file or :sample."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("PROJECT"),
                                 QStringLiteral("The project, or :sample."));
    parser.addOptions({
        {QStringLiteral("scenario"), QStringLiteral("Apply this scenario."),
         QStringLiteral("NAME")},
        {QStringLiteral("gap"), QStringLiteral("Relative gap to stop at (default 0.0001)."),
         QStringLiteral("G")},
        {QStringLiteral("mps"), QStringLiteral("Also write the model solved as free MPS."),
         QStringLiteral("FILE")},
        {QStringLiteral("fast"),
         QStringLiteral("The fast path only: LP relaxation and rounding (for live use).")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
        {QStringLiteral("apply"),
         QStringLiteral("Write the plan into the project (-o): each workload's choice pinned, a "
                        "sized fleet\nturned into the plan's pools; `evaluate` then costs the "
                        "plan.")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("With --apply: the project to write (.fleetplan.json or .fleetplan)."),
         QStringLiteral("FILE")},
    });
    parser.addOptions(optimizerOptions());
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    OptimizeOptions options;
    if (!readOptimizerOptions(parser, kSolveCommand, &options) ||
        !numberOption(parser, kSolveCommand, QStringLiteral("gap"), 0, 1, true, false,
                      &options.solve.relativeGap))
        return UserError;
    options.fastPath = parser.isSet(QStringLiteral("fast"));
    const bool apply = parser.isSet(QStringLiteral("apply"));
    if (apply != parser.isSet(QStringLiteral("output"))) {
        printErr(QStringLiteral("fleetplanner-cli solve: --apply and -o go together (--apply -o "
                                "OUT writes the plan into a copy of the project)\n"));
        return UserError;
    }
    const auto project = loadProjectArgument(parser, kSolveCommand, &exitCode);
    if (!project)
        return exitCode;
    if (project->workloads.empty()) {
        // Not a failure: an empty plan, said plainly.
        const std::string why = "the project has no workloads; add "
                                "workloads (the app's Workloads page, or the project file's "
                                "\"workloads\") and solve again";
        if (parser.isSet(QStringLiteral("json")))
            printJson(
                boost::json::object{{"status", "nothing_to_plan"},
                                    {"reasons", boost::json::array{boost::json::value(why)}}});
        else
            printOut(QStringLiteral("Nothing to plan: %1.\n").arg(QString::fromStdString(why)));
        return apply ? writeProject(kSolveCommand, *project, parser.value(QStringLiteral("output")),
                                    parser.isSet(QStringLiteral("json")))
                     : Ok;
    }
    // Planned on the ceiling evaluate plans on (the measured knee of these
    // inputs unless pinned); what --apply writes is the project as loaded.
    const std::optional<Project> stated = statedProject(parser);
    const Project planned =
        onPlannedCeiling(*project, plannedCeiling(*project, stated ? &*stated : nullptr));
    if (parser.isSet(QStringLiteral("mps"))) {
        // Through a temporary and a rename: an interrupted write never leaves half a model;
        // never over the project nor through a link.
        const Milp milp = buildRegimeMixMilp(planned, options.objective);
        auto written = writeExportThrough(
            QFile::encodeName(parser.value(QStringLiteral("mps"))).toStdString(),
            [&](const std::string& temporary) { return writeMps(milp, temporary); },
            filesRead(parser));
        if (!written) {
            printErr(QStringLiteral("fleetplanner-cli solve: %1\n")
                         .arg(QString::fromStdString(written.error().toString())));
            return UserError;
        }
    }
    // One evaluation: the solve's options and the plan's GPU counts both read it.
    const Evaluation evaluation = evaluate(planned);
    options.evaluation = &evaluation;
    const auto solved = optimizeRegimeMix(planned, options);
    if (!solved) {
        printErr(QStringLiteral("fleetplanner-cli solve: the model was refused:\n%1\n")
                     .arg(QString::fromStdString(solved.error().toString())));
        return UserError;
    }
    const RegimeMixResult& result = solved.value();
    // The plan's GPUs counted as evaluate counts the engine's (engine/gpu_counts.h).
    const GpuCounts counts = planGpuCounts(planned, evaluation, result);
    if (parser.isSet(QStringLiteral("json"))) {
        boost::json::object json = regimeMixResultToJson(result, options.objective);
        json["gpu_counts"] = gpuCountsToJson(counts);
        printJson(json);
    } else {
        printOut(solveText(result, options.objective) + countsText(counts));
    }
    if (apply) {
        if (result.assignments.empty()) {
            printErr(QStringLiteral("fleetplanner-cli solve: no plan to apply (status %1); "
                                    "nothing written\n")
                         .arg(QString::fromUtf8(solveStatusKey(result.status).data())));
            return UserError;
        }
        // The knee the plan was solved on stays the applied project's when
        // the plan leaves the simulated jobs as they were; otherwise the
        // applied project says its measurement is stale, and so does this.
        Project applied = applyPlan(*project, result);
        if (auto carried = withMeasuredCeilingCarried(*project, applied))
            applied = std::move(carried).value();
        else
            printErr(QStringLiteral("fleetplanner-cli solve: note: %1\n")
                         .arg(QString::fromStdString(carried.error().messages())));
        return writeProject(kSolveCommand, applied, parser.value(QStringLiteral("output")),
                            parser.isSet(QStringLiteral("json")));
    }
    return Ok;
}

} // namespace fleet::cli
