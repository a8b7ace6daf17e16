#include "calibrate_command.h"

#include "cli_support.h"
#include "perf/calibration.h"

#include <boost/json.hpp>

#include <cmath>

namespace fleet::cli {

namespace {
const QString kCalibrateCommand = QStringLiteral("calibrate");

QString figure(double value)
{
    if (value <= 0)
        return QStringLiteral("—");
    if (value >= 1e5)
        return QString::number(value, 'g', 4);
    return value >= 10 ? QString::number(value, 'f', 0) : QString::number(value, 'f', 3);
}
} // namespace

int runCalibrateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run the engine on every public measurement stored in data/perf/references.json (MLPerf\n"
        "Inference and Training, NVIDIA TensorRT-LLM tables, Meta's Llama 3 training runs) and\n"
        "print the tool's figure, the published one, their ratio and the family's tolerance. Exit\n"
        "status 0 even when a reference is outside its tolerance (the test suite enforces them)."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("family"), QStringLiteral("Only the references of this family."),
         QStringLiteral("ID")},
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
    auto set = builtinReferences();
    if (!set) {
        printErr(QStringLiteral("fleetplanner-cli calibrate: %1\n")
                     .arg(QString::fromStdString(set.error().toString())));
        return InternalError;
    }
    const QString family = parser.value(QStringLiteral("family"));
    if (!family.isEmpty() && !set.value().family(family.toStdString())) {
        QStringList ids;
        for (const ReferenceFamily& f : set.value().families)
            ids << QString::fromStdString(f.id);
        printErr(QStringLiteral("fleetplanner-cli calibrate: --family '%1' is not a family; "
                                "families: %2\n")
                     .arg(family, ids.join(QStringLiteral(", "))));
        return UserError;
    }
    std::vector<CalibrationRow> rows;
    for (CalibrationRow& row : calibrate(set.value(), *catalog))
        if (family.isEmpty() || QString::fromStdString(row.family) == family)
            rows.push_back(std::move(row));

    if (parser.isSet(QStringLiteral("json"))) {
        boost::json::array families, references;
        for (const ReferenceFamily& f : set.value().families)
            families.push_back({{"id", f.id}, {"tolerance", f.tolerance}, {"why", f.why}});
        for (const CalibrationRow& row : rows)
            references.push_back({{"id", row.id},
                                  {"family", row.family},
                                  {"what", row.what},
                                  {"unit", row.unit},
                                  {"tool", row.tool},
                                  {"published", row.published},
                                  {"ratio", row.ratio},
                                  {"tolerance", row.tolerance},
                                  {"tolerance_why", row.toleranceWhy},
                                  {"within_tolerance", row.within},
                                  {"detail", row.detail},
                                  {"source", row.source}});
        printJson(boost::json::object{{"families", families}, {"references", references}});
        return Ok;
    }
    QString text;
    std::string current;
    int within = 0;
    for (const CalibrationRow& row : rows) {
        if (row.family != current) {
            current = row.family;
            const ReferenceFamily* f = set.value().family(current);
            text += QStringLiteral("\n%1 (±%2 %): %3\n")
                        .arg(QString::fromStdString(current))
                        .arg(std::lround(f->tolerance * 100))
                        .arg(QString::fromStdString(f->why));
            text += QStringLiteral("  %1 %2 %3 %4  %5\n")
                        .arg(QStringLiteral("reference"), -52)
                        .arg(QStringLiteral("tool"), 10)
                        .arg(QStringLiteral("published"), 10)
                        .arg(QStringLiteral("ratio"), 6)
                        .arg(QString());
        }
        within += row.within;
        text += QStringLiteral("  %1 %2 %3 %4  %5\n")
                    .arg(QString::fromStdString(row.id), -52)
                    .arg(figure(row.tool), 10)
                    .arg(figure(row.published), 10)
                    .arg(row.tool > 0 ? QString::number(row.ratio, 'f', 2) : QStringLiteral("—"), 6)
                    .arg((row.within ? QStringLiteral("ok") : QStringLiteral("OUTSIDE")) +
                         (row.toleranceWhy.empty()
                              ? QString()
                              : QStringLiteral(" (±%1 %: %2)")
                                    .arg(std::lround(row.tolerance * 100))
                                    .arg(QString::fromStdString(row.toleranceWhy))));
    }
    text += QStringLiteral("\n%1 of %2 references within their tolerance. Units: output tokens/s "
                           "per GPU (inference), a ratio of them (vendor ratios), GPU-hours "
                           "(training), a ratio of training samples/s per GPU (training vendor "
                           "ratios). Sources and conditions: --json, data/perf/references.json.\n")
                .arg(within)
                .arg(rows.size());
    printOut(text);
    return Ok;
}

} // namespace fleet::cli
