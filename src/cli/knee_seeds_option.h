#pragma once

// --seeds N, of every command that simulates a project's frontier (simulate,
// chart, deck): how many seeds its knee is the median of
// (simulate/project_knee.h), kDefaultKneeSeeds unless given.

#include <QCommandLineOption>
#include <QCommandLineParser>

namespace fleet::cli {

/// The option, described as `what` ("the frontier chart's knee", …).
QCommandLineOption kneeSeedsOption(const QString& what);

/// --seeds as a whole number from 1 to 50 (kDefaultKneeSeeds when not set);
/// prints "fleetplanner-cli COMMAND: --seeds must be …" and returns false when
/// it is not.
bool readKneeSeeds(const QCommandLineParser& parser, const QString& command, int* seeds);

} // namespace fleet::cli
