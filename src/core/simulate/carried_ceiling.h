#pragma once

// A measured ceiling kept across `solve --apply`: the plan pins each
// workload's choice, which changes the project's inputs (and so their
// fingerprint) without changing what the frontier simulates when the pins
// are the choices the engine made anyway. Then the knee is still the
// project's, and the applied project is planned on it, as the solve was —
// so the applied file costs what solve said. docs/MODEL.md, "Planning on the
// measured knee".

#include "model/project.h"
#include "util/result.h"

namespace fleet {

/// `applied` (`source` with a plan applied) with `source`'s measured
/// ceiling noted as of `applied`'s inputs — when `source`'s is current (its
/// noted inputs are its own) and the frontier of `applied` simulates what
/// `source`'s did: evaluated as stated, every workload has the same chosen
/// GPU, regime, profile and plan, and the job cluster is the same (nodes,
/// GPUs left to services and notebooks, load, mean run). The note's
/// sentence then says it was carried over and from which inputs.
/// `applied` unchanged when `source` has no current measured ceiling; an
/// error saying what differs when the plan changes what is simulated (then
/// it must be measured again).
Result<Project> withMeasuredCeilingCarried(const Project& source, Project applied);

} // namespace fleet
