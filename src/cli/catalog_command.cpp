#include "catalog_command.h"

#include "cli_support.h"
#include "io/json_writer.h"
#include "model/partition_scheme.h"
#include "store/catalog_export.h"

#include <QTextStream>

namespace fleet::cli {

namespace {

QString fixed(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString padded(const QString& text, int width)
{
    return text.leftJustified(width, QLatin1Char(' '));
}

QString catalogText(const Catalog& catalog)
{
    QString out;
    QTextStream s(&out);
    s << "GPUs (" << catalog.gpus.size() << "); dense tensor throughput, no 2:4 sparsity\n\n";
    s << padded("id", 16) << padded("memory GB", 11) << padded("BW GB/s", 9)
      << padded("BF16 TFLOPS", 13) << padded("FP8 TFLOPS", 12) << padded("FP4 TFLOPS", 12)
      << padded("TDP W", 7) << padded("scale-up link", 30) << padded("domain", 8) << "partitions\n";
    for (const GpuModel& gpu : catalog.gpus) {
        const QString link =
            QString::fromStdString(gpu.scaleUpLink) +
            (gpu.scaleUpLinkGbPerS ? QStringLiteral(" %1 GB/s").arg(gpu.scaleUpLinkGbPerS->value)
                                   : QString());
        s << padded(QString::fromStdString(gpu.id), 16) << padded(fixed(gpu.memoryGb.value, 0), 11)
          << padded(fixed(gpu.memoryBandwidthGbPerS.value, 0), 9)
          << padded(fixed(gpu.bf16DenseTflops.value, 1), 13)
          << padded(gpu.fp8DenseTflops ? fixed(gpu.fp8DenseTflops->value, 1) : QStringLiteral("-"),
                    12)
          << padded(gpu.fp4DenseTflops ? fixed(gpu.fp4DenseTflops->value, 1) : QStringLiteral("-"),
                    12)
          << padded(gpu.tdpW.value > 0 ? fixed(gpu.tdpW.value, 0) : QStringLiteral("-"), 7)
          << padded(link, 30) << padded(QString::number(gpu.nvlinkDomainGpus), 8)
          << QString::fromStdString(partitionSummary(gpu)) << "\n";
    }
    s << "\nPartition profiles\n";
    for (const GpuModel& gpu : catalog.gpus) {
        const auto scheme = partitionScheme(gpu);
        if (!scheme)
            continue;
        QStringList profiles;
        for (const PartitionProfile& profile : scheme->profiles()) {
            const std::string note = scheme->note(profile);
            profiles << QStringLiteral("%1 ×%2%3")
                            .arg(QString::fromStdString(profile.name))
                            .arg(profile.maxInstances)
                            .arg(note.empty()
                                     ? QString()
                                     : QStringLiteral(" (%1)").arg(QString::fromStdString(note)));
        }
        s << "  " << padded(QString::fromStdString(gpu.id), 16)
          << QString::fromUtf8(scheme->label().data(), qsizetype(scheme->label().size())) << ": "
          << profiles.join(", ") << "\n";
    }
    for (const PriceBook& book : catalog.priceBooks) {
        s << "\nPrice book " << QString::fromStdString(book.id) << ": "
          << QString::fromStdString(book.name) << " (USD per GPU-hour, as of "
          << QString::fromStdString(book.asOf) << ")\n";
        for (const GpuPrices& prices : book.gpus) {
            const GpuModel* gpu = catalog.gpu(prices.gpuId);
            QStringList plans;
            for (Plan plan : kAllPlans) {
                const auto usd = gpu ? book.usdPerGpuHour(*gpu, plan) : std::nullopt;
                if (!usd)
                    continue;
                const auto breakEven = breakEvenUtilization(book, *gpu, plan);
                plans << QStringLiteral("%1 %2%3").arg(
                    QString::fromUtf8(planKey(plan).data()), fixed(*usd, 2),
                    breakEven ? QStringLiteral(" (beats on-demand above %1 % utilization)")
                                    .arg(*breakEven * 100, 0, 'f', 0)
                              : QString());
            }
            s << "  " << padded(QString::fromStdString(prices.gpuId), 16) << plans.join(", ")
              << "\n";
        }
    }
    s << "\nSources (" << catalog.sources.size() << "): every figure cites one; "
      << "'fleetplanner-cli catalog --json' lists each figure's source and as_of.\n";
    return out;
}

} // namespace

int runCatalogCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the GPU catalog (specs, partition profiles) and the price books."));
    parser.addHelpOption();
    const QCommandLineOption jsonOption(
        QStringLiteral("json"),
        QStringLiteral("Print JSON: every figure with its source and as_of."));
    parser.addOption(jsonOption);
    const QCommandLineOption catalogOption = addCatalogOption(parser);
    int parseExit = Ok;
    if (!parseOrExit(parser, args, 0, &parseExit))
        return parseExit;
    int exitCode = Ok;
    const auto catalog = loadCatalogOrReport(parser.values(catalogOption), &exitCode);
    if (!catalog)
        return exitCode;
    if (parser.isSet(jsonOption))
        printOut(QString::fromStdString(json::toPrettyString(catalogToJson(*catalog))));
    else
        printOut(catalogText(*catalog));
    return Ok;
}

} // namespace fleet::cli
