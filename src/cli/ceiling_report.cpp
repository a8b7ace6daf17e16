#include "ceiling_report.h"

#include "simulate/measured_ceiling.h"
#include "simulate/project_jobs.h"
#include "simulate/project_knee.h"

namespace fleet::cli {

CeilingReport ceilingReport(const Project& project, const Evaluation& evaluation, bool measure,
                            int seeds)
{
    CeilingReport report;
    report.policy = project.scheduler.policy;
    report.assumed = project.scheduler.ceiling();
    if (measure) {
        const ProjectCluster cluster = projectCluster(project, evaluation);
        if (cluster.nominalLoad > 0) {
            const SeededFrontier seeded = seededProjectFrontier(
                project, evaluation, cluster, placementPolicyOf(report.policy),
                defaultProjectLoads(), kDefaultSimulationDays, 42, seeds);
            if (kneeBound(seeded.frontier) == KneeBound::Inside) {
                report.measured = seeded.frontier.kneeUtilization;
                report.how = "simulated now: the median of " + std::to_string(seeds) +
                             " seeds' knees, loads " + kDefaultProjectLoads;
            } else {
                report.how = "not measured: the knee is " + kneeLoadText(seeded.frontier) +
                             " (outside the loads swept, " + kDefaultProjectLoads + ")";
            }
        } else {
            report.how = "not measured: the project has no training or batch work to simulate";
        }
    } else if (const auto stored = project.scheduler.measuredCeiling();
               stored && !staleMeasuredCeiling(project)) {
        report.measured = stored;
        report.how = "the project's measured ceiling";
    }
    if (const auto statement = assumedVersusMeasured(project.scheduler, report.measured,
                                                     report.measured ? report.how : ""))
        report.statement = *statement;
    return report;
}

QString ceilingReportText(const CeilingReport& report)
{
    const QString policy = QString::fromUtf8(policyKey(report.policy).data());
    if (!report.statement.empty()) {
        QString statement = QString::fromStdString(report.statement);
        statement[0] = statement[0].toUpper(); // "The utilization ceiling of …"
        return QStringLiteral("warning: %1\n").arg(statement);
    }
    if (report.measured)
        return QStringLiteral("Utilization ceiling of %1: assumed %2, measured %3 for this "
                              "project (%4): within %5\n")
            .arg(policy)
            .arg(report.assumed, 0, 'f', 2)
            .arg(*report.measured, 0, 'f', 2)
            .arg(QString::fromStdString(report.how))
            .arg(kCeilingToleranceFraction, 0, 'f', 2);
    return QStringLiteral("Utilization ceiling of %1: assumed %2, %3 (evaluate "
                          "--measure-ceiling simulates it; simulate PROJECT --apply writes it)\n")
        .arg(policy)
        .arg(report.assumed, 0, 'f', 2)
        .arg(report.how.empty() ? QStringLiteral("not measured for this project")
                                : QString::fromStdString(report.how));
}

boost::json::object ceilingReportJson(const CeilingReport& report)
{
    return boost::json::object{{"policy", std::string(policyKey(report.policy))},
                               {"assumed", report.assumed},
                               {"measured", report.measured ? boost::json::value(*report.measured)
                                                            : boost::json::value(nullptr)},
                               {"measured_how", report.how},
                               {"tolerance", kCeilingToleranceFraction},
                               {"differs", !report.statement.empty()},
                               {"statement", report.statement.empty()
                                                 ? boost::json::value(nullptr)
                                                 : boost::json::value(report.statement)}};
}

} // namespace fleet::cli
