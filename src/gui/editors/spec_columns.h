#pragma once

// The columns of a workload kind's own fields, one per row of its field
// table (model/workload_fields.h): header, unit, display scale, help and
// editor (number, check box, or a pick among the allowed keys) all come from
// the table, as the reader, the writer and the SQLite rows do. A field added
// to the table appears here without a line of its own.

#include "editors/field_table_model.h"
#include "model/workload.h"

#include <vector>

namespace fleet::gui {

template <typename Spec> std::vector<FieldColumn> specColumns();

} // namespace fleet::gui
