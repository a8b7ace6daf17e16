#include "range_output.h"

#include "cli_support.h"
#include "views/number_format.h"

#include <QLocale>

#include <boost/json.hpp>

#include <chrono>

namespace fleet::cli {

namespace {

QString kpiFigure(Kpi kpi, double value)
{
    if (kpi == Kpi::Utilization)
        return QString::number(value * 100, 'f', 1) + QStringLiteral(" %");
    return gui::formatUsd(value, gui::Sign::Negative, QLocale(QLocale::English));
}

} // namespace

QList<QCommandLineOption> rangeOptions()
{
    return {
        {QStringLiteral("draws"),
         QStringLiteral("Monte Carlo draws over the project's input ranges (default %1; each "
                        "KPI then has P10 / P50 / P90; 0: none, the KPIs alone).")
             .arg(kDefaultDraws),
         QStringLiteral("N")},
        {QStringLiteral("seed"),
         QStringLiteral("The Monte Carlo's seed (default %1): same seed, same figures on any "
                        "number of cores.")
             .arg(kDefaultSeed),
         QStringLiteral("S")},
    };
}

bool runRangesOption(const QCommandLineParser& parser, const QString& command,
                     const Project& project, std::optional<RangeRun>* run, double* seconds)
{
    double draws = kDefaultDraws, seed = double(kDefaultSeed);
    if (!numberOption(parser, command, QStringLiteral("draws"), 0, kMaxDraws, true, false,
                      &draws) ||
        !numberOption(parser, command, QStringLiteral("seed"), 0, 9.0e15, true, false, &seed))
        return false;
    if (draws != std::floor(draws) || seed != std::floor(seed)) {
        printErr(QStringLiteral("%1: --draws and --seed must be whole numbers\n").arg(command));
        return false;
    }
    if (project.ranges.empty() || draws == 0)
        return true;
    RangeOptions options;
    options.draws = int(draws);
    options.seed = std::uint64_t(seed);
    const auto start = std::chrono::steady_clock::now();
    auto result = runRanges(project, options);
    *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!result) {
        printErr(QStringLiteral("%1: %2\n")
                     .arg(command, QString::fromStdString(result.error().toString())));
        return false;
    }
    *run = std::move(result).value();
    return true;
}

QString rangeSuffix(const std::optional<RangeRun>& run, Kpi kpi)
{
    const KpiRange* range = run ? run->of(kpi) : nullptr;
    if (!range || !range->band)
        return {};
    return QStringLiteral("  [P10 %1 · P50 %2 · P90 %3]")
        .arg(kpiFigure(kpi, range->band->p10), kpiFigure(kpi, range->band->p50),
             kpiFigure(kpi, range->band->p90));
}

QString rangeSummaryText(const RangeRun& run, const Project& project, double seconds)
{
    QString out = QStringLiteral("\nRanges: %1 input ranges, %2 draws (seed %3) on %4 threads "
                                 "in %5 s; P10 / P50 / P90 in brackets above")
                      .arg(project.ranges.size())
                      .arg(run.draws)
                      .arg(run.seed)
                      .arg(run.threads)
                      .arg(seconds, 0, 'f', 2);
    if (run.failedDraws > 0)
        out += QStringLiteral("; %1 draws failed").arg(run.failedDraws);
    out += QStringLiteral("\n  share of the variance (r² of the KPI on each input):\n");
    for (const KpiRange& kpi : run.kpis) {
        if (!kpi.band || kpi.shares.empty())
            continue;
        QStringList parts;
        for (std::size_t i = 0; i < kpi.shares.size() && i < 3; ++i)
            parts << QStringLiteral("%1 %2 %")
                         .arg(QString::fromStdString(kpi.shares[i].label))
                         .arg(kpi.shares[i].share * 100, 0, 'f', 0);
        out += QStringLiteral("  %1 %2\n")
                   .arg(QString::fromUtf8(kpiKey(kpi.kpi).data()).leftJustified(38),
                        parts.join(QStringLiteral(", ")));
    }
    return out;
}

boost::json::object rangeRunJson(const RangeRun& run, const Project& project, double seconds)
{
    namespace bj = boost::json;
    bj::array inputs;
    for (const InputRange& range : project.ranges)
        inputs.push_back(bj::object{{"path", range.path},
                                    {"low", range.low},
                                    {"likely", range.likely},
                                    {"high", range.high},
                                    {"distribution", std::string(rangeShapeKey(range.shape))}});
    bj::object kpis;
    for (const KpiRange& kpi : run.kpis) {
        bj::object item{{"point", kpi.point ? bj::value(*kpi.point) : bj::value(nullptr)}};
        if (kpi.band) {
            item["p10"] = kpi.band->p10;
            item["p50"] = kpi.band->p50;
            item["p90"] = kpi.band->p90;
            item["defined_draws"] = kpi.band->defined;
        } else {
            item["p10"] = item["p50"] = item["p90"] = nullptr;
            item["defined_draws"] = 0;
        }
        bj::array shares;
        for (const InputShare& share : kpi.shares)
            shares.push_back(
                bj::object{{"path", share.path}, {"label", share.label}, {"share", share.share}});
        item["variance_shares"] = std::move(shares);
        kpis[kpiKey(kpi.kpi)] = std::move(item);
    }
    bj::array months;
    for (const Percentiles& month : run.monthlyCostUsd)
        months.push_back(bj::object{{"p10", month.p10}, {"p50", month.p50}, {"p90", month.p90}});
    return bj::object{{"draws", run.draws},      {"seed", run.seed},
                      {"threads", run.threads},  {"failed_draws", run.failedDraws},
                      {"seconds", seconds},      {"inputs", std::move(inputs)},
                      {"kpis", std::move(kpis)}, {"monthly_cost_usd", std::move(months)}};
}

} // namespace fleet::cli
