#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli simulate --synthetic --gpus C --gpus-per-node G --job-gpus K
/// --mean-hours H --load RHO --jobs N --policy P --seed S [--json]`
int runSimulateCommand(const QStringList& args);

} // namespace fleet::cli
