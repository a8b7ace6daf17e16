#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli simulate-service PROJECT WORKLOAD [--hours H] [--seed S]
/// [--json]`: the service's first month as the engine sized it, its requests
/// simulated one by one on its dedicated and preemptible overflow replicas:
/// the achieved preemption rate and the SLA (TTFT) against the engine's
/// figures (docs/MODEL.md, "Simulating a service").
int runServiceSimCommand(const QStringList& args);

} // namespace fleet::cli
