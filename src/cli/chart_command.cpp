#include "chart_command.h"

#include "charts/chart_export.h"
#include "charts/compute_price_chart.h"
#include "cli_support.h"

#include <QChart>

#include <memory>

namespace fleet::cli {

namespace {

/// Reads an integer option in [min, max]; names the option and the rule when it is not.
std::optional<int> intOption(const QCommandLineParser& parser, const QString& name, int fallback,
                             int min, int max)
{
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < min || value > max) {
        printErr(
            QStringLiteral("fleetplanner-cli chart: --%1 must be a whole number from %2 to %3; "
                           "got '%4'\n")
                .arg(name)
                .arg(min)
                .arg(max)
                .arg(parser.value(name)));
        return std::nullopt;
    }
    return value;
}

} // namespace

int runChartCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Render a chart to a PNG or SVG file, headless."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("kind"),
         QStringLiteral("Chart kind: compute-price (USD per dense BF16 "
                        "PFLOP-hour for every GPU and plan)."),
         QStringLiteral("KIND")},
        {QStringLiteral("price-book"), QStringLiteral("Price book id (default: the first)."),
         QStringLiteral("ID")},
        {QStringLiteral("format"), QStringLiteral("png or svg (default: from the file name)."),
         QStringLiteral("FORMAT")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("Output file."),
         QStringLiteral("FILE")},
        {QStringLiteral("width"), QStringLiteral("Width in points (default 1280)."),
         QStringLiteral("W")},
        {QStringLiteral("height"), QStringLiteral("Height in points (default 720)."),
         QStringLiteral("H")},
        {QStringLiteral("scale"), QStringLiteral("PNG pixels per point, 1 or 2 (default 1)."),
         QStringLiteral("S")},
    });
    const QCommandLineOption catalogOption = addCatalogOption(parser);
    int parseExit = Ok;
    if (!parseOrExit(parser, args, 0, &parseExit))
        return parseExit;

    const QString kind = parser.value(QStringLiteral("kind"));
    if (kind != QLatin1String("compute-price")) {
        printErr(QStringLiteral(
                     "fleetplanner-cli chart: --kind must be one of: compute-price; got '%1'\n")
                     .arg(kind));
        return UserError;
    }
    const QString output = parser.value(QStringLiteral("output"));
    if (output.isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli chart: -o FILE is required\n"));
        return UserError;
    }
    gui::ChartFormat format;
    const QString formatName =
        parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : output;
    if (!gui::chartFormatFromName(formatName, &format)) {
        printErr(
            QStringLiteral("fleetplanner-cli chart: --format must be png or svg (or the output "
                           "file must end in .png or .svg); got '%1'\n")
                .arg(formatName));
        return UserError;
    }
    const auto width = intOption(parser, QStringLiteral("width"), 1280, 200, 8000);
    const auto height = intOption(parser, QStringLiteral("height"), 720, 150, 8000);
    const auto scale = intOption(parser, QStringLiteral("scale"), 1, 1, 2);
    if (!width || !height || !scale)
        return UserError;

    int exitCode = Ok;
    const auto catalog = loadCatalogOrReport(parser.values(catalogOption), &exitCode);
    if (!catalog)
        return exitCode;
    if (catalog->priceBooks.empty()) {
        printErr(QStringLiteral("fleetplanner-cli chart: the catalog has no price book\n"));
        return UserError;
    }
    const PriceBook* book = &catalog->priceBooks.front();
    if (parser.isSet(QStringLiteral("price-book"))) {
        book = catalog->priceBook(parser.value(QStringLiteral("price-book")).toStdString());
        if (!book) {
            QStringList ids;
            for (const PriceBook& known : catalog->priceBooks)
                ids << QString::fromStdString(known.id);
            printErr(
                QStringLiteral("fleetplanner-cli chart: --price-book '%1' is not in the catalog; "
                               "known: %2\n")
                    .arg(parser.value(QStringLiteral("price-book")), ids.join(", ")));
            return UserError;
        }
    }

    std::unique_ptr<QChart> chart(
        gui::createComputePriceChart(*book, computePriceTable(*catalog, *book)));
    QString error;
    if (!gui::exportChart(chart.get(), output, format, QSize(*width, *height), *scale, &error)) {
        printErr(QStringLiteral("fleetplanner-cli chart: %1\n").arg(error));
        return UserError;
    }
    printOut(
        QStringLiteral("Wrote %1 chart (%2, price book %3) to %4\n")
            .arg(kind,
                 format == gui::ChartFormat::Png ? QStringLiteral("PNG") : QStringLiteral("SVG"),
                 QString::fromStdString(book->id), output));
    return Ok;
}

} // namespace fleet::cli
