#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli solve PROJECT [--scenario NAME] [--time-limit S] [--gap G]
/// [--objective cost|margin] [--mps FILE] [--json]`
int runSolveCommand(const QStringList& args);

} // namespace fleet::cli
