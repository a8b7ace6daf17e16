#include "views/frontier_ceiling.h"

#include "document/project_document.h"
#include "simulate/measured_ceiling.h"
#include "simulate/project_jobs.h"
#include "simulate/project_knee.h"

#include <QDateTime>

namespace fleet::gui {

namespace {

/// The index of the project's own policy's frontier in `results`, or none.
std::optional<std::size_t> policyIndex(const PlanResults& results)
{
    const PlacementPolicy policy = placementPolicyOf(results.project.scheduler.policy);
    for (std::size_t i = 0; i < results.frontiers.size(); ++i)
        if (results.frontiers[i].policy == policy)
            return i;
    return std::nullopt;
}

} // namespace

const Frontier* policyFrontier(const PlanResults& results)
{
    const auto index = policyIndex(results);
    return index ? &results.frontiers[*index] : nullptr;
}

namespace {

/// The provenance of the knee of `results`' own policy's frontier: the seeds
/// computeFrontiers() ran (one, kDefaultSimulationSeed, when the results
/// carry no spread), noted as `simulate --apply` notes them.
CeilingProvenance frontierProvenance(const PlanResults& results, const std::string& how)
{
    const std::size_t index = *policyIndex(results);
    const SeededFrontier seeded{
        results.frontiers[index],
        index < results.kneeSpreads.size()
            ? results.kneeSpreads[index]
            : kneeSpread({results.frontiers[index]}, {kDefaultSimulationSeed})};
    return seededProvenance(
        how, QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).toStdString(),
        defaultProjectLoads(), kDefaultSimulationDays, seeded);
}

} // namespace

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
    const CeilingProvenance provenance =
        frontierProvenance(results, "in FleetPlanner's frontier view");
    const QString policy = QString::fromUtf8(policyKey(measured.value().policy).data());
    if (auto refusal = document->edit(
            QObject::tr("Use the measured knee as the %1 ceiling").arg(policy),
            measuredCeilingEdits(document->shownProject(), measured.value(), provenance)))
        return refused(*refusal);
    return {true, QObject::tr("The %1 utilization ceiling is now %2, the knee the simulator "
                              "measured (load %3).")
                      .arg(policy)
                      .arg(measured.value().ceiling, 0, 'f', 3)
                      .arg(measured.value().kneeLoad, 0, 'f', 2)};
}

std::optional<StoredKnee> storeKneeBeforeSave(ProjectDocument* document, const PlanResults& results)
{
    // Only the project as stated, simulated to the end: a scenario's
    // frontier is not the baseline's, and edits made while a scenario is
    // shown would go to its overrides.
    if (!results.frontiersCurrent || !results.scenario.empty() || !document->scenario().isEmpty() ||
        !policyFrontier(results))
        return {};
    const Frontier& frontier = *policyFrontier(results);
    const auto measured = measuredCeiling(frontier);
    // A frontier without a knee within its loads is a result too, recorded
    // as measure-ceiling records it; a bound below the first load is none.
    const bool noKnee = !measured && kneeBound(frontier) == KneeBound::AboveSweep;
    if (!measured && !noKnee)
        return {};
    const Project& project = document->project();
    // The frontier's own policy: the fingerprint leaves the policy out, so
    // the results may be of the policy the document had before.
    const auto frontierPolicy = schedulerPolicyOf(frontier.policy);
    if (!frontierPolicy)
        return {};
    const SchedulerPolicy policy = *frontierPolicy;
    const std::string inputs = measuredInputsFingerprint(project);
    if (measuredInputsFingerprint(results.project) != inputs)
        return {};
    // Anything already recorded for these inputs is left as it is (a knee
    // measured with other seeds included): a save changes no measurement.
    if (notedNoKneeInputs(project, policy) == inputs ||
        (project.scheduler.measuredUtilizationCeiling[std::size_t(policy)] &&
         notedMeasuredInputs(project, policy) == inputs))
        return {};
    const CeilingProvenance provenance =
        frontierProvenance(results, "by FleetPlanner in the background (stored when saved)");
    const auto refused =
        noKnee ? document->edit(QObject::tr("Record that these inputs' frontier has no knee"),
                                noKneeEdits(project, policy, provenance))
               : document->edit(QObject::tr("Store the measured knee of these inputs"),
                                measurementEdits(project, measured.value(), provenance));
    if (refused)
        return {}; // a read-only document: saved as it is
    return StoredKnee{noKnee ? std::nullopt : std::optional<double>(measured.value().ceiling)};
}

} // namespace fleet::gui
