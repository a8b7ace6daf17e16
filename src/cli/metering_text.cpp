#include "metering_text.h"

#include "export_files.h"
#include "joblog/metering_export.h"
#include "perf/gpu_power.h"

#include <cmath>

namespace fleet::cli {

using namespace fleet::joblog;

QString percentText(double fraction)
{
    return QString::number(fraction * 100, 'f', 1) + QStringLiteral(" %");
}

QString hoursText(double h)
{
    return QString::number(h, 'f', h < 10 ? 2 : 1) + QStringLiteral(" h");
}

namespace {

QString meteredUsd(double value)
{
    return QStringLiteral("%L1").arg(value, 0, 'f', 2);
}

} // namespace

QString meteringText(const Result<Metering>& result, const QString& where)
{
    if (!result)
        return QStringLiteral("\nPer-tenant metering: not possible: %1\n")
            .arg(QString::fromStdString(result.error().toString()));
    const Metering& m = result.value();
    const double spanHours = (m.spanEndS - m.spanStartS) / 3600.0;
    QString out = QStringLiteral("\nPer-tenant metering on %1 (price book %2, chargeback %3):\n")
                      .arg(where, QString::fromStdString(m.rates.priceBookId),
                           QString::fromUtf8(chargebackKey(m.rule).data()));
    for (const std::string& line : m.rates.priceLines)
        out += QStringLiteral("  %1\n").arg(QString::fromStdString(line));
    out += QStringLiteral("  fleet cost %1 USD over %2 (%3 to %4): used %5, idle committed %6, "
                          "held centrally %7\n")
               .arg(meteredUsd(m.fleetCostUsd), hoursText(spanHours),
                    QString::fromStdString(isoTimeOf(m.spanStartS)),
                    QString::fromStdString(isoTimeOf(m.spanEndS)), meteredUsd(m.usedCostUsd),
                    meteredUsd(m.idleCostUsd), meteredUsd(m.centralCostUsd));
    if (m.beyondFleetGpuSeconds > 0)
        out += QStringLiteral("  %L1 GPU-hours held beyond the fleet's GPUs, priced at %2 "
                              "USD/GPU-h\n")
                   .arg(m.beyondFleetGpuSeconds / 3600.0, 0, 'f', 1)
                   .arg(m.rates.flexibleUsdPerGpuHour);
    out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
               .arg(QStringLiteral("tenant"), -22)
               .arg(QStringLiteral("GPU-hours"), 10)
               .arg(QStringLiteral("used USD"), 11)
               .arg(QStringLiteral("idle USD"), 10)
               .arg(QStringLiteral("total USD"), 11)
               .arg(QStringLiteral("mean W"), 9)
               .arg(QStringLiteral("mean wait"), 10)
               .arg(QStringLiteral("p95 wait"), 9)
               .arg(QStringLiteral("SLA met"), 8);
    for (const TenantMeter& t : m.tenants)
        out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                   .arg(QString::fromStdString(t.tenant).left(22), -22)
                   .arg(QStringLiteral("%L1").arg(t.gpuSeconds / 3600.0, 0, 'f', 1), 10)
                   .arg(meteredUsd(t.usedCostUsd), 11)
                   .arg(meteredUsd(t.idleCostUsd), 10)
                   .arg(meteredUsd(t.totalCostUsd()), 11)
                   .arg(QStringLiteral("%L1").arg(t.meanWatts, 0, 'f', 0), 9)
                   .arg(hoursText(t.meanWaitHours), 10)
                   .arg(hoursText(t.p95WaitHours), 9)
                   .arg(t.slaAttainment ? percentText(*t.slaAttainment) : QStringLiteral("-"), 8);
    out += QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("(held centrally)"), -22)
               .arg(QString(), 10)
               .arg(QString(), 11)
               .arg(meteredUsd(m.centralCostUsd), 10)
               .arg(meteredUsd(m.centralCostUsd), 11)
               .arg(QStringLiteral("%L1").arg(m.idleMeanWatts, 0, 'f', 0), 9);
    out += QStringLiteral("  power: %L1 W on average (busy GPUs at TDP, idle committed GPUs at "
                          "%2 % of TDP, an assumption)\n  memory efficiency: %3\n")
               .arg(m.fleetMeanWatts, 0, 'f', 0)
               .arg(m.rates.idleFractionOfTdp * 100, 0, 'f', 0)
               .arg(QString::fromUtf8(kMemoryEfficiencyNote));
    return out;
}

QString readMeteringOptions(const QCommandLineParser& parser, MeteringOptions* options)
{
    if (parser.isSet(QStringLiteral("chargeback"))) {
        const QString key = parser.value(QStringLiteral("chargeback"));
        const auto rule = chargebackFromKey(key.toStdString());
        if (!rule)
            return QStringLiteral("--chargeback must be proportional, quota or central; got "
                                  "'%1'")
                .arg(key);
        options->rule = *rule;
    }
    if (parser.isSet(QStringLiteral("sla-wait-hours"))) {
        bool ok = false;
        const double sla = parser.value(QStringLiteral("sla-wait-hours")).toDouble(&ok);
        if (!ok || !(sla >= 0) || !std::isfinite(sla))
            return QStringLiteral("--sla-wait-hours must be a number of hours at least 0; "
                                  "got '%1'")
                .arg(parser.value(QStringLiteral("sla-wait-hours")));
        options->slaWaitHours = sla;
    }
    const auto idleFraction = idleFractionOfTdp();
    if (!idleFraction)
        return QString::fromStdString(idleFraction.error().toString());
    options->idleFractionOfTdp = idleFraction.value();
    return {};
}

QString writeMeteringCsv(const Metering& metering, const QCommandLineParser& parser)
{
    return writeExport(parser, QStringLiteral("--csv"), parser.value(QStringLiteral("csv")),
                       meteringCsv(metering));
}

} // namespace fleet::cli
