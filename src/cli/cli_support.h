#pragma once

// What every fleetplanner-cli command shares: exit codes, output streams and
// the --catalog option.

#include "model/project.h"
#include "util/result.h"

#include <QCommandLineParser>
#include <QStringList>

#include <boost/json/fwd.hpp>

#include <optional>

namespace fleet::cli {

/// 0 success; 1 a user error (bad arguments or input files), with a message on
/// stderr; 2 an internal error (the built-in data itself is broken).
enum ExitCode
{
    Ok = 0,
    UserError = 1,
    InternalError = 2
};

void printOut(const QString& text);
void printErr(const QString& text);

/// Adds the repeatable --catalog FILE option.
QCommandLineOption addCatalogOption(QCommandLineParser& parser);

/// Loads the built-in catalog merged with the --catalog files; on failure
/// prints the problems and sets `exitCode`.
std::optional<Catalog> loadCatalogOrReport(const QStringList& userFiles, int* exitCode);

/// Parses a command's arguments and answers --help. False means "exit now
/// with *exitCode" (0 after help, 1 after a bad argument).
bool parseOrExit(QCommandLineParser& parser, const QStringList& args, int maxPositional,
                 int* exitCode);

/// The project named by the first positional argument (a file or :sample),
/// with --scenario applied when given; prints why and sets *exitCode when not.
std::optional<Project> loadProjectArgument(const QCommandLineParser& parser, const QString& command,
                                           int* exitCode);

/// "70e9", "70B", "1.5T", "405b", "2.5M" → a number; nullopt if malformed or not finite.
std::optional<double> parseQuantity(const QString& text);

/// 7e10 → "70B", 1.5e13 → "15T", 400 → "400".
QString formatQuantity(double value);

/// A required or optional numeric option in (min, max] (or [min, max] when
/// `minInclusive`); prints "--NAME must be …; got '…'" and returns false when it is not.
bool numberOption(const QCommandLineParser& parser, const QString& command, const QString& name,
                  double min, double max, bool minInclusive, bool required, double* value);

/// The GPU, regime, plan and price book named by --gpu, --regime, --plan and
/// --price-book, checked against the catalog; prints the problem and returns
/// nullopt when one is wrong or the book does not price the GPU on the plan.
struct PricingContext
{
    const GpuModel* gpu = nullptr;
    Regime regime;
    Plan plan = Plan::OnDemand;
    const PriceBook* book = nullptr;
    double usdPerGpuHour = 0;
};
std::optional<PricingContext> resolvePricingContext(const QCommandLineParser& parser,
                                                    const QString& command, const Catalog& catalog,
                                                    const std::vector<RegimeKind>& regimes);

/// Prints JSON with FleetPlanner's stable formatting.
void printJson(const boost::json::value& value);

} // namespace fleet::cli
