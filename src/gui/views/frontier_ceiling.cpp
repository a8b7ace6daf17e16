#include "views/frontier_ceiling.h"

#include "document/project_document.h"
#include "simulate/measured_ceiling.h"
#include "simulate/project_jobs.h"

#include <QDateTime>

namespace fleet::gui {

const Frontier* policyFrontier(const PlanResults& results)
{
    const PlacementPolicy policy = placementPolicyOf(results.project.scheduler.policy);
    for (const Frontier& frontier : results.frontiers)
        if (frontier.policy == policy)
            return &frontier;
    return nullptr;
}

CeilingOutcome applyMeasuredCeiling(ProjectDocument* document, const PlanResults& results)
{
    const auto refused = [](const QString& why) { return CeilingOutcome{false, why}; };
    if (!results.frontiersCurrent)
        return refused(QObject::tr("The frontier is of an earlier state: wait for the "
                                   "simulations to finish."));
    if (!results.scenario.empty())
        return refused(QObject::tr("The frontier shown is of scenario %1: show the project as "
                                   "stated to measure its own ceiling.")
                           .arg(QString::fromStdString(results.scenario)));
    const Frontier* frontier = policyFrontier(results);
    if (!frontier)
        return refused(QObject::tr("The project has no training or batch work to simulate."));
    const auto measured = measuredCeiling(*frontier);
    if (!measured)
        return refused(QObject::tr("Not applied: %1")
                           .arg(QString::fromStdString(measured.error().messages())));
    const std::vector<double> loads = defaultProjectLoads();
    const CeilingProvenance provenance{
        "in FleetPlanner's frontier view",
        QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).toStdString(),
        loads.front(),
        loads.back(),
        frontier->simulatedDays > 0 ? frontier->simulatedDays : kDefaultSimulationDays,
        kDefaultSimulationSeed, // computeFrontiers()' seed
        frontier->simulatedShare};
    const QString policy = QString::fromUtf8(policyKey(measured.value().policy).data());
    if (auto refusal =
            document->edit(QObject::tr("Use the measured knee as the %1 ceiling").arg(policy),
                           measuredCeilingEdits(document->project(), measured.value(), provenance)))
        return refused(*refusal);
    return {true, QObject::tr("The %1 utilization ceiling is now %2, the knee the simulator "
                              "measured (load %3).")
                      .arg(policy)
                      .arg(measured.value().ceiling, 0, 'f', 3)
                      .arg(measured.value().kneeLoad, 0, 'f', 2)};
}

} // namespace fleet::gui
