#pragma once

// Which utilization ceiling the engine plans a snapshot on: the knee measured
// for the snapshot's inputs when there is one and the user has not pinned the
// assumed ceiling (Scheduler::ceilingSource), else the assumed ceiling — and
// the sentence every KPI view says about it. docs/MODEL.md, "Planning on the
// measured knee".
//
// A measurement is current when it was measured on the inputs the snapshot
// has (measuredInputsFingerprint()): the project's own measured ceiling with
// the fingerprint its note records (written by `measure-ceiling`, `simulate
// --apply` or the frontier view's button), or a knee the app simulated in the
// background this session (MeasuredKnees). Nothing here simulates.

#include "model/project.h"

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace fleet {

/// Knees simulated this session, by the fingerprint of the inputs they were
/// simulated on (the app's background frontiers). Shared between threads.
class MeasuredKnees
{
public:
    void add(const std::string& inputs, SchedulerPolicy policy, double knee);
    /// The frontier of `policy` simulated on `inputs` has no knee within its
    /// loads: those inputs plan on the assumed ceiling, said so
    /// (PlannedCeiling::noKnee), never on a provisional knee.
    void addWithoutKnee(const std::string& inputs, SchedulerPolicy policy);
    std::optional<double> find(const std::string& inputs, SchedulerPolicy policy) const;
    bool foundNoKnee(const std::string& inputs, SchedulerPolicy policy) const;
    /// The knee of `policy` added last, whatever its inputs.
    std::optional<double> latest(SchedulerPolicy policy) const;
    /// Nothing simulated yet: no knee and no frontier without one.
    bool empty() const;
    /// Whether the knees of new inputs are being simulated (the app's
    /// background part is on): only then is a knee of earlier inputs planned
    /// on provisionally (plannedCeiling()).
    void setMeasuring(bool measuring);
    bool measuring() const;
    /// Counts the knees added that were new or moved: a view that planned
    /// on these knees is out of date when it differs from what it saw.
    std::uint64_t generation() const;

private:
    mutable std::mutex m_mutex;
    std::uint64_t m_generation = 0;
    std::array<std::optional<double>, 3> m_latest{};
    std::set<std::pair<std::string, SchedulerPolicy>> m_withoutKnee;
    bool m_measuring = false;
    std::map<std::string, std::array<std::optional<double>, 3>> m_knees;
};

struct PlannedCeiling
{
    SchedulerPolicy policy = SchedulerPolicy::TopologyAware;
    double assumed = 0; ///< the project's utilization_ceiling of the policy
    /// The knee measured for these inputs (current), when there is one.
    std::optional<double> measured;
    std::string measuredHow; ///< where `measured` comes from
    bool pinned = false;     ///< ceiling_source "assumed"
    /// A measured ceiling the project holds that is not of these inputs (of
    /// an earlier version, or noted without its inputs): said, not planned on.
    /// Also set beside a knee simulated this session for these inputs, when
    /// the project's stored one is of others.
    std::optional<double> notCurrent;
    /// `measured` is a knee of other inputs (the last simulated this session,
    /// else the project's stored one), planned on until the knee of these
    /// inputs lands from the background: the figures do not jump to the
    /// assumed ceiling and back on every edit. Only with a session that is
    /// measuring.
    bool provisional = false;
    /// Whether any workload is planned on the ceiling: only training and
    /// batch work is (engine/option_context.h, heldHoursForJobs). Without
    /// it there is nothing to simulate and nothing to measure, and the
    /// sentence says so rather than asking for a measurement.
    bool plansWork = true;
    /// Nothing measured, because the frontier of exactly these inputs has no
    /// knee within the loads swept — as the project records it
    /// (notedNoKneeInputs()) or as this session simulated it
    /// (MeasuredKnees::foundNoKnee()): the assumed ceiling stands, and there
    /// is nothing to measure again.
    bool noKnee = false;

    bool onMeasured() const { return measured && !pinned; }
    double planned() const { return onMeasured() ? *measured : assumed; }
};

/// The ceiling `planned` (the snapshot) is planned on. `stated`, when a
/// scenario is applied to `planned`, is the project as stated: its measured
/// ceiling counts when its noted inputs are its own (a scenario plans on the
/// knee of the project as stated, saying so, unless one was simulated for
/// the scenario's own inputs). Without `stated`, `planned` is the project as
/// stated. `session`, when given, holds knees simulated in the background;
/// when it is measuring and nothing is current, the plan is on a knee of
/// earlier inputs (PlannedCeiling::provisional). `measuredNow` (evaluate
/// --measure-ceiling) is a knee simulated just now on `planned`'s inputs
/// and comes before both. Fingerprints are computed only when there is a
/// measurement to compare (not when pinned).
PlannedCeiling plannedCeiling(const Project& planned, const Project* stated = nullptr,
                              const MeasuredKnees* session = nullptr,
                              std::optional<double> measuredNow = std::nullopt,
                              const std::string& measuredNowHow = {});

/// `project` with its policy's utilization ceiling set to the planned one,
/// and its measured ceiling to the knee measured for these inputs (none for
/// a stale or provisional knee): what the engine evaluates. Never saved: the
/// assumed ceiling stays in the PlannedCeiling.
Project onPlannedCeiling(Project project, const PlannedCeiling& ceiling);

/// What every KPI view says about the ceiling: "planned on measured 0.65
/// (topology_aware; assumed 0.85)", "planned on assumed 0.85 (pinned;
/// measured 0.65 for this project)", "planned on assumed 0.85 (not measured
/// for these inputs; …)". `toMeasure` ends the last: how to measure (the CLI:
/// "run fleetplanner-cli measure-ceiling PROJECT -o PROJECT"; the app:
/// "measuring…"). A ceiling that plans no work: "assumed 0.85, which plans
/// no workload here (no training or batch work)", whatever `toMeasure`.
std::string plannedCeilingSentence(const PlannedCeiling& ceiling, const std::string& toMeasure);

} // namespace fleet
