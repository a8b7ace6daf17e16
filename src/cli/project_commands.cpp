#include "project_commands.h"

#include "cli_support.h"
#include "store/atomic_file.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_salvage.h"
#include "store/project_sqlite.h"

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

int writeProject(const QString& command, const Project& project, const QString& output)
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
                             ? writeFileAtomically(output.toStdString(), projectToJsonText(project))
                             : saveProjectFile(project, output.toStdString());
    if (!written) {
        printErr(QStringLiteral("fleetplanner-cli %1: %2\n")
                     .arg(command, QString::fromStdString(written.error().toString())));
        return UserError;
    }
    printOut(QStringLiteral("Wrote %1 (%2 workloads, %3 scenarios) to %4\n")
                 .arg(QString::fromStdString(project.name))
                 .arg(project.workloads.size())
                 .arg(project.scenarios.size())
                 .arg(output));
    return Ok;
}

int runNewCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("sample"),
                      QStringLiteral("Start from the bundled sample project (required).")});
    QString input, output;
    int exitCode = Ok;
    if (!parseInOut(parser, args, QStringLiteral("Create a project file."), false, &input, &output,
                    &exitCode))
        return exitCode;
    if (!parser.isSet(QStringLiteral("sample"))) {
        printErr(QStringLiteral(
            "fleetplanner-cli new: --sample is required (new projects start from the sample)\n"));
        return UserError;
    }
    auto project = loadSampleProject();
    if (!project) {
        printErr(QString::fromStdString(project.error().toString()) + QLatin1Char('\n'));
        return InternalError;
    }
    return writeProject(QStringLiteral("new"), project.value(), output);
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
