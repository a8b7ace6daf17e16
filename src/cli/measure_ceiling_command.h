#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli measure-ceiling PROJECT -o FILE [--seeds N]`: simulates
/// the knee of the project's policy and stores it as the measured ceiling of
/// the project's current inputs (the assumed ceiling stays as it is), so
/// evaluate and the app plan on it while the inputs stay the same
/// (docs/MODEL.md, "Planning on the measured knee").
int runMeasureCeilingCommand(const QStringList& args);

} // namespace fleet::cli
