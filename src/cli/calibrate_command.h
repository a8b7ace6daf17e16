#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli calibrate [--family ID] [--json] [--catalog FILE]...`: the
/// engine on every public reference of data/perf/references.json, beside the
/// published figure, with the ratio and the family's tolerance.
int runCalibrateCommand(const QStringList& args);

} // namespace fleet::cli
