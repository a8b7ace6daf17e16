#include "knee_seeds_option.h"

#include "cli_support.h"
#include "simulate/knee_spread.h"

#include <cmath>

namespace fleet::cli {

QCommandLineOption kneeSeedsOption(const QString& what)
{
    return {QStringLiteral("seeds"),
            QStringLiteral("Measure %1 over N seeds from 42 and draw their median (default "
                           "%2, as the app and simulate measure it).")
                .arg(what)
                .arg(kDefaultKneeSeeds),
            QStringLiteral("N")};
}

bool readKneeSeeds(const QCommandLineParser& parser, const QString& command, int* seeds)
{
    const QString name = QStringLiteral("seeds");
    double count = kDefaultKneeSeeds;
    if (!numberOption(parser, command, name, 1, 50, true, false, &count))
        return false;
    if (count != std::floor(count)) {
        printErr(QStringLiteral("fleetplanner-cli %1: --seeds must be a whole number of seeds "
                                "from 1 to 50; got '%2'\n")
                     .arg(command, parser.value(name)));
        return false;
    }
    *seeds = int(count);
    return true;
}

} // namespace fleet::cli
