#pragma once

// From simulator to planner: the knee of a policy's simulated frontier
// becomes that policy's utilization ceiling (Scheduler::utilizationCeiling),
// noted as measured — as packing does for the shared-GPU packing efficiency —
// and kept as the measured ceiling, so evaluate can warn when the assumed
// ceiling drifts from it.

#include "model/assumptions.h"
#include "simulate/frontier.h"
#include "store/project_edit.h"
#include "util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// The scheduler policy a placement policy stands for (naive, topology-aware
/// and predictive preemption); none for fifo and weighted_fair, which have no
/// ceiling of their own in the engine.
std::optional<SchedulerPolicy> schedulerPolicyOf(PlacementPolicy policy);
PlacementPolicy placementPolicyOf(SchedulerPolicy policy);

struct MeasuredCeiling
{
    SchedulerPolicy policy = SchedulerPolicy::TopologyAware;
    double ceiling = 0;  ///< useful utilization at the knee (a fraction)
    double kneeLoad = 0; ///< the offered load at the knee
};

/// The one rule that turns a frontier into a utilization ceiling: the useful
/// utilization at its knee (Frontier::kneeUtilization — the work a provider
/// can sell before a class of jobs waits longer than it runs). Refused, with
/// the reason, when the frontier found no knee within the loads swept, or is
/// of a policy the engine has no ceiling for.
Result<MeasuredCeiling> measuredCeiling(const Frontier& frontier);

/// How a ceiling was measured, for the project's note.
struct CeilingProvenance
{
    std::string how;  ///< "by fleetplanner-cli simulate", "in FleetPlanner's frontier view"
    std::string date; ///< ISO date of the measurement (UTC)
    double fromLoad = 0, toLoad = 0, days = 0;
    std::uint64_t seed = 0;
    double simulatedShare = 1.0; ///< Frontier::simulatedShare
    /// Seeds seed, seed + 1, … the knee is the median over (1: one seed), and
    /// the lowest and highest of their knees (simulate/knee_spread.h).
    int seeds = 1;
    double lowKnee = 0, highKnee = 0;
};

/// `note` with one sentence saying the policy's ceiling was measured, how
/// and when, and on which inputs (`inputs`, a measuredInputsFingerprint(),
/// when given); an earlier such sentence for the same policy is replaced.
std::string noteWithMeasuredCeiling(const std::string& note, const MeasuredCeiling& measured,
                                    const CeilingProvenance& provenance,
                                    const std::string& inputs = {});

/// `note` without its measured-ceiling sentence for `policy` (the one
/// noteWithMeasuredCeiling() writes), if it has one.
std::string noteWithoutMeasuredCeiling(std::string note, SchedulerPolicy policy);

/// 16 hex digits naming what a frontier of `project` simulates: the project's
/// canonical JSON without what the measurement itself writes or never reads
/// (name, description, note, scenarios, the format's version, the scheduler's
/// policy, ceilings and measured ceilings). Any edit of workloads, pools,
/// segments, prices or assumptions changes it. docs/MODEL.md, "Ceilings from
/// the simulator".
std::string measuredInputsFingerprint(const Project& project);

/// The fingerprint of the inputs `policy`'s measured ceiling was measured
/// on, as the project's note records it; none when the note has no such
/// sentence or it was written before fingerprints were noted.
std::optional<std::string> notedMeasuredInputs(const Project& project, SchedulerPolicy policy);

/// `note` with `policy`'s measured-ceiling sentence noting `inputs` (a
/// measuredInputsFingerprint()) in place of the inputs it noted, followed by
/// `why` in brackets; `note` unchanged when it has no such sentence with
/// inputs.
std::string noteWithInputsRenoted(const std::string& note, SchedulerPolicy policy,
                                  const std::string& inputs, const std::string& why);

/// When the project's note says its policy's ceiling was measured on inputs
/// other than the project's now: the sentence saying so, for evaluate and
/// the app. None when it was not measured, or measured before fingerprints
/// were noted (nothing to compare).
std::optional<std::string> staleMeasuredCeiling(const Project& project);

/// The ceiling the engine plans on against the one measured for this
/// project, when they differ by more than kCeilingToleranceFraction: "the
/// utilization ceiling of topology_aware: assumed 0.85, measured 0.65 for
/// this project (…)". `measured` is the knee of the project's policy (the
/// project's own measured ceiling, or a frontier just simulated); `how` says
/// where it comes from ("the median of 5 seeds' knees"). None when they
/// agree within the tolerance or nothing was measured.
std::optional<std::string> assumedVersusMeasured(const Scheduler& scheduler,
                                                 std::optional<double> measured,
                                                 const std::string& how);

/// A frontier of `policy` simulated on a project's inputs without a knee
/// within its loads (not a bound below the first load: that is no
/// measurement): recorded so that the project says its assumed ceiling
/// stands for these inputs rather than asking for a measurement that would
/// find none. The note's sentence: "Frontier of POLICY without a knee within
/// loads 0.30 to 1.00 (…; inputs FINGERPRINT); the assumed ceiling stands."
/// `note` with that sentence, an earlier one for the policy replaced, and
/// the policy's measured-ceiling sentence removed (the latest measurement
/// wins: a stored knee is then of no noted inputs, and not planned on).
std::string noteWithNoKnee(const std::string& note, SchedulerPolicy policy,
                           const CeilingProvenance& provenance, const std::string& inputs);

/// `note` without `policy`'s no-knee sentence (noteWithNoKnee()), if any.
std::string noteWithoutNoKnee(std::string note, SchedulerPolicy policy);

/// The fingerprint of the inputs whose frontier of `policy` the note records
/// as without a knee; none when it records none.
std::optional<std::string> notedNoKneeInputs(const Project& project, SchedulerPolicy policy);

/// The edit that records `policy`'s frontier of `project`'s current inputs
/// as without a knee (`measure-ceiling` when it finds none): the note only;
/// the ceilings are left as they are.
std::vector<FieldEdit> noKneeEdits(const Project& project, SchedulerPolicy policy,
                                   const CeilingProvenance& provenance);

/// The edits that store `measured` in `project` as the knee of its current
/// inputs, leaving the assumed ceiling as it is: the policy's measured
/// ceiling and the note with the inputs' fingerprint (`measure-ceiling`).
std::vector<FieldEdit> measurementEdits(const Project& project, const MeasuredCeiling& measured,
                                        const CeilingProvenance& provenance);

/// The edits that write `measured` into `project`: the policy's utilization
/// ceiling too (measurementEdits() and the assumed ceiling set to the knee)
/// — one step in the app.
std::vector<FieldEdit> measuredCeilingEdits(const Project& project, const MeasuredCeiling& measured,
                                            const CeilingProvenance& provenance);

} // namespace fleet
