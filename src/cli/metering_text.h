#pragma once

// The per-tenant metering as `replay` and `simulate` print it, its options
// (--chargeback, --sla-wait-hours) and its CSV file (--csv): one text and one
// set of options for both commands. docs/MODEL.md, "Per-tenant metering".

#include "joblog/tenant_metering.h"

#include <QCommandLineParser>
#include <QString>

namespace fleet::cli {

QString percentText(double fraction); ///< "12.3 %"
QString hoursText(double h);          ///< "1.25 h", "12.5 h"

/// The metering section of a command's text output, or why there is none.
QString meteringText(const Result<joblog::Metering>& result,
                     const QString& where = QStringLiteral("the project's fleet"));

/// Reads --chargeback and --sla-wait-hours into `options` and sets its idle
/// power; the problem (naming the option and the rule), or "".
QString readMeteringOptions(const QCommandLineParser& parser, joblog::MeteringOptions* options);

/// Writes the metering's CSV (joblog::meteringCsv) to --csv's path, never over a
/// file the command reads nor through a link (writeExport); the problem, or "".
QString writeMeteringCsv(const joblog::Metering& metering, const QCommandLineParser& parser);

} // namespace fleet::cli
