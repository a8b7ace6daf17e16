#pragma once

// Export files of the CLI's commands (issue 33, item 1 in part): written
// through io/export_target, so that no export overwrites a file the
// command reads, none writes through a planted symbolic link, and each is
// whole or not at all.

#include <QCommandLineParser>
#include <QString>

#include <string>
#include <vector>

namespace fleet::cli {

/// The files a command reads: its positional arguments (the project) and
/// the values of --jobs, --nodes, --pods and --catalog that were given.
std::vector<std::string> filesRead(const QCommandLineParser& parser);

/// Writes `contents` to `path`, the value of `option` ("--tenants-csv"):
/// refused over any of filesRead(parser) or through a symbolic link. The
/// problem ("--csv: cannot write PATH: why"), or "".
QString writeExport(const QCommandLineParser& parser, const QString& option, const QString& path,
                    const std::string& contents);

} // namespace fleet::cli
