#pragma once

#include <QStringList>

namespace fleet {
struct Project;
}

namespace fleet::cli {

/// `new -o FILE` [--name, --horizon-months, --start-month, --price-book,
/// --fleet-mode]: writes an empty project; `new --sample -o FILE` the bundled
/// sample; `new --template ID -o FILE` a template; `new --list-templates`.
int runNewCommand(const QStringList& args);
/// `import FILE.json -o FILE.fleetplan`
int runImportCommand(const QStringList& args);
/// `export FILE.fleetplan -o FILE.json`
int runExportCommand(const QStringList& args);
/// `validate FILE`: either form; exit 0 when it opens cleanly.
int runValidateCommand(const QStringList& args);

/// Writes `project` to `output` in the form its name asks for (.fleetplan:
/// SQLite; .fleetplan.json: canonical JSON), atomically; says what it did on
/// stdout, or on stderr when stdout carries a JSON document (`jsonOnStdout`),
/// so that `solve --json --apply` prints JSON a parser can read whole.
int writeProject(const QString& command, const Project& project, const QString& output,
                 bool jsonOnStdout = false);

} // namespace fleet::cli
