#include "simulate/planned_ceiling.h"

#include "simulate/measured_ceiling.h"

#include <algorithm>
#include <cstdio>

namespace fleet {

void MeasuredKnees::add(const std::string& inputs, SchedulerPolicy policy, double knee)
{
    const std::lock_guard lock(m_mutex);
    std::optional<double>& kept = m_knees[inputs][static_cast<std::size_t>(policy)];
    if (kept != knee)
        ++m_generation;
    kept = knee;
    m_latest[static_cast<std::size_t>(policy)] = knee;
    m_withoutKnee.erase({inputs, policy});
}

void MeasuredKnees::addWithoutKnee(const std::string& inputs, SchedulerPolicy policy)
{
    const std::lock_guard lock(m_mutex);
    if (m_withoutKnee.insert({inputs, policy}).second)
        ++m_generation;
}

bool MeasuredKnees::foundNoKnee(const std::string& inputs, SchedulerPolicy policy) const
{
    const std::lock_guard lock(m_mutex);
    return m_withoutKnee.count({inputs, policy}) > 0;
}

std::optional<double> MeasuredKnees::latest(SchedulerPolicy policy) const
{
    const std::lock_guard lock(m_mutex);
    return m_latest[static_cast<std::size_t>(policy)];
}

void MeasuredKnees::setMeasuring(bool measuring)
{
    const std::lock_guard lock(m_mutex);
    m_measuring = measuring;
}

bool MeasuredKnees::measuring() const
{
    const std::lock_guard lock(m_mutex);
    return m_measuring;
}

std::uint64_t MeasuredKnees::generation() const
{
    const std::lock_guard lock(m_mutex);
    return m_generation;
}

std::optional<double> MeasuredKnees::find(const std::string& inputs, SchedulerPolicy policy) const
{
    const std::lock_guard lock(m_mutex);
    const auto it = m_knees.find(inputs);
    return it == m_knees.end() ? std::nullopt : it->second[static_cast<std::size_t>(policy)];
}

bool MeasuredKnees::empty() const
{
    const std::lock_guard lock(m_mutex);
    return m_knees.empty() && m_withoutKnee.empty();
}

namespace {

/// Nothing current for the snapshot: while the session measures in the
/// background, the plan is on a knee of earlier inputs (the last simulated,
/// else the stored one) until these inputs' lands.
PlannedCeiling provisionally(PlannedCeiling c, const MeasuredKnees* session)
{
    if (!session || !session->measuring() || c.pinned || !c.plansWork)
        return c;
    const std::optional<double> knee =
        session->latest(c.policy) ? session->latest(c.policy) : c.notCurrent;
    if (!knee)
        return c;
    c.measured = knee;
    c.provisional = true;
    c.measuredHow = "a knee of earlier inputs, until these are measured in the background";
    return c;
}

} // namespace

PlannedCeiling plannedCeiling(const Project& planned, const Project* stated,
                              const MeasuredKnees* session, std::optional<double> measuredNow,
                              const std::string& measuredNowHow)
{
    PlannedCeiling c;
    const Scheduler& scheduler = planned.scheduler;
    c.policy = scheduler.policy;
    c.assumed = scheduler.ceiling();
    c.pinned = scheduler.ceilingPinned();
    c.plansWork =
        std::any_of(planned.workloads.begin(), planned.workloads.end(), [](const Workload& w) {
            return w.kind() == WorkloadKind::Training || w.kind() == WorkloadKind::Batch;
        });
    if (measuredNow) {
        c.measured = measuredNow;
        c.measuredHow = measuredNowHow;
        return c;
    }
    const Project& asStated = stated ? *stated : planned;
    const auto stored =
        asStated.scheduler.measuredUtilizationCeiling[static_cast<std::size_t>(c.policy)];
    const auto noted = stored ? notedMeasuredInputs(asStated, c.policy) : std::nullopt;
    const auto noKnee = notedNoKneeInputs(asStated, c.policy);
    const bool sessionKnees = session && !session->empty();
    // Nothing to compare: no fingerprint computed (evaluate's path at scale).
    if (!noted && !noKnee && !sessionKnees) {
        c.notCurrent = stored;
        return provisionally(c, session);
    }
    // Each fingerprint once: a serialization of the whole project.
    const std::string own =
        sessionKnees || !stated ? measuredInputsFingerprint(planned) : std::string();
    // A knee simulated for exactly these inputs first (the frontier the app shows).
    if (sessionKnees)
        if (const auto knee = session->find(own, c.policy)) {
            c.measured = knee;
            c.measuredHow = "simulated in the background for these inputs";
            // The project's own knee, when of other inputs: the app says so
            // (both fingerprints are at hand here, off the GUI thread).
            if (!stated && noted && *noted != own)
                c.notCurrent = stored;
            return c;
        }
    const std::string inputs = stated ? measuredInputsFingerprint(*stated) : own;
    if (noted && *noted == inputs) {
        c.measured = stored;
        c.measuredHow = stated ? "measured for the project as stated"
                               : "the project's measured ceiling, of these inputs";
        return c;
    }
    if (sessionKnees && stated)
        if (const auto knee = session->find(inputs, c.policy)) {
            c.measured = knee;
            c.measuredHow = "simulated in the background for the project as stated";
            return c;
        }
    c.notCurrent = stored;
    // These inputs' frontier has no knee, as the project records it or this
    // session simulated it: nothing to plan on provisionally, nothing to
    // measure again.
    if ((noKnee && *noKnee == inputs) || (sessionKnees && session->foundNoKnee(own, c.policy))) {
        c.noKnee = true;
        return c;
    }
    return provisionally(c, session);
}

Project onPlannedCeiling(Project project, const PlannedCeiling& ceiling)
{
    const auto index = static_cast<std::size_t>(ceiling.policy);
    project.scheduler.utilizationCeiling[index] = ceiling.planned();
    // The knee the engine's assumed-against-measured alert compares with is
    // the one measured for these inputs, if any: not a stored knee of other
    // inputs, nor a provisional one of earlier inputs. Those are said in
    // their own words (the ceiling sentence, evaluate's stale warning); the
    // alert would call them "measured for this project".
    project.scheduler.measuredUtilizationCeiling[index] =
        ceiling.provisional ? std::nullopt : ceiling.measured;
    return project;
}

std::string plannedCeilingSentence(const PlannedCeiling& ceiling, const std::string& toMeasure)
{
    const std::string policy(policyKey(ceiling.policy));
    char text[160];
    if (ceiling.onMeasured()) {
        std::snprintf(text, sizeof text, "planned on measured %.2f (assumed %.2f; ",
                      *ceiling.measured, ceiling.assumed);
        return "utilization ceiling of " + policy + ": " + text + ceiling.measuredHow + ")";
    }
    if (!ceiling.plansWork) {
        std::snprintf(text, sizeof text, "assumed %.2f, which plans no workload here",
                      ceiling.assumed);
        return "utilization ceiling of " + policy + ": " + text +
               " (no training or batch work; nothing to measure)";
    }
    std::snprintf(text, sizeof text, "planned on assumed %.2f", ceiling.assumed);
    std::string sentence = "utilization ceiling of " + policy + ": " + text;
    if (ceiling.pinned) {
        sentence += ", pinned (ceiling_source assumed)";
        if (ceiling.measured) {
            std::snprintf(text, sizeof text, "; measured %.2f for this project (",
                          *ceiling.measured);
            return sentence + text + ceiling.measuredHow + ")";
        }
        return sentence + (ceiling.noKnee ? "; no knee for these inputs within the loads swept"
                                          : "; not measured for these inputs");
    }
    if (ceiling.noKnee)
        return sentence + " (its frontier, simulated for these inputs, has no knee within the "
                          "loads swept: the assumed ceiling stands)";
    if (ceiling.notCurrent) {
        std::snprintf(text, sizeof text,
                      " (the measured %.3f is not of these inputs: an earlier version, or its "
                      "inputs were not noted",
                      *ceiling.notCurrent);
        sentence += text;
    } else {
        sentence += " (not measured for these inputs";
    }
    return sentence + (toMeasure.empty() ? std::string() : "; " + toMeasure) + ")";
}

} // namespace fleet
