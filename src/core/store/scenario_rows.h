#pragma once

// A scenario's overrides of workload fields, applied one row at a time. An
// edit made while a scenario is shown changes that scenario's overrides of
// one workload (scenario_recorder.h); checking and showing it used to write
// the whole project as JSON, re-read it, and apply the scenario to all of it
// again (241–362 ms of the GUI thread at 10,000 workloads). When what
// changed between two states of a scenario's overrides is overrides of
// workload fields alone, the project with the scenario applied differs only
// in those rows, and each is re-read alone, with the reader files go
// through, in the context of the project with the scenario applied (its
// segments, horizon and catalog: what a row's rules read).

#include "model/project.h"
#include "util/result.h"

#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// The ids of the workload rows whose overrides differ between `before` and
/// `after` (one scenario's overrides before and after a change), in the
/// order `after` names them; nullopt when some override that differs names
/// anything but a field of a workload row, or when an override of either
/// reaches the workloads other than through a field of a row (the list, a
/// whole row, a row's id): then the scenario is applied whole.
std::optional<std::vector<std::string>>
changedWorkloadRows(const std::vector<ScenarioOverride>& before,
                    const std::vector<ScenarioOverride>& after);

/// Workload `row` of `base` (the project as stated) with the overrides of
/// `scenario` that name its fields applied in their order, read in the
/// context of `shown` (`base` with the scenario applied). A refusal names
/// the scenario and the field by id, as loading the project would.
Result<Workload> scenarioWorkloadRow(const Project& base, std::size_t row, const Scenario& scenario,
                                     const Project& shown, const std::string& file);

/// `shown` (`base` with scenario `after.id` applied as its overrides were
/// `before`) brought to `after`, re-reading only the workload rows
/// changedWorkloadRows() names; its scenario list becomes `base`'s. Returns
/// the rows changed, or nullopt (`shown` unchanged) when the change is not
/// of that kind, or a row is refused: then apply the scenario whole.
std::optional<std::vector<std::size_t>>
reapplyScenarioRows(const Project& base, const std::vector<ScenarioOverride>& before,
                    const Scenario& after, Project& shown);

} // namespace fleet
