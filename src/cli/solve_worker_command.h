#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli solve-worker [--write-mps FILE]` (internal, started by the
/// app): one solve request on stdin, one reply on stdout (optimize/solve_request.h).
int runSolveWorkerCommand(const QStringList& args);

} // namespace fleet::cli
