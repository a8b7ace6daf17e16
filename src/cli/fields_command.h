#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli fields [--json]`: every input field of each workload kind
/// (key, type, range, default, unit and help), from the field tables.
int runFieldsCommand(const QStringList& args);

} // namespace fleet::cli
