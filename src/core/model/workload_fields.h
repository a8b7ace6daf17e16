#pragma once

// One description per input field: a table per workload kind, each row one
// field of its spec (model/field_table.h has the shape of a row).

#include "model/field_table.h"
#include "model/workload.h"

#include <span>

namespace fleet {

std::span<const Field<TrainingSpec>> trainingFields();
std::span<const Field<InferenceSpec>> inferenceFields();
std::span<const Field<NotebookSpec>> notebookFields();
std::span<const Field<BatchSpec>> batchFields();

template <typename Spec> std::span<const Field<Spec>> specFields();
template <> inline std::span<const Field<TrainingSpec>> specFields<TrainingSpec>()
{
    return trainingFields();
}
template <> inline std::span<const Field<InferenceSpec>> specFields<InferenceSpec>()
{
    return inferenceFields();
}
template <> inline std::span<const Field<NotebookSpec>> specFields<NotebookSpec>()
{
    return notebookFields();
}
template <> inline std::span<const Field<BatchSpec>> specFields<BatchSpec>()
{
    return batchFields();
}

std::span<const RecordFields> workloadRecords(); ///< in WorkloadKind order
const RecordFields& workloadRecord(WorkloadKind kind);

} // namespace fleet
