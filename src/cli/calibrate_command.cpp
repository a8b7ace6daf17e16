#include "calibrate_command.h"

#include "calibration/calibration.h"
#include "cli_support.h"
#include "io/regular_file.h"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

namespace fleet::cli {

namespace {
const QString kCalibrateCommand = QStringLiteral("calibrate");

boost::json::object summaryJson(const CalibrationSummary& s)
{
    return {{"count", s.count},
            {"refused", s.refused},
            {"median_abs_error", s.medianAbsError},
            {"max_abs_error", s.maxAbsError},
            {"outside_tolerance", s.outsideTolerance},
            {"beyond_35_percent", s.beyondIssueBound}};
}

QString summaryText(const char* name, const CalibrationSummary& s)
{
    if (s.count == 0)
        return QStringLiteral("%1: none\n").arg(QLatin1String(name));
    return QStringLiteral("%1: %2 references, median absolute error %3 %, max %4 %, %5 outside "
                          "their tolerance, %6 beyond ±35 %%7\n")
        .arg(QLatin1String(name))
        .arg(s.count)
        .arg(s.medianAbsError * 100, 0, 'f', 1)
        .arg(s.maxAbsError * 100, 0, 'f', 1)
        .arg(s.outsideTolerance)
        .arg(s.beyondIssueBound)
        .arg(s.refused ? QStringLiteral(" (%1 refused by the engine)").arg(s.refused) : QString());
}

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
        "print the tool's figure, the published one, their ratio and the family's tolerance, and\n"
        "the error of each set apart: the references factors were fitted on (fit) and those only\n"
        "checked (held_out). Exit status 0 even when a reference is outside its tolerance.\n"
        "With --references, your own measurements instead, in the same format: each must be\n"
        "held_out, and may name the built-in families or families of its own."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("family"), QStringLiteral("Only the references of this family."),
         QStringLiteral("ID")},
        {QStringLiteral("set"), QStringLiteral("Only the references of this set: fit or held_out."),
         QStringLiteral("SET")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
        {QStringLiteral("references"),
         QStringLiteral("Check these measurements instead of the built-in ones (the format of "
                        "data/perf/references.json; every reference held_out)."),
         QStringLiteral("FILE")},
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
    if (parser.isSet(QStringLiteral("references"))) {
        const std::string path = parser.value(QStringLiteral("references")).toStdString();
        auto text = readRegularFile(path, kMaxUserReferencesFileBytes);
        auto own = text ? parseUserReferences(text.value(), path, set.value())
                        : Result<ReferenceSet>(text.error());
        if (!own) {
            printErr(QStringLiteral("fleetplanner-cli calibrate: --references: %1\n")
                         .arg(QString::fromStdString(own.error().toString())));
            return UserError;
        }
        set = std::move(own);
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
    const QString use = parser.value(QStringLiteral("set"));
    if (!use.isEmpty() && use != QLatin1String("fit") && use != QLatin1String("held_out")) {
        printErr(QStringLiteral("fleetplanner-cli calibrate: --set must be fit or held_out; got "
                                "'%1'\n")
                     .arg(use));
        return UserError;
    }
    std::vector<CalibrationRow> rows;
    for (CalibrationRow& row : calibrate(set.value(), *catalog))
        if ((family.isEmpty() || QString::fromStdString(row.family) == family) &&
            (use.isEmpty() || QString::fromUtf8(referenceUseKey(row.use)) == use))
            rows.push_back(std::move(row));
    // Each family's rows of a user's file together, in the order of the
    // families (the built-in set keeps the order of its file, which
    // docs/MODEL.md's calibration table follows).
    const auto familyIndex = [&set](const CalibrationRow& row) {
        const auto& families = set.value().families;
        return std::find_if(families.begin(), families.end(),
                            [&row](const ReferenceFamily& f) { return f.id == row.family; }) -
               families.begin();
    };
    if (parser.isSet(QStringLiteral("references")))
        std::stable_sort(rows.begin(), rows.end(),
                         [&familyIndex](const CalibrationRow& a, const CalibrationRow& b) {
                             return familyIndex(a) < familyIndex(b);
                         });
    const CalibrationSummary fit = summarizeCalibration(rows, ReferenceUse::Fit);
    const CalibrationSummary heldOut = summarizeCalibration(rows, ReferenceUse::HeldOut);

    if (parser.isSet(QStringLiteral("json"))) {
        boost::json::array families, references;
        for (const ReferenceFamily& f : set.value().families)
            families.push_back({{"id", f.id}, {"tolerance", f.tolerance}, {"why", f.why}});
        for (const CalibrationRow& row : rows)
            references.push_back({{"id", row.id},
                                  {"family", row.family},
                                  {"set", std::string(referenceUseKey(row.use))},
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
        printJson(boost::json::object{
            {"families", families},
            {"sets", {{"fit", summaryJson(fit)}, {"held_out", summaryJson(heldOut)}}},
            {"references", references}});
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
            text += QStringLiteral("  %1 %2 %3 %4 %5  %6\n")
                        .arg(QStringLiteral("reference"), -52)
                        .arg(QStringLiteral("set"), -8)
                        .arg(QStringLiteral("tool"), 10)
                        .arg(QStringLiteral("published"), 10)
                        .arg(QStringLiteral("ratio"), 6)
                        .arg(QString());
        }
        within += row.within;
        text += QStringLiteral("  %1 %2 %3 %4 %5  %6\n")
                    .arg(QString::fromStdString(row.id), -52)
                    .arg(QString::fromUtf8(referenceUseKey(row.use)), -8)
                    .arg(figure(row.tool), 10)
                    .arg(figure(row.published), 10)
                    .arg(row.tool > 0 ? QString::number(row.ratio, 'f', 2) : QStringLiteral("—"), 6)
                    .arg((row.within ? QStringLiteral("ok") : QStringLiteral("OUTSIDE")) +
                         (row.tool > 0 ? QString()
                                       : QStringLiteral(" (refused: %1)")
                                             .arg(QString::fromStdString(row.detail))) +
                         (row.toleranceWhy.empty()
                              ? QString()
                              : QStringLiteral(" (±%1 %: %2)")
                                    .arg(std::lround(row.tolerance * 100))
                                    .arg(QString::fromStdString(row.toleranceWhy))));
    }
    text += QStringLiteral("\n%1 of %2 references within their tolerance. Units: output tokens/s "
                           "per GPU (inference), a ratio of them (vendor ratios), GPU-hours "
                           "(training), a ratio of training samples/s per GPU (training vendor "
                           "ratios). Sources and conditions: --json, and the references file.\n")
                .arg(within)
                .arg(rows.size());
    text += summaryText("fit (factors were chosen on these)", fit);
    text += summaryText("held_out (never used to choose a factor)", heldOut);
    printOut(text);
    return Ok;
}

} // namespace fleet::cli
