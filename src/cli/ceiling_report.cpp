#include "ceiling_report.h"

#include "simulate/measured_ceiling.h"
#include "simulate/project_jobs.h"
#include "simulate/project_knee.h"
#include "store/project_json.h"

namespace fleet::cli {

namespace {
/// How a user measures the knee from the command line.
constexpr const char* kToMeasure = "run fleetplanner-cli measure-ceiling PROJECT -o PROJECT to "
                                   "measure it, or evaluate --measure-ceiling for this run";
} // namespace

std::optional<double> kneeMeasuredNow(const Project& project, const Evaluation& evaluation,
                                      int seeds, std::string* how)
{
    const ProjectCluster cluster = projectCluster(project, evaluation);
    if (cluster.nominalLoad <= 0) {
        *how = "not measured: the project has no training or batch work to simulate";
        return std::nullopt;
    }
    const SeededFrontier seeded = seededProjectFrontier(
        project, evaluation, cluster, placementPolicyOf(project.scheduler.policy),
        defaultProjectLoads(), kDefaultSimulationDays, kDefaultSimulationSeed, seeds);
    if (kneeBound(seeded.frontier) != KneeBound::Inside) {
        *how = "not measured: the knee is " + kneeLoadText(seeded.frontier) +
               " (outside the loads swept, " + kDefaultProjectLoads + ")";
        return std::nullopt;
    }
    *how = "simulated now: the median of " + std::to_string(seeds) + " seeds' knees, loads " +
           kDefaultProjectLoads;
    return seeded.frontier.kneeUtilization;
}

CeilingReport ceilingReport(const Project& project, const Project* stated, bool measured,
                            std::optional<double> measuredNow, const std::string& nowHow)
{
    CeilingReport report;
    report.planned = measured && measuredNow
                         ? plannedCeiling(project, stated, nullptr, measuredNow, nowHow)
                         : plannedCeiling(project, stated);
    report.how = report.planned.measured ? report.planned.measuredHow
                 : measured              ? nowHow
                                         : std::string();
    if (const auto statement =
            assumedVersusMeasured(project.scheduler, report.planned.measured, report.how)) {
        report.differs = true;
        if (!report.planned.onMeasured())
            report.statement = *statement;
    }
    // A measurement just tried and refused says why; measuring again would
    // say the same, so the sentence does not ask for it.
    report.sentence = plannedCeilingSentence(
        report.planned, measured && !report.planned.measured ? report.how : kToMeasure);
    return report;
}

std::optional<Project> statedProject(const QCommandLineParser& parser)
{
    if (!parser.optionNames().contains(QStringLiteral("scenario")) ||
        parser.value(QStringLiteral("scenario")).isEmpty() ||
        parser.positionalArguments().isEmpty())
        return std::nullopt;
    auto stated = loadProject(parser.positionalArguments().first().toStdString(), {});
    if (!stated)
        return std::nullopt; // loaded with its scenario already: cannot fail here
    return std::move(stated).value();
}

QString ceilingReportText(const CeilingReport& report)
{
    QString sentence = QString::fromStdString(report.sentence);
    sentence[0] = sentence[0].toUpper(); // "Utilization ceiling of …"
    QString text = sentence + QLatin1Char('\n');
    if (!report.statement.empty()) {
        QString statement = QString::fromStdString(report.statement);
        statement[0] = statement[0].toUpper(); // "The utilization ceiling of …"
        text += QStringLiteral("warning: %1\n").arg(statement);
    }
    return text;
}

boost::json::object ceilingReportJson(const CeilingReport& report)
{
    const PlannedCeiling& c = report.planned;
    const auto optional = [](std::optional<double> v) {
        return v ? boost::json::value(*v) : boost::json::value(nullptr);
    };
    return boost::json::object{{"policy", std::string(policyKey(c.policy))},
                               {"assumed", c.assumed},
                               {"measured", optional(c.measured)},
                               {"measured_how", report.how},
                               {"planned", c.planned()},
                               {"basis", c.onMeasured() ? "measured" : "assumed"},
                               {"pinned", c.pinned},
                               {"plans_work", c.plansWork},
                               {"measured_no_knee", c.noKnee},
                               {"measured_not_current", optional(c.notCurrent)},
                               {"planned_statement", report.sentence},
                               {"tolerance", kCeilingToleranceFraction},
                               {"differs", report.differs},
                               {"statement", report.statement.empty()
                                                 ? boost::json::value(nullptr)
                                                 : boost::json::value(report.statement)}};
}

} // namespace fleet::cli
