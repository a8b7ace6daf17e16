#include "cli_support.h"

#include "io/json_writer.h"
#include "model/engine_defaults.h"
#include "model/regime_descriptor.h"
#include "store/catalog_loader.h"
#include "store/project_json.h"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fleet::cli {

void printOut(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stderr);
    std::fflush(stderr);
}

QCommandLineOption addCatalogOption(QCommandLineParser& parser)
{
    QCommandLineOption option(QStringLiteral("catalog"),
                              QStringLiteral("Merge a catalog file over the built-in one; entries "
                                             "with an existing id replace it (repeatable)."),
                              QStringLiteral("FILE"));
    parser.addOption(option);
    return option;
}

std::optional<Catalog> loadCatalogOrReport(const QStringList& userFiles, int* exitCode)
{
    std::vector<std::string> paths;
    for (const QString& file : userFiles)
        paths.push_back(file.toStdString());
    auto catalog = loadCatalog(paths);
    if (!catalog) {
        printErr(QStringLiteral("fleetplanner-cli: the catalog could not be loaded:\n") +
                 QString::fromStdString(catalog.error().toString()) + QLatin1Char('\n'));
        *exitCode = userFiles.isEmpty() ? InternalError : UserError;
        return std::nullopt;
    }
    return std::move(catalog).value();
}

namespace {

/// Parses a subcommand's arguments (args[0] is the program, args[1] the command);
/// prints the error and returns false on unknown options or stray arguments.
bool parseCommandLine(QCommandLineParser& parser, const QStringList& args, int maxPositional)
{
    QStringList commandArgs = args;
    commandArgs.removeAt(1); // the command name; QCommandLineParser expects argv[0] first
    if (!parser.parse(commandArgs)) {
        printErr(QStringLiteral("fleetplanner-cli %1: %2\nRun 'fleetplanner-cli %1 --help' for "
                                "the options.\n")
                     .arg(args.value(1), parser.errorText()));
        return false;
    }
    if (parser.positionalArguments().size() > maxPositional) {
        printErr(QStringLiteral("fleetplanner-cli %1: unexpected argument '%2'\n")
                     .arg(args.value(1), parser.positionalArguments().value(maxPositional)));
        return false;
    }
    return true;
}

} // namespace

bool parseOrExit(QCommandLineParser& parser, const QStringList& args, int maxPositional,
                 int* exitCode)
{
    if (!parseCommandLine(parser, args, maxPositional)) {
        *exitCode = UserError;
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        *exitCode = Ok;
        return false;
    }
    return true;
}

std::optional<Project> loadProjectArgument(const QCommandLineParser& parser, const QString& command,
                                           int* exitCode)
{
    *exitCode = UserError;
    if (parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli %1: PROJECT is required (a .fleetplan or "
                                ".fleetplan.json file, or :sample)\n")
                     .arg(command));
        return std::nullopt;
    }
    const QString scenario = parser.optionNames().contains(QStringLiteral("scenario"))
                                 ? parser.value(QStringLiteral("scenario"))
                                 : QString();
    auto project =
        loadProject(parser.positionalArguments().first().toStdString(), scenario.toStdString());
    if (!project) {
        printErr(QStringLiteral("fleetplanner-cli %1: the project could not be loaded:\n%2\n")
                     .arg(command, QString::fromStdString(project.error().toString())));
        return std::nullopt;
    }
    *exitCode = Ok;
    return std::move(project).value();
}

