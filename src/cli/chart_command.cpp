#include "chart_command.h"

#include "charts/chart_export.h"
#include "charts/chart_kinds.h"
#include "charts/compute_price_chart.h"
#include "charts/cost_curve_chart.h"
#include "charts/tornado_chart.h"
#include "cli_support.h"
#include "compute/optimizer_plan.h"
#include "export/export_all.h"
#include "export_files.h"
#include "knee_seeds_option.h"
#include "optimizer_options.h"
#include "store/project_json.h"

#include <QChart>
#include <QFileInfo>

#include <memory>

namespace fleet::cli {

namespace {

const QString kChartCommand = QStringLiteral("chart");

/// Reads an integer option in [min, max]; names the option and the rule when it is not.
std::optional<int> intOption(const QCommandLineParser& parser, const QString& name, int fallback,
                             int min, int max)
{
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < min || value > max) {
        printErr(
            QStringLiteral("fleetplanner-cli chart: --%1 must be a whole number from %2 to %3; "
                           "got '%4'\n")
                .arg(name)
                .arg(min)
                .arg(max)
                .arg(parser.value(name)));
        return std::nullopt;
    }
    return value;
}

QString kindList()
{
    QStringList keys;
    for (gui::ChartKind kind : gui::allChartKinds())
        keys << gui::chartKindKey(kind);
    return keys.join(QStringLiteral(", "));
}

/// The compute-price chart of a price book of the catalog alone (no project).
std::unique_ptr<QChart> catalogChart(const QCommandLineParser& parser,
                                     const QCommandLineOption& catalogOption, QString* footer,
                                     int* exitCode)
{
    const auto catalog = loadCatalogOrReport(parser.values(catalogOption), exitCode);
    if (!catalog)
        return nullptr;
    *exitCode = UserError;
    if (catalog->priceBooks.empty()) {
        printErr(QStringLiteral("fleetplanner-cli chart: the catalog has no price book\n"));
        return nullptr;
    }
    const PriceBook* book = &catalog->priceBooks.front();
    if (parser.isSet(QStringLiteral("price-book"))) {
        book = catalog->priceBook(parser.value(QStringLiteral("price-book")).toStdString());
        if (!book) {
            QStringList ids;
            for (const PriceBook& known : catalog->priceBooks)
                ids << QString::fromStdString(known.id);
            printErr(
                QStringLiteral("fleetplanner-cli chart: --price-book '%1' is not in the catalog; "
                               "known: %2\n")
                    .arg(parser.value(QStringLiteral("price-book")), ids.join(", ")));
            return nullptr;
        }
    }
    *footer = QObject::tr("Price book %1 (as of %2) · FleetPlanner")
                  .arg(QString::fromStdString(book->name), QString::fromStdString(book->asOf));
    *exitCode = Ok;
    return std::unique_ptr<QChart>(
        gui::createComputePriceChart(*book, computePriceTable(*catalog, *book)));
}

/// Sets the results' fans over the input ranges (seeded as the app's; the
/// footer says so, chartFooter); false (the reason in `note`) when the
/// ranges cannot be drawn.
bool addChartBands(gui::PlanResults& results, QString* note)
{
    auto bands = chartBands(results.project);
    if (!bands) {
        *note = QString::fromStdString(bands.error().toString());
        return false;
    }
    results.bands = std::make_shared<const ChartBands>(std::move(bands).value());
    results.bandsCurrent = true;
    return true;
}

/// A chart of a project: its results computed by the same functions as the app's.
std::unique_ptr<QChart> projectChart(const QCommandLineParser& parser, gui::ChartKind kind,
                                     const OptimizeOptions& optimizer, int seeds, QString* footer,
                                     int* exitCode)
{
    // Loaded with the scenario first, so a bad one is reported as everywhere.
    if (!loadProjectArgument(parser, kChartCommand, exitCode))
        return nullptr;
    auto base = loadProject(parser.positionalArguments().first().toStdString());
    if (!base) {
        *exitCode = UserError;
        printErr(QStringLiteral("fleetplanner-cli chart: %1\n")
                     .arg(QString::fromStdString(base.error().toString())));
        return nullptr;
    }
    Project project = std::move(base).value();
    if (parser.isSet(QStringLiteral("price-book"))) {
        const std::string id = parser.value(QStringLiteral("price-book")).toStdString();
        if (!project.catalog().priceBook(id)) {
            *exitCode = UserError;
            printErr(QStringLiteral("fleetplanner-cli chart: --price-book '%1' is not in the "
                                    "project's catalog\n")
                         .arg(QString::fromStdString(id)));
            return nullptr;
        }
        project.activePriceBookId = id;
    }
    Kpi kpi = gui::defaultTornadoKpi(project);
    if (parser.isSet(QStringLiteral("kpi"))) {
        const auto named = kpiFromKey(parser.value(QStringLiteral("kpi")).toStdString());
        if (!named) {
            *exitCode = UserError;
            printErr(QStringLiteral("fleetplanner-cli chart: --kpi must be mean_monthly_cost_usd, "
                                    "cost_per_trillion_training_tokens_usd, "
                                    "cost_per_million_output_tokens_usd, "
                                    "cost_per_notebook_user_month_usd, utilization or "
                                    "savings_usd; got '%1'\n")
                         .arg(parser.value(QStringLiteral("kpi"))));
            return nullptr;
        }
        kpi = *named;
    }
    gui::PlanResults results = gui::computePlanResults(
        project, parser.value(QStringLiteral("scenario")).toStdString(), kpi);
    if (gui::needsFrontiers(kind))
        results.frontiers = gui::computeFrontiers(results, nullptr, {}, seeds);
    if (gui::needsOptimizer(kind))
        gui::solveOptimizerPlan(results, optimizer); // as `solve` runs it
    if (kind == gui::ChartKind::Packing) {
        if (!parser.isSet(QStringLiteral("nodes")) || !parser.isSet(QStringLiteral("pods"))) {
            *exitCode = UserError;
            printErr(QStringLiteral("fleetplanner-cli chart: --kind packing needs --nodes FILE "
                                    "and --pods FILE\n"));
            return nullptr;
        }
        auto nodes = pack::loadNodes(parser.value(QStringLiteral("nodes")).toStdString());
        auto pods = pack::loadPods(parser.value(QStringLiteral("pods")).toStdString());
        for (const auto* problem :
             {nodes ? nullptr : &nodes.error(), pods ? nullptr : &pods.error()})
            if (problem) {
                *exitCode = UserError;
                printErr(QStringLiteral("fleetplanner-cli chart: %1\n")
                             .arg(QString::fromStdString(problem->toString())));
                return nullptr;
            }
        const QString source =
            QStringLiteral("%1 on %2")
                .arg(QFileInfo(parser.value(QStringLiteral("pods"))).fileName(),
                     QFileInfo(parser.value(QStringLiteral("nodes"))).fileName());
        auto report =
            gui::replayPolicies(nodes.value(), pods.value(), pack::allPolicies(), 3, 1.3, source);
        if (!report.refusal.isEmpty()) {
            *exitCode = UserError;
            printErr(QStringLiteral("fleetplanner-cli chart: %1\n").arg(report.refusal));
            return nullptr;
        }
        results.packing = std::make_shared<const gui::PackingReport>(std::move(report));
    }
    *footer = gui::chartFooter(results, kind);
    if (gui::needsOptimizer(kind) && optimizer.objective == Objective::Margin)
        *footer += QObject::tr(" · the optimizer's plan for the most margin");
    *exitCode = Ok;
    const bool fanned = kind == gui::ChartKind::CostCurve || kind == gui::ChartKind::CostPerToken ||
                        kind == gui::ChartKind::CostPerTrainingToken;
    if (fanned && !results.project.ranges.empty()) {
        // The fans over the input ranges, as the app draws them (engine/range_curve.h).
        QString note;
        if (!addChartBands(results, &note)) {
            *exitCode = UserError;
            printErr(QStringLiteral("fleetplanner-cli chart: %1\n").arg(note));
            return nullptr;
        }
        *footer = gui::chartFooter(results, kind);
    }
    return std::unique_ptr<QChart>(gui::createChart(kind, results));
}

/// `chart PROJECT --all -o FOLDER`: every chart the project has data for.
int exportAll(const QCommandLineParser& parser, const OptimizeOptions& optimizer, int seeds)
{
    const QString folder = parser.value(QStringLiteral("output"));
    if (folder.isEmpty() || parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli chart: --all needs PROJECT and -o FOLDER\n"));
        return UserError;
    }
    int exitCode = Ok;
    if (!loadProjectArgument(parser, kChartCommand, &exitCode))
        return exitCode;
    auto base = loadProject(parser.positionalArguments().first().toStdString());
    if (!base) {
        printErr(QStringLiteral("fleetplanner-cli chart: %1\n")
                     .arg(QString::fromStdString(base.error().toString())));
        return UserError;
    }
    gui::PlanResults results = gui::computePlanResults(
        base.value(), parser.value(QStringLiteral("scenario")).toStdString(),
        gui::defaultTornadoKpi(base.value()));
    results.frontiers = gui::computeFrontiers(results, nullptr, {}, seeds);
    gui::solveOptimizerPlan(results, optimizer);
    if (!results.project.ranges.empty()) {
        QString note;
        if (!addChartBands(results, &note)) {
            printErr(QStringLiteral("fleetplanner-cli chart: %1\n").arg(note));
            return UserError;
        }
    }
    QStringList written;
    QString error;
    if (!gui::exportAllCharts(results, folder, &written, &error, filesRead(parser))) {
        printErr(QStringLiteral("fleetplanner-cli chart: %1\n").arg(error));
        return UserError;
    }
    printOut(QStringLiteral("Wrote %1 files to %2\n").arg(written.size()).arg(folder));
    return Ok;
}

} // namespace

int runChartCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Render a chart of a project (or, for compute-price, of the catalog) to a PNG, SVG or "
        "PDF file, headless — the same chart the app shows."));
    parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("PROJECT"),
        QStringLiteral("A .fleetplan or .fleetplan.json file, or :sample (optional for "
                       "compute-price)."));
    parser.addOptions({
        {QStringLiteral("kind"), QStringLiteral("Chart kind: %1.").arg(kindList()),
         QStringLiteral("KIND")},
        {QStringLiteral("scenario"), QStringLiteral("Apply this scenario (id or name)."),
         QStringLiteral("NAME")},
        {QStringLiteral("kpi"),
         QStringLiteral("Tornado: the KPI (default: one that moves in the fleet's mode — "
                        "mean_monthly_cost_usd for a sized fleet, the cost per unit of work "
                        "for a fixed one)."),
         QStringLiteral("KEY")},
        {QStringLiteral("price-book"),
         QStringLiteral("Price book id (default: the project's, or the catalog's first)."),
         QStringLiteral("ID")},
        {QStringLiteral("format"), QStringLiteral("png, svg or pdf (default: from the file name)."),
         QStringLiteral("FORMAT")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("Output file."),
         QStringLiteral("FILE")},
        {QStringLiteral("width"), QStringLiteral("Width in points (default 1280)."),
         QStringLiteral("W")},
        {QStringLiteral("height"), QStringLiteral("Height in points (default 720)."),
         QStringLiteral("H")},
        {QStringLiteral("scale"), QStringLiteral("PNG pixels per point, 1 or 2 (default 1)."),
         QStringLiteral("S")},
        {QStringLiteral("nodes"), QStringLiteral("--kind packing: the node list (CSV)."),
         QStringLiteral("FILE")},
        {QStringLiteral("pods"), QStringLiteral("--kind packing: the pod list (CSV)."),
         QStringLiteral("FILE")},
        {QStringLiteral("slide"),
         QStringLiteral("Slide preset: light theme, large type, for 16:9 decks.")},
        {QStringLiteral("all"),
         QStringLiteral("Every chart of the project (PNG at 2×, SVG, PDF; slide preset) into the "
                        "folder -o names, as KIND-SCENARIO.png and so on.")},
    });
    parser.addOptions(optimizerOptions());
    parser.addOption(kneeSeedsOption(QStringLiteral("the frontier's knees")));
    const QCommandLineOption catalogOption = addCatalogOption(parser);
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    OptimizeOptions optimizer;
    int seeds = kDefaultKneeSeeds;
    if (!readOptimizerOptions(parser, kChartCommand, &optimizer) ||
        !readKneeSeeds(parser, kChartCommand, &seeds))
        return UserError;

    if (parser.isSet(QStringLiteral("all")))
        return exportAll(parser, optimizer, seeds);
    const auto kind = gui::chartKindFromKey(parser.value(QStringLiteral("kind")));
    if (!kind) {
        printErr(QStringLiteral("fleetplanner-cli chart: --kind must be one of: %1; got '%2'\n")
                     .arg(kindList(), parser.value(QStringLiteral("kind"))));
        return UserError;
    }
    const QString output = parser.value(QStringLiteral("output"));
    if (output.isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli chart: -o FILE is required\n"));
        return UserError;
    }
    gui::ChartFormat format;
    const QString formatName =
        parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : output;
    if (!gui::chartFormatFromName(formatName, &format)) {
        printErr(QStringLiteral("fleetplanner-cli chart: --format must be png, svg or pdf (or "
                                "the output file must end in .png, .svg or .pdf); got '%1'\n")
                     .arg(formatName));
        return UserError;
    }
    const auto width = intOption(parser, QStringLiteral("width"), 1280, 200, 8000);
    const auto height = intOption(parser, QStringLiteral("height"), 720, 150, 8000);
    const auto scale = intOption(parser, QStringLiteral("scale"), 1, 1, 2);
    if (!width || !height || !scale)
        return UserError;
    const bool withProject = !parser.positionalArguments().isEmpty();
    if (!withProject && *kind != gui::ChartKind::ComputePrice) {
        printErr(QStringLiteral("fleetplanner-cli chart: PROJECT is required for --kind %1 (a "
                                ".fleetplan or .fleetplan.json file, or :sample)\n")
                     .arg(gui::chartKindKey(*kind)));
        return UserError;
    }

    QString footer;
    std::unique_ptr<QChart> chart =
        withProject ? projectChart(parser, *kind, optimizer, seeds, &footer, &exitCode)
                    : catalogChart(parser, catalogOption, &footer, &exitCode);
    if (!chart)
        return exitCode;
    gui::ExportOptions options;
    options.size = QSize(*width, *height);
    options.scale = *scale;
    options.slide = parser.isSet(QStringLiteral("slide"));
    options.footer = footer;
    QString error;
    if (!gui::exportChart(chart.get(), output, format, options, &error, filesRead(parser))) {
        printErr(QStringLiteral("fleetplanner-cli chart: %1\n").arg(error));
        return UserError;
    }
    printOut(QStringLiteral("Wrote the %1 chart (%2, %3 × %4 points) to %5\n  %6\n")
                 .arg(gui::chartKindKey(*kind), gui::chartFormatName(format))
                 .arg(*width)
                 .arg(*height)
                 .arg(output, footer));
    return Ok;
}

} // namespace fleet::cli
