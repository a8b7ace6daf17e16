#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli pack --nodes FILE --pods FILE [--policy P] [--load L]
/// [--seeds 42-51] [--json]`: replays a pod list on a node list under packing
/// policies (docs/MODEL.md, "Packing and fragmentation").
int runPackCommand(const QStringList& args);

} // namespace fleet::cli
