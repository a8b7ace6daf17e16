#pragma once

// The field table of an input range (model/input_range.h): its keys in files
// (the top-level list `ranges`) and the columns of the SQLite table
// `input_range` (project format 7).

#include "model/field_table.h"
#include "model/input_range.h"

#include <span>

namespace fleet {

std::span<const Field<InputRange>> rangeFields();
const RecordFields& rangeRecord(); ///< "range", SQLite table input_range

} // namespace fleet
