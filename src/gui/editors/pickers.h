#pragma once

// The choices of the pickers of the Fleet, Segments and Workloads pages:
// catalog GPUs with their memory and the active book's on-demand price,
// plans with this pool's price, isolation levels, regimes, segments, and
// the MIG / AMD partition profiles a workload may be pinned to. A pin's
// first choice is "let the optimizer choose" (stored value "").

#include "editors/field_table_model.h"

namespace fleet::gui {

/// Every catalog GPU: "H100 SXM 80GB — 80 GB, $2.99/GPU-h on-demand" (or
/// "no price in <book>").
std::vector<FieldChoice> gpuChoices(const Project& project);
/// The five plans, each with `gpuId`'s price in the active book (or "no price in <book>").
std::vector<FieldChoice> planChoices(const Project& project, const std::string& gpuId);
std::vector<FieldChoice> isolationChoices();
std::vector<FieldChoice> regimeChoices();
/// The project's segments: "Enterprise (enterprise)".
std::vector<FieldChoice> segmentChoices(const Project& project);
/// The partition profiles of `gpuId` (MIG profiles, AMD compute-memory
/// pairs), or with no GPU of every GPU of the fleet (of the catalog when the
/// fleet is empty), as the engine names them (engine/resource_unit.cpp).
std::vector<FieldChoice> profileChoices(const Project& project, const std::string& gpuId);

/// `choices` after a first "let the optimizer choose" (value "").
std::vector<FieldChoice> optimizerChooses(std::vector<FieldChoice> choices);

/// The label of "let the optimizer choose".
QString optimizerChoosesLabel();

} // namespace fleet::gui
