#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli training --gpu ID --params N --tokens D [--gpus G] [--mfu M]
/// [--precision bf16|fp8] [--recompute] [--plan PLAN] [--price-book ID] [--json]`
int runTrainingCommand(const QStringList& args);

} // namespace fleet::cli
