// Metamorphic relations of the ceiling the engine plans on (issue 31, item 5;
// simulate/planned_ceiling.h): a knee stored as measured for a generated
// project's own inputs, pinned or not. Each relation is a function below
// with one line saying why it must hold; the runner and the projects are in
// invariant_cases.h.

#include "invariant_edits.h"
#include "simulate/measured_ceiling.h"
#include "simulate/planned_ceiling.h"
#include "support/fleet_test.h"

#include <map>

using namespace fleet;

namespace fleet::invariants {
namespace {

/// `project` with `knee` stored as its policy's measured ceiling of its
/// current inputs, as measure-ceiling stores it (the assumed ceiling kept).
Project withMeasuredKnee(const Project& project, double knee)
{
    Project measured = project;
    const SchedulerPolicy policy = project.scheduler.policy;
    measured.scheduler.measuredUtilizationCeiling[std::size_t(policy)] = knee;
    const CeilingProvenance provenance{"by the invariants", "2026-12-06", 0.3, 1.0, 180, 42, 1.0};
    measured.note = noteWithMeasuredCeiling(project.note, {policy, knee, 0.7}, provenance,
                                            measuredInputsFingerprint(project));
    return measured;
}

/// A knee different for each seed: from 0.30 to 0.99 of the assumed ceiling.
double kneeBelow(const Case& c)
{
    return c.project.scheduler.ceiling() * (0.30 + double(c.seed % 70) / 100.0);
}

// --- the relations -------------------------------------------------------------

// A pin says "plan on the assumed ceiling": a measurement beside it is
// information for the KPI views, never an input of the plan.
Outcome pinnedCeilingPlansAsBefore(const Case& c)
{
    Project pinned = withMeasuredKnee(c.project, kneeBelow(c));
    pinned.scheduler.ceilingSource[std::size_t(pinned.scheduler.policy)] = CeilingSource::Assumed;
    const PlannedCeiling ceiling = plannedCeiling(pinned);
    if (ceiling.onMeasured() || ceiling.planned() != c.project.scheduler.ceiling())
        return broken("pinned, yet planned on %.4f (assumed %.4f)", ceiling.planned(),
                      c.project.scheduler.ceiling());
    if (!ceiling.measured)
        return broken("the measured %.4f of these inputs is not stated", kneeBelow(c));
    return sameFigures(c.evaluation(), evaluate(onPlannedCeiling(pinned, ceiling)));
}

// Not pinned, the knee of the project's own inputs is what it is planned on.
Outcome currentKneeIsPlannedOn(const Case& c)
{
    const double knee = kneeBelow(c);
    const PlannedCeiling ceiling = plannedCeiling(withMeasuredKnee(c.project, knee));
    if (!ceiling.onMeasured() || ceiling.planned() != knee)
        return broken("a knee %.4f of these inputs, planned on %.4f", knee, ceiling.planned());
    return holds();
}

// A measured ceiling below the assumed one divides the same busy hours by
// less: no option of any workload holds fewer GPUs in any month.
Outcome lowerMeasuredCeilingNeverLowersGpus(const Case& c)
{
    const Project measured = withMeasuredKnee(c.project, kneeBelow(c));
    const Evaluation after = evaluate(onPlannedCeiling(measured, plannedCeiling(measured)));
    for (std::size_t i = 0; i < after.workloads.size(); ++i) {
        const WorkloadEvaluation& was = c.evaluation().workloads[i];
        std::map<std::string, const OptionResult*> before;
        for (const OptionResult& o : was.options)
            before[describe(o)] = &o;
        for (const OptionResult& now : after.workloads[i].options) {
            const auto found = before.find(describe(now));
            if (found == before.end())
                continue;
            const OptionResult& then = *found->second;
            for (std::size_t m = 0; m < std::min(then.months.size(), now.months.size()); ++m)
                if (!atMost(then.months[m].gpuEquivalents, now.months[m].gpuEquivalents))
                    return broken("%s on %s, month %zu: %.4f → %.4f GPUs at a ceiling %.3f → "
                                  "%.3f",
                                  was.id.c_str(), describe(now).c_str(), m + 1,
                                  then.months[m].gpuEquivalents, now.months[m].gpuEquivalents,
                                  c.project.scheduler.ceiling(), kneeBelow(c));
        }
    }
    return holds();
}

} // namespace
} // namespace fleet::invariants

class TestInvariantsCeiling : public QObject
{
    Q_OBJECT
    invariants::Cases m_cases;

private slots:
    void pinnedCeilingPlansAsBefore() { FLEET_CHECK_RELATION(m_cases, pinnedCeilingPlansAsBefore); }
    void currentKneeIsPlannedOn() { FLEET_CHECK_RELATION(m_cases, currentKneeIsPlannedOn); }
    void lowerMeasuredCeilingNeverLowersGpus()
    {
        FLEET_CHECK_RELATION(m_cases, lowerMeasuredCeilingNeverLowersGpus);
    }
};

FLEET_TEST_MAIN(TestInvariantsCeiling)
#include "test_invariants_ceiling.moc"
