#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli replay --jobs FILE [--format sacct|k8s|csv] [--columns MAP]
/// [--tenant account|user] PROJECT [--policy P] [--json]`: what a real
/// cluster's job log shows (GPU-hours, utilization, waits, per tenant), and
/// the log replayed in the simulator on PROJECT's fleet, as logged and with
/// its arrival rate scaled (docs/MODEL.md, "Replaying a job log").
int runReplayCommand(const QStringList& args);

} // namespace fleet::cli
