#include "optimizer_options.h"

#include "cli_support.h"

#include <QCommandLineParser>

namespace fleet::cli {

QList<QCommandLineOption> optimizerOptions()
{
    return {
        {QStringLiteral("time-limit"), QStringLiteral("The optimizer's seconds (default 10)."),
         QStringLiteral("S")},
        {QStringLiteral("objective"),
         QStringLiteral("The optimizer's objective: cost (default) or margin."),
         QStringLiteral("O")},
    };
}

bool readOptimizerOptions(const QCommandLineParser& parser, const QString& command,
                          OptimizeOptions* options)
{
    if (!numberOption(parser, command, QStringLiteral("time-limit"), 0, 86400, false, false,
                      &options->solve.timeLimitSeconds))
        return false;
    const QString objective = parser.value(QStringLiteral("objective"));
    if (objective == QLatin1String("margin"))
        options->objective = Objective::Margin;
    else if (objective.isEmpty() || objective == QLatin1String("cost"))
        options->objective = Objective::Cost;
    else {
        printErr(
            QStringLiteral("fleetplanner-cli %1: --objective must be cost or margin; got '%2'\n")
                .arg(command, objective));
        return false;
    }
    return true;
}

} // namespace fleet::cli
