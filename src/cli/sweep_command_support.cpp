#include "sweep_command_support.h"

#include "cli_support.h"
#include "sweep/sweep_collect.h"

namespace fleet::cli::sweepcli {

using namespace fleet::sweep;

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

void printIssues(const QString& sub, const Error& error)
{
    printErr(QStringLiteral("fleetplanner-cli sweep %1: the sweep cannot be used:\n%2\n")
                 .arg(sub, q(error.toString())));
}

std::optional<std::int64_t> wholeOption(const QCommandLineParser& parser, const QString& sub,
                                        const QString& name, std::int64_t min, std::int64_t max,
                                        std::int64_t fallback)
{
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const qlonglong value = parser.value(name).toLongLong(&ok);
    if (!ok || value < min || value > max) {
        printErr(QStringLiteral("fleetplanner-cli sweep %1: --%2 must be a whole number from %3 "
                                "to %4; got '%5'\n")
                     .arg(sub, name)
                     .arg(min)
                     .arg(max)
                     .arg(parser.value(name)));
        return std::nullopt;
    }
    return value;
}

QString seconds(double value)
{
    if (value < 120)
        return QStringLiteral("%1 s").arg(value, 0, 'f', value < 10 ? 3 : 1);
    if (value < 7200)
        return QStringLiteral("%1 min").arg(value / 60, 0, 'f', 1);
    return QStringLiteral("%1 h").arg(value / 3600, 0, 'f', 1);
}

QString finishedLine(const SweepSpec& spec, const std::string& out, int* exitCode)
{
    std::vector<std::int64_t> missing;
    for (std::int64_t i = 0; i < spec.taskCount(); ++i)
        if (!taskFinished(spec, out, i))
            missing.push_back(i);
    if (missing.empty())
        return QStringLiteral("All %1 tasks finished.\n").arg(spec.taskCount());
    *exitCode = UserError;
    return QStringLiteral("%1 of %2 tasks not finished (missing or failed): %3\n")
        .arg(missing.size())
        .arg(spec.taskCount())
        .arg(q(indexRanges(missing)));
}

} // namespace fleet::cli::sweepcli
