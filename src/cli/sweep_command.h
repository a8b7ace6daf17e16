#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli sweep plan|run|task|collect SWEEP …`: a sweep of
/// scenarios and seeds (docs/SWEEPS.md) planned, run on local cores, as a
/// Slurm job array or a Kubernetes Indexed Job, and collected into SQLite.
int runSweepCommand(const QStringList& args);

} // namespace fleet::cli
