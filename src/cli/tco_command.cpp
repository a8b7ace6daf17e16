#include "tco_command.h"

#include "cli_support.h"
#include "model/owned_tco.h"
#include "store/catalog_writer.h"

#include <QTextStream>

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace fleet::cli {

namespace {

const QString kTcoCommand = QStringLiteral("tco");
/// Cites the model itself in the owned entry it derives.
const std::string kDerivedSource = "fleetplanner-owned-tco";

QString money(double usd)
{
    return QString::number(usd, 'f', 4);
}

/// Applies the --set KEY=VALUE options; prints the first problem and returns false.
bool applySettings(const QStringList& settings, OwnedTcoInputs& inputs,
                   std::map<std::string, double>& set)
{
    for (const QString& setting : settings) {
        const qsizetype equals = setting.indexOf(QLatin1Char('='));
        const std::string key = setting.left(equals).trimmed().toStdString();
        const OwnedTcoField* field = equals > 0 ? ownedTcoField(key) : nullptr;
        if (!field) {
            QStringList keys;
            for (const OwnedTcoField& known : ownedTcoFields())
                keys << QString::fromUtf8(known.key.data(), qsizetype(known.key.size()));
            printErr(QStringLiteral("fleetplanner-cli tco: --set takes KEY=VALUE with KEY one of "
                                    "%1; got '%2'\n")
                         .arg(keys.join(QStringLiteral(", ")), setting));
            return false;
        }
        bool ok = false;
        const double value = setting.mid(equals + 1).trimmed().toDouble(&ok);
        const NumericRange& range = field->range;
        const bool inRange = ok && std::isfinite(value) &&
                             (range.minExclusive ? value > range.min : value >= range.min) &&
                             value <= range.max;
        if (!inRange) {
            printErr(QStringLiteral("fleetplanner-cli tco: --set %1 must be a number %2 %3 and ≤ "
                                    "%4 %5; got '%6'\n")
                         .arg(QString::fromStdString(key),
                              range.minExclusive ? QStringLiteral(">") : QStringLiteral("≥"))
                         .arg(range.min)
                         .arg(range.max)
                         .arg(QString::fromUtf8(range.unit.data(), qsizetype(range.unit.size())),
                              setting.mid(equals + 1)));
            return false;
        }
        inputs.*field->member = value;
        set[key] = value;
    }
    return true;
}

boost::json::object breakdownJson(const OwnedTcoBreakdown& b)
{
    return {{"depreciation", b.depreciation}, {"financing", b.financing},   {"power", b.power},
            {"colocation", b.colocation},     {"operations", b.operations}, {"total", b.total()}};
}

} // namespace

int runTcoCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The cost of owning a GPU, per GPU-hour held, component by component: depreciation of\n"
        "the node's capex (server and its share of the cluster network), financing at the cost\n"
        "of capital, power (node watts, GPUs plus host, × PUE × USD/kWh), colocation per kW and\n"
        "operations staff. Defaults and their sources: data/defaults/owned-tco.json; change\n"
        "any with --set. Also prints the five figures of a price book's owned entry that cost\n"
        "the same for --gpu."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("gpu"),
         QStringLiteral("The GPU whose TDP the price-book entry uses (default h100-sxm-80gb)."),
         QStringLiteral("ID"), QStringLiteral("h100-sxm-80gb")},
        {QStringLiteral("set"), QStringLiteral("Change one input (repeatable): KEY=VALUE."),
         QStringLiteral("KEY=VALUE")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
    });
    const QCommandLineOption catalogOption = addCatalogOption(parser);
    int parseExit = Ok;
    if (!parseOrExit(parser, args, 0, &parseExit))
        return parseExit;
    int exitCode = Ok;
    const auto catalog = loadCatalogOrReport(parser.values(catalogOption), &exitCode);
    if (!catalog)
        return exitCode;
    const std::string gpuId = parser.value(QStringLiteral("gpu")).toStdString();
    const GpuModel* gpu = catalog->gpu(gpuId);
    if (!gpu) {
        QStringList ids;
        for (const GpuModel& known : catalog->gpus)
            ids << QString::fromStdString(known.id);
        printErr(QStringLiteral("fleetplanner-cli tco: --gpu '%1' is not in the catalog; known: "
                                "%2\n")
                     .arg(QString::fromStdString(gpuId), ids.join(QStringLiteral(", "))));
        return UserError;
    }
    OwnedTcoInputs inputs = ownedTcoFrom(catalog->engineDefaults);
    std::map<std::string, double> set;
    if (!applySettings(parser.values(QStringLiteral("set")), inputs, set))
        return UserError;
    const OwnedTcoBreakdown tco = ownedTco(inputs);
    // The derived entry is as recent as the newest figure it is made of.
    std::string asOf;
    for (const std::string& key : requiredOwnedTcoKeys())
        if (auto it = catalog->engineDefaults.figures.find(key);
            it != catalog->engineDefaults.figures.end())
            asOf = std::max(asOf, it->second.asOf);
    const auto entry = ownedCostFromTco(inputs, gpu->tdpW.value, kDerivedSource, asOf);
    const QString noEntry =
        QStringLiteral("the node's %1 W is below its %2 GPUs at %3's TDP of %4 W: no room for a "
                       "host, so no price-book entry")
            .arg(inputs.nodePowerW)
            .arg(inputs.gpusPerNode)
            .arg(QString::fromStdString(gpu->id))
            .arg(gpu->tdpW.value);

    if (parser.isSet(QStringLiteral("json"))) {
        boost::json::array items;
        for (const OwnedTcoField& field : ownedTcoFields()) {
            const std::string key(field.key);
            boost::json::object item{
                {"key", key}, {"label", std::string(field.label)}, {"value", inputs.*field.member}};
            if (set.count(key)) {
                item["source"] = "--set";
            } else if (auto it = catalog->engineDefaults.figures.find("owned_tco." + key);
                       it != catalog->engineDefaults.figures.end()) {
                item["source"] = it->second.source;
                item["as_of"] = it->second.asOf;
                if (!it->second.note.empty())
                    item["note"] = it->second.note;
            }
            items.push_back(std::move(item));
        }
        boost::json::object out{{"inputs", std::move(items)},
                                {"usd_per_gpu_hour", breakdownJson(tco)},
                                {"usd_per_gpu_month", tco.total() * kHoursPerMonth},
                                {"gpu", gpu->id}};
        if (entry) {
            out["owned_entry"] = ownedCostToJson(*entry);
            out["owned_entry_usd_per_gpu_hour"] = ownedUsdPerGpuHour(*entry, gpu->tdpW.value);
        } else {
            out["owned_entry_problem"] = noEntry.toStdString();
        }
        printJson(out);
        return Ok;
    }

    QString text;
    QTextStream s(&text);
    s << "Owned-hardware TCO per GPU-hour held (inputs: data/defaults/owned-tco.json)\n\n";
    for (const OwnedTcoField& field : ownedTcoFields()) {
        const std::string key(field.key);
        QString origin = QStringLiteral("--set");
        if (!set.count(key))
            if (auto it = catalog->engineDefaults.figures.find("owned_tco." + key);
                it != catalog->engineDefaults.figures.end())
                origin = QStringLiteral("%1, %2").arg(QString::fromStdString(it->second.source),
                                                      QString::fromStdString(it->second.asOf));
        s << "  "
          << QString::fromUtf8(field.label.data(), qsizetype(field.label.size()))
                 .leftJustified(60, QLatin1Char(' '))
          << QString::number(inputs.*field.member, 'g', 8).leftJustified(12, QLatin1Char(' '))
          << origin << "\n";
    }
    s << "\n  depreciation  " << money(tco.depreciation) << "\n"
      << "  financing     " << money(tco.financing) << "\n"
      << "  power         " << money(tco.power) << "\n"
      << "  colocation    " << money(tco.colocation) << "\n"
      << "  operations    " << money(tco.operations) << "\n"
      << "  total         " << money(tco.total()) << " USD per GPU-hour ("
      << QString::number(tco.total() * kHoursPerMonth, 'f', 0) << " per GPU-month)\n\n";
    if (entry) {
        s << "As a price-book owned entry for " << QString::fromStdString(gpu->id) << ":\n"
          << "  capex_usd_per_gpu          " << QString::number(entry->capexUsdPerGpu.value, 'f', 2)
          << "\n  amortization_years         " << entry->amortizationYears.value
          << "\n  hosting_usd_per_gpu_month  "
          << QString::number(entry->hostingUsdPerGpuMonth.value, 'f', 2)
          << "  (colocation, financing, operations, host power)\n"
          << "  pue                        " << entry->pue.value
          << "\n  usd_per_kwh                " << entry->usdPerKwh.value << "\n"
          << "  = " << money(ownedUsdPerGpuHour(*entry, gpu->tdpW.value)) << " USD per GPU-hour\n";
    } else {
        s << "No price-book entry: " << noEntry << "\n";
    }
    printOut(text);
    return Ok;
}

} // namespace fleet::cli
