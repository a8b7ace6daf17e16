#include "workbook_command.h"

#include "charts/tornado_chart.h"
#include "cli_support.h"
#include "compute/optimizer_plan.h"
#include "compute/plan_results.h"
#include "export/workbook_export.h"
#include "export_files.h"
#include "optimizer_options.h"
#include "range_output.h"
#include "store/project_json.h"

namespace fleet::cli {

int runWorkbookCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write a project's results to an Excel workbook: KPIs, workloads by month, pools, "
        "scenarios side by side, the price book with its sources, and native Excel charts "
        "(cost curve, regime mix, scenarios, the optimizer's plan)."));
    parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("PROJECT"),
        QStringLiteral("A .fleetplan or .fleetplan.json file, or :sample."));
    parser.addOptions({
        {QStringLiteral("scenario"), QStringLiteral("Apply this scenario (id or name)."),
         QStringLiteral("NAME")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("Output file (.xlsx)."),
         QStringLiteral("FILE")},
    });
    parser.addOptions(optimizerOptions());
    parser.addOptions(rangeOptions()); // a sheet "Ranges" when the project has ranges
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    OptimizeOptions optimizer;
    if (!readOptimizerOptions(parser, QStringLiteral("workbook"), &optimizer))
        return UserError;
    const QString output = parser.value(QStringLiteral("output"));
    if (output.isEmpty() || !output.endsWith(QStringLiteral(".xlsx"), Qt::CaseInsensitive)) {
        printErr(QStringLiteral("fleetplanner-cli workbook: -o FILE.xlsx is required (the file "
                                "name must end in .xlsx); got '%1'\n")
                     .arg(output));
        return UserError;
    }
    if (parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli workbook: PROJECT is required (a .fleetplan "
                                "or .fleetplan.json file, or :sample)\n"));
        return UserError;
    }
    // Loaded with the scenario first, so a bad one is reported as everywhere.
    const auto applied = loadProjectArgument(parser, QStringLiteral("workbook"), &exitCode);
    if (!applied)
        return exitCode;
    auto base = loadProject(parser.positionalArguments().first().toStdString());
    if (!base) {
        printErr(QStringLiteral("fleetplanner-cli workbook: %1\n")
                     .arg(QString::fromStdString(base.error().toString())));
        return UserError;
    }
    gui::PlanResults results = gui::computePlanResults(
        base.value(), parser.value(QStringLiteral("scenario")).toStdString(),
        gui::defaultTornadoKpi(base.value()));
    gui::solveOptimizerPlan(results, optimizer); // its sheet, as `solve` runs it
    std::optional<RangeRun> ranges;
    double rangeSeconds = 0;
    if (!runRangesOption(parser, QStringLiteral("workbook"), results.project, &ranges,
                         &rangeSeconds))
        return UserError;
    QString error;
    if (!gui::exportWorkbook(results, output, &error, filesRead(parser),
                             ranges ? &*ranges : nullptr)) {
        printErr(QStringLiteral("fleetplanner-cli workbook: %1\n").arg(error));
        return UserError;
    }
    printOut(QStringLiteral("Wrote the workbook of %1 (%2 scenarios) to %3\n")
                 .arg(QString::fromStdString(results.project.name))
                 .arg(results.scenarios.size())
                 .arg(output));
    return Ok;
}

} // namespace fleet::cli
