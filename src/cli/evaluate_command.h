#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli evaluate PROJECT [--scenario NAME] [--json]`: KPIs, and
/// per workload its options with GPU-hours and cost. PROJECT ":sample" is the
/// bundled sample project.
int runEvaluateCommand(const QStringList& args);

} // namespace fleet::cli
