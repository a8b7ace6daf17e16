#pragma once

// A workload's optional pins (model/workload.h WorkloadChoice: GPU, regime,
// MIG / AMD profile, plan) as picked columns of the Workloads page's tables.
// Each is a combo box whose first item lets the optimizer choose: picking it
// leaves the key out of the workload's "choice" object.

#include "editors/field_table_model.h"

#include <vector>

namespace fleet::gui {

/// The columns "Pinned GPU", "Pinned regime", "Pinned profile", "Pinned plan".
std::vector<FieldColumn> workloadPinColumns();

} // namespace fleet::gui