std::optional<double> parseQuantity(const QString& text)
{
    QString number = text.trimmed();
    double scale = 1.0;
    if (!number.isEmpty()) {
        switch (number.back().toUpper().toLatin1()) {
        case 'K': scale = 1e3; break;
        case 'M': scale = 1e6; break;
        case 'B':
        case 'G': scale = 1e9; break;
        case 'T': scale = 1e12; break;
        default: break;
        }
        if (scale != 1.0)
            number.chop(1);
    }
    bool ok = false;
    const double value = number.toDouble(&ok) * scale;
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

QString formatQuantity(double value)
{
    const std::pair<double, const char*> scales[] = {
        {1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}};
    for (const auto& [scale, suffix] : scales)
        if (std::abs(value) >= scale)
            return QString::number(value / scale, 'g', 4) + QLatin1String(suffix);
    return QString::number(value, 'g', 6);
}

bool numberOption(const QCommandLineParser& parser, const QString& command, const QString& name,
                  double min, double max, bool minInclusive, bool required, double* value)
{
    if (!parser.isSet(name)) {
        if (required) {
            printErr(QStringLiteral("fleetplanner-cli %1: --%2 is required\n").arg(command, name));
            return false;
        }
        return true;
    }
    const auto parsed = parseQuantity(parser.value(name));
    const bool inRange =
        parsed && (minInclusive ? *parsed >= min : *parsed > min) && *parsed <= max;
    if (!inRange) {
        printErr(
            QStringLiteral("fleetplanner-cli %1: --%2 must be a number %3 %4 and ≤ %5; got '%6'\n")
                .arg(command, name, minInclusive ? QStringLiteral("≥") : QStringLiteral(">"))
                .arg(min)
                .arg(max)
                .arg(parser.value(name)));
        return false;
    }
    *value = *parsed;
    return true;
}

std::optional<PricingContext> resolvePricingContext(const QCommandLineParser& parser,
                                                    const QString& command, const Catalog& catalog,
                                                    const std::vector<RegimeKind>& regimes)
{
    PricingContext context;
    const QString gpuId = parser.value(QStringLiteral("gpu"));
    context.gpu = catalog.gpu(gpuId.toStdString());
    if (!context.gpu) {
        QStringList ids;
        for (const GpuModel& gpu : catalog.gpus)
            ids << QString::fromStdString(gpu.id);
        printErr(QStringLiteral("fleetplanner-cli %1: --gpu %2; known: %3\n")
                     .arg(command,
                          gpuId.isEmpty() ? QStringLiteral("is required")
                                          : QStringLiteral("'%1' is not in the catalog").arg(gpuId),
                          ids.join(QStringLiteral(", "))));
        return std::nullopt;
    }
    // Without --regime: bare metal, or on an accelerator bare metal does not
    // run on (a TPU), the first allowed regime that does (tpu_slice).
    QString regimeName = QStringLiteral("bare_metal");
    if (parser.isSet(QStringLiteral("regime")))
        regimeName = parser.value(QStringLiteral("regime"));
    else if (!acceleratorMismatch(RegimeKind::BareMetal, *context.gpu).empty())
        for (RegimeKind allowed : regimes)
            if (acceleratorMismatch(allowed, *context.gpu).empty()) {
                regimeName = QString::fromUtf8(regimeKey(allowed).data(),
                                               static_cast<int>(regimeKey(allowed).size()));
                break;
            }
    const auto kind = regimeFromKey(regimeName.toStdString());
    if (kind) // a TPU only under tpu_slice, tpu_slice only on TPUs
        if (const std::string why = acceleratorMismatch(*kind, *context.gpu); !why.empty()) {
            printErr(QStringLiteral("fleetplanner-cli %1: --regime %2: %3\n")
                         .arg(command, regimeName, QString::fromStdString(why)));
            return std::nullopt;
        }
    if (!kind || std::find(regimes.begin(), regimes.end(), *kind) == regimes.end()) {
        QStringList names;
        for (RegimeKind allowed : regimes)
            names << QString::fromUtf8(regimeKey(allowed).data(),
                                       static_cast<int>(regimeKey(allowed).size()));
        printErr(QStringLiteral("fleetplanner-cli %1: --regime must be one of %2; got '%3'\n")
                     .arg(command, names.join(QStringLiteral(", ")), regimeName));
        return std::nullopt;
    }
    context.regime = regimesFrom(catalog.engineDefaults)[static_cast<std::size_t>(*kind)];
    const QString planName = parser.isSet(QStringLiteral("plan"))
                                 ? parser.value(QStringLiteral("plan"))
                                 : QStringLiteral("on_demand");
    const auto plan = planFromKey(planName.toStdString());
    if (!plan) {
        printErr(QStringLiteral("fleetplanner-cli %1: --plan must be one of on_demand, "
                                "reserved_1y, reserved_3y, spot, owned; got '%2'\n")
                     .arg(command, planName));
        return std::nullopt;
    }
    context.plan = *plan;
    context.book = parser.isSet(QStringLiteral("price-book"))
                       ? catalog.priceBook(parser.value(QStringLiteral("price-book")).toStdString())
                       : (catalog.priceBooks.empty() ? nullptr : &catalog.priceBooks.front());
    if (!context.book) {
        QStringList ids;
        for (const PriceBook& book : catalog.priceBooks)
            ids << QString::fromStdString(book.id);
        printErr(QStringLiteral(
                     "fleetplanner-cli %1: --price-book '%2' is not in the catalog; known: %3\n")
                     .arg(command, parser.value(QStringLiteral("price-book")),
                          ids.join(QStringLiteral(", "))));
        return std::nullopt;
    }
    const auto price = context.book->usdPerGpuHour(*context.gpu, context.plan);
    if (!price) {
        QStringList plans;
        for (Plan offered : kAllPlans)
            if (context.book->usdPerGpuHour(*context.gpu, offered))
                plans << QString::fromUtf8(planKey(offered).data(),
                                           static_cast<int>(planKey(offered).size()));
        printErr(
            QStringLiteral("fleetplanner-cli %1: price book %2 has no %3 price for %4%5\n")
                .arg(
                    command, QString::fromStdString(context.book->id), planName, gpuId,
                    plans.isEmpty()
                        ? QStringLiteral(" (it prices no plan for this GPU; try --price-book)")
                        : QStringLiteral("; it offers: %1").arg(plans.join(QStringLiteral(", ")))));
        return std::nullopt;
    }
    context.usdPerGpuHour = *price;
    return context;
}

void printJson(const boost::json::value& value)
{
    printOut(QString::fromStdString(json::toPrettyString(value)));
}

} // namespace fleet::cli
