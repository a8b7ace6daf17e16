#include "cli_support.h"

#include "store/catalog_loader.h"

#include <cstdio>

namespace fleet::cli {

void printOut(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stderr);
    std::fflush(stderr);
}

QCommandLineOption addCatalogOption(QCommandLineParser& parser)
{
    QCommandLineOption option(QStringLiteral("catalog"),
                              QStringLiteral("Merge a catalog file over the built-in one; entries "
                                             "with an existing id replace it (repeatable)."),
                              QStringLiteral("FILE"));
    parser.addOption(option);
    return option;
}

std::optional<Catalog> loadCatalogOrReport(const QStringList& userFiles, int* exitCode)
{
    std::vector<std::string> paths;
    for (const QString& file : userFiles)
        paths.push_back(file.toStdString());
    auto catalog = loadCatalog(paths);
    if (!catalog) {
        printErr(QStringLiteral("fleetplanner-cli: the catalog could not be loaded:\n") +
                 QString::fromStdString(catalog.error().toString()) + QLatin1Char('\n'));
        *exitCode = userFiles.isEmpty() ? InternalError : UserError;
        return std::nullopt;
    }
    return std::move(catalog).value();
}

bool parseCommandLine(QCommandLineParser& parser, const QStringList& args, int maxPositional)
{
    QStringList commandArgs = args;
    commandArgs.removeAt(1); // the command name; QCommandLineParser expects argv[0] first
    if (!parser.parse(commandArgs)) {
        printErr(QStringLiteral("fleetplanner-cli %1: %2\nRun 'fleetplanner-cli %1 --help' for "
                                "the options.\n")
                     .arg(args.value(1), parser.errorText()));
        return false;
    }
    if (parser.positionalArguments().size() > maxPositional) {
        printErr(QStringLiteral("fleetplanner-cli %1: unexpected argument '%2'\n")
                     .arg(args.value(1), parser.positionalArguments().value(maxPositional)));
        return false;
    }
    return true;
}

} // namespace fleet::cli
