#pragma once

// The optimizer's --objective and --time-limit, as `solve` takes them; the
// commands that draw the optimizer's plan (chart, deck, workbook) take the
// same options with the same meaning and checks.

#include "optimize/regime_mix.h"

#include <QCommandLineOption>
#include <QList>

class QCommandLineParser;

namespace fleet::cli {

/// --time-limit S (default 10) and --objective O (cost, the default, or margin).
QList<QCommandLineOption> optimizerOptions();

/// Reads them into `options`; prints "fleetplanner-cli COMMAND: --NAME must be
/// …; got '…'" and returns false when one is wrong.
bool readOptimizerOptions(const QCommandLineParser& parser, const QString& command,
                          OptimizeOptions* options);

} // namespace fleet::cli
