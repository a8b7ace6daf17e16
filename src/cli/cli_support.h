#pragma once

// What every fleetplanner-cli command shares: exit codes, output streams and
// the --catalog option.

#include "model/catalog.h"
#include "util/result.h"

#include <QCommandLineParser>
#include <QStringList>

#include <optional>

namespace fleet::cli {

/// 0 success; 1 a user error (bad arguments or input files), with a message on
/// stderr; 2 an internal error (the built-in data itself is broken).
enum ExitCode
{
    Ok = 0,
    UserError = 1,
    InternalError = 2
};

void printOut(const QString& text);
void printErr(const QString& text);

/// Adds the repeatable --catalog FILE option.
QCommandLineOption addCatalogOption(QCommandLineParser& parser);

/// Loads the built-in catalog merged with the --catalog files; on failure
/// prints the problems and sets `exitCode`.
std::optional<Catalog> loadCatalogOrReport(const QStringList& userFiles, int* exitCode);

/// Parses a subcommand's arguments (args[0] is the program, args[1] the command).
/// Prints the error and returns false on unknown options or stray arguments.
bool parseCommandLine(QCommandLineParser& parser, const QStringList& args, int maxPositional);

} // namespace fleet::cli
