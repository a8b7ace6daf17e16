#pragma once

// The Model column of the inference workloads' table: a picker of the model
// table's models (data/perf/models.json) and "none". A model sets the
// service's parameter counts, so picking one sets `params` to its active
// count (and `total_params`, when given, to its total) in the same undo
// step; "none" keeps the counts, the total as `total_params` for a mixture
// of experts, so the service is sized as before on an estimated shape.

#include "editors/field_table_model.h"

namespace fleet::gui {

/// "none" (value ""), then each known model: "DeepSeek-V3 — 671B total, 37B active".
std::vector<FieldChoice> modelChoices();

/// Turns `column` (the inference table's "model" column) into the picker.
void makeModelPicker(FieldColumn& column);

/// The edits that set inference workload `index` of `project` to `modelId`
/// ("" for none).
std::vector<FieldEdit> modelEdits(const Project& project, int index, const std::string& modelId);

} // namespace fleet::gui
