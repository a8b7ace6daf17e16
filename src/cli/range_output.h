#pragma once

// `evaluate`'s ranges: the options --draws and --seed, the Monte Carlo over
// the project's input ranges (engine/monte_carlo.h), and its P10 / P50 / P90
// beside each KPI in text and JSON.

#include "engine/monte_carlo.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>

#include <boost/json/object.hpp>

#include <optional>

namespace fleet::cli {

QList<QCommandLineOption> rangeOptions();

/// The Monte Carlo of `project`'s ranges as --draws and --seed ask (nullopt
/// when it has none); false (printed) when an option or the run fails.
bool runRangesOption(const QCommandLineParser& parser, const QString& command,
                     const Project& project, std::optional<RangeRun>* run, double* seconds);

/// "  P10 $1.2 M · P50 $1.3 M · P90 $1.5 M" for a KPI's line; empty without a run.
QString rangeSuffix(const std::optional<RangeRun>& run, Kpi kpi);
/// The run's draws, seed, threads and time, and each KPI's largest variance shares.
QString rangeSummaryText(const RangeRun& run, const Project& project, double seconds);
boost::json::object rangeRunJson(const RangeRun& run, const Project& project, double seconds);

} // namespace fleet::cli
