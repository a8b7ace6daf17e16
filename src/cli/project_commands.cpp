#include "project_commands.h"

#include "cli_support.h"
#include "io/export_target.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_salvage.h"
#include "store/project_sqlite.h"
#include "store/project_templates.h"

namespace fleet::cli {

namespace {

enum class Form
{
    Sqlite,
    Json
};

/// The form a file name asks for: ".json" → JSON, ".fleetplan" → SQLite.
std::optional<Form> formOf(const QString& path)
{
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return Form::Json;
    if (path.endsWith(QLatin1String(".fleetplan"), Qt::CaseInsensitive))
        return Form::Sqlite;
    return std::nullopt;
}

/// Parses `args` with one positional INPUT (when `needsInput`) and -o FILE.
/// False means "exit now with *exitCode" (after --help, or a problem).
bool parseInOut(QCommandLineParser& parser, const QStringList& args, const QString& description,
                bool needsInput, QString* input, QString* output, int* exitCode)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("Output file."),
                      QStringLiteral("FILE")});
    if (!parseOrExit(parser, args, needsInput ? 1 : 0, exitCode))
        return false;
    *exitCode = UserError;
    *output = parser.value(QStringLiteral("output"));
    if (needsInput) {
        if (parser.positionalArguments().isEmpty()) {
            printErr(QStringLiteral("fleetplanner-cli %1: the input file is required\n")
                         .arg(args.value(1)));
            return false;
        }
        *input = parser.positionalArguments().first();
    }
    if (output->isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli %1: -o FILE is required\n").arg(args.value(1)));
        return false;
    }
    *exitCode = Ok;
    return true;
}

int convert(const QStringList& args, const QString& description, bool offerSalvage = false)
{
    QCommandLineParser parser;
    const QCommandLineOption salvageOption(
        QStringLiteral("salvage"),
        QStringLiteral("The input is a damaged .fleetplan: write what can still be read and "
                       "validated, and list what was lost."));
    if (offerSalvage)
        parser.addOption(salvageOption);
    QString input, output;
    int exitCode = Ok;
    if (!parseInOut(parser, args, description, true, &input, &output, &exitCode))
        return exitCode;
    if (offerSalvage && parser.isSet(salvageOption)) {
        auto salvaged = salvageProjectFile(input.toStdString());
        if (!salvaged) {
            printErr(QStringLiteral("fleetplanner-cli %1: %2\n")
                         .arg(args.value(1), QString::fromStdString(salvaged.error().toString())));
            return UserError;
        }
        printErr(QStringLiteral("fleetplanner-cli %1: salvaged %2; lost %3:\n")
                     .arg(args.value(1), input)
                     .arg(salvaged.value().lost.size()));
        for (const std::string& line : salvaged.value().lost)
            printErr(QStringLiteral("  %1\n").arg(QString::fromStdString(line)));
        return writeProject(args.value(1), salvaged.value().project, output);
    }
    auto project = loadProject(input.toStdString());
    if (!project) {
        printErr(
            QStringLiteral("fleetplanner-cli %1: %2 could not be read:\n%3\n")
                .arg(args.value(1), input, QString::fromStdString(project.error().toString())));
        return UserError;
    }
    return writeProject(args.value(1), project.value(), output);
}

} // namespace

int writeProject(const QString& command, const Project& project, const QString& output,
                 bool jsonOnStdout)
{
    const auto form = formOf(output);
    if (!form) {
        printErr(QStringLiteral(
                     "fleetplanner-cli %1: -o %2: the file name must end in .fleetplan (SQLite) or "
                     ".fleetplan.json (JSON)\n")
                     .arg(command, output));
        return UserError;
    }
    const auto written = *form == Form::Json
                             ? writeExportFile(output.toStdString(), projectToJsonText(project))
                             : saveProjectFile(project, output.toStdString());
    if (!written) {
        printErr(QStringLiteral("fleetplanner-cli %1: %2\n")
                     .arg(command, QString::fromStdString(written.error().toString())));
        return UserError;
    }
    const QString said = QStringLiteral("Wrote %1 (%2 workloads, %3 scenarios) to %4\n")
                             .arg(QString::fromStdString(project.name))
                             .arg(project.workloads.size())
                             .arg(project.scenarios.size())
                             .arg(output);
    if (jsonOnStdout)
        printErr(said);
    else
        printOut(said);
    return Ok;
}

