#include "deck_command.h"

#include "charts/tornado_chart.h"
#include "cli_support.h"
#include "compute/optimizer_plan.h"
#include "compute/plan_results.h"
#include "export/deck_export.h"
#include "export_files.h"
#include "knee_seeds_option.h"
#include "optimizer_options.h"
#include "store/project_json.h"

namespace fleet::cli {

int runDeckCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write a slide deck of a project: a title slide, one 16:9 slide per chart (the chart as "
        "an image, its title as slide text, its data source in the speaker notes), KPIs by "
        "scenario and the assumptions. PowerPoint (.pptx) or a multi-page PDF (.pdf)."));
    parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("PROJECT"),
        QStringLiteral("A .fleetplan or .fleetplan.json file, or :sample."));
    parser.addOptions({
        {QStringLiteral("scenario"), QStringLiteral("Apply this scenario (id or name)."),
         QStringLiteral("NAME")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("Output file (.pptx or .pdf)."),
         QStringLiteral("FILE")},
    });
    parser.addOptions(optimizerOptions());
    parser.addOption(kneeSeedsOption(QStringLiteral("the frontier slide's knees")));
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    OptimizeOptions optimizer;
    int seeds = kDefaultKneeSeeds;
    if (!readOptimizerOptions(parser, QStringLiteral("deck"), &optimizer) ||
        !readKneeSeeds(parser, QStringLiteral("deck"), &seeds))
        return UserError;
    const QString output = parser.value(QStringLiteral("output"));
    if (!output.endsWith(QStringLiteral(".pptx"), Qt::CaseInsensitive) &&
        !output.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
        printErr(QStringLiteral("fleetplanner-cli deck: -o FILE is required and must end in "
                                ".pptx or .pdf; got '%1'\n")
                     .arg(output));
        return UserError;
    }
    if (parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli deck: PROJECT is required (a .fleetplan or "
                                ".fleetplan.json file, or :sample)\n"));
        return UserError;
    }
    // Loaded with the scenario first, so a bad one is reported as everywhere.
    if (!loadProjectArgument(parser, QStringLiteral("deck"), &exitCode))
        return exitCode;
    auto base = loadProject(parser.positionalArguments().first().toStdString());
    if (!base) {
        printErr(QStringLiteral("fleetplanner-cli deck: %1\n")
                     .arg(QString::fromStdString(base.error().toString())));
        return UserError;
    }
    gui::PlanResults results = gui::computePlanResults(
        base.value(), parser.value(QStringLiteral("scenario")).toStdString(),
        gui::defaultTornadoKpi(base.value()));
    results.frontiers = gui::computeFrontiers(results, nullptr, {}, seeds);
    gui::solveOptimizerPlan(results, optimizer); // the optimizer's slide, as `solve` runs it
    QString error;
    if (!gui::exportDeck(results, output, &error, filesRead(parser))) {
        printErr(QStringLiteral("fleetplanner-cli deck: %1\n").arg(error));
        return UserError;
    }
    printOut(QStringLiteral("Wrote the deck of %1 to %2\n")
                 .arg(QString::fromStdString(results.project.name), output));
    return Ok;
}

} // namespace fleet::cli