namespace {

/// The `new` option that sets the project field at `path` (an emptyProject issue's path).
QString optionOfField(const std::string& path)
{
    if (path == "/name")
        return QStringLiteral("--name");
    if (path == "/horizon/months")
        return QStringLiteral("--horizon-months");
    if (path == "/horizon/start_month")
        return QStringLiteral("--start-month");
    if (path == "/active_price_book")
        return QStringLiteral("--price-book");
    return QStringLiteral("new");
}

int listTemplates()
{
    for (const ProjectTemplate& entry : projectTemplates())
        printOut(QStringLiteral("%1\t%2: %3\n")
                     .arg(QString::fromStdString(entry.id), QString::fromStdString(entry.title),
                          QString::fromStdString(entry.description)));
    return Ok;
}

/// The empty project's settings from the options; prints the first bad one
/// and returns nullopt.
std::optional<NewProjectSettings> settingsFrom(const QCommandLineParser& parser)
{
    NewProjectSettings settings;
    if (parser.isSet(QStringLiteral("name")))
        settings.name = parser.value(QStringLiteral("name")).toStdString();
    if (parser.isSet(QStringLiteral("horizon-months"))) {
        const QString text = parser.value(QStringLiteral("horizon-months"));
        bool ok = false;
        const int months = text.toInt(&ok);
        if (!ok || months < kMinHorizonMonths || months > kMaxHorizonMonths) {
            printErr(QStringLiteral("fleetplanner-cli new: --horizon-months must be a whole number "
                                    "of months from %1 to %2; got '%3'\n")
                         .arg(kMinHorizonMonths)
                         .arg(kMaxHorizonMonths)
                         .arg(text));
            return std::nullopt;
        }
        settings.horizonMonths = months;
    }
    if (parser.isSet(QStringLiteral("start-month")))
        settings.startMonth = parser.value(QStringLiteral("start-month")).toStdString();
    if (parser.isSet(QStringLiteral("price-book")))
        settings.priceBookId = parser.value(QStringLiteral("price-book")).toStdString();
    if (parser.isSet(QStringLiteral("fleet-mode"))) {
        const QString mode = parser.value(QStringLiteral("fleet-mode"));
        if (mode == QLatin1String("fixed")) {
            settings.mode = FleetMode::Fixed;
        } else if (mode == QLatin1String("size")) {
            settings.mode = FleetMode::Size;
        } else {
            printErr(QStringLiteral("fleetplanner-cli new: --fleet-mode must be fixed (the fleet "
                                    "is given) or size (FleetPlanner sizes it); got '%1'\n")
                         .arg(mode));
            return std::nullopt;
        }
    }
    return settings;
}

} // namespace

int runNewCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Create a project file: an empty project (the default), the bundled sample (--sample) "
        "or a template (--template ID; --list-templates lists them)."));
    parser.addHelpOption();
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("Output file (.fleetplan or .fleetplan.json)."),
                      QStringLiteral("FILE")});
    parser.addOption(
        {QStringLiteral("sample"), QStringLiteral("Start from the bundled sample project.")});
    parser.addOption({QStringLiteral("template"),
                      QStringLiteral("Start from the built-in template ID."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("list-templates"),
                      QStringLiteral("List the built-in templates and exit.")});
    // The settings of an empty project (refused with --sample or --template).
    parser.addOption({QStringLiteral("name"),
                      QStringLiteral("Empty project: its name (default \"Untitled fleet\")."),
                      QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("horizon-months"),
                      QStringLiteral("Empty project: months planned, %1 to %2 (default 12).")
                          .arg(kMinHorizonMonths)
                          .arg(kMaxHorizonMonths),
                      QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("start-month"),
         QStringLiteral("Empty project: its first month, YYYY-MM (default: next month)."),
         QStringLiteral("YYYY-MM")});
    parser.addOption(
        {QStringLiteral("price-book"),
         QStringLiteral("Empty project: its built-in price book (default market-2026)."),
         QStringLiteral("ID")});
    parser.addOption({QStringLiteral("fleet-mode"),
                      QStringLiteral("Empty project: fixed (the fleet is given) or size "
                                     "(FleetPlanner sizes it); default fixed."),
                      QStringLiteral("fixed|size")});
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 0, &exitCode))
        return exitCode;
    if (parser.isSet(QStringLiteral("list-templates")))
        return listTemplates();

    const bool sample = parser.isSet(QStringLiteral("sample"));
    const bool fromTemplate = parser.isSet(QStringLiteral("template"));
    if (sample && fromTemplate) {
        printErr(QStringLiteral(
            "fleetplanner-cli new: --sample and --template exclude each other: choose one\n"));
        return UserError;
    }
    if (sample || fromTemplate) {
        for (const char* option :
             {"name", "horizon-months", "start-month", "price-book", "fleet-mode"})
            if (parser.isSet(QString::fromLatin1(option))) {
                printErr(QStringLiteral("fleetplanner-cli new: --%1 applies to an empty project; "
                                        "it cannot be combined with %2\n")
                             .arg(QString::fromLatin1(option), sample
                                                                   ? QStringLiteral("--sample")
                                                                   : QStringLiteral("--template")));
                return UserError;
            }
    }
    const QString output = parser.value(QStringLiteral("output"));
    if (output.isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli new: -o FILE is required\n"));
        return UserError;
    }

    std::optional<Result<Project>> project;
    if (sample) {
        project = loadSampleProject();
    } else if (fromTemplate) {
        project = loadTemplate(parser.value(QStringLiteral("template")).toStdString());
        if (!project->ok()) {
            printErr(QStringLiteral("fleetplanner-cli new: --template: %1\n")
                         .arg(QString::fromStdString(project->error().messages())));
            return UserError;
        }
    } else {
        const auto settings = settingsFrom(parser);
        if (!settings)
            return UserError;
        project = emptyProject(*settings);
        if (!project->ok()) {
            for (const Issue& issue : project->error().issues)
                printErr(
                    QStringLiteral("fleetplanner-cli new: %1: %2\n")
                        .arg(optionOfField(issue.path), QString::fromStdString(issue.message)));
            return UserError;
        }
    }
    if (!project->ok()) {
        printErr(QString::fromStdString(project->error().toString()) + QLatin1Char('\n'));
        return InternalError;
    }
    return writeProject(QStringLiteral("new"), project->value(), output);
}

int runImportCommand(const QStringList& args)
{
    return convert(
        args, QStringLiteral("Read a project (normally .fleetplan.json) and write it as -o FILE."));
}

int runExportCommand(const QStringList& args)
{
    return convert(
        args,
        QStringLiteral("Read a project (normally .fleetplan) and write it as -o FILE, in canonical "
                       "JSON when FILE ends in .json."),
        true);
}

int runValidateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Check that a project file (.fleetplan or .fleetplan.json) opens "
                       "cleanly; list every problem otherwise."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The project file."));
    int parseExit = Ok;
    if (!parseOrExit(parser, args, 1, &parseExit))
        return parseExit;
    if (parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli validate: FILE is required\n"));
        return UserError;
    }
    const QString path = parser.positionalArguments().first();
    auto project = loadProject(path.toStdString());
    if (!project) {
        printErr(QStringLiteral("%1\n").arg(QString::fromStdString(project.error().toString())));
        return UserError;
    }
    printOut(QStringLiteral("%1: valid project \"%2\" (%3 segments, %4 workloads, %5 scenarios)\n")
                 .arg(path, QString::fromStdString(project.value().name))
                 .arg(project.value().segments.size())
                 .arg(project.value().workloads.size())
                 .arg(project.value().scenarios.size()));
    return Ok;
}

} // namespace fleet::cli
