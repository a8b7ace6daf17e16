#pragma once

// The field tables of a fleet pool and a customer segment (the shape of a row
// is in model/field_table.h). Order is the order of keys in canonical files
// and of columns in SQLite.

#include "model/field_table.h"
#include "model/project.h"

#include <span>

namespace fleet {

std::span<const Field<FleetPool>> poolFields();
std::span<const Field<Segment>> segmentFields();

const RecordFields& poolRecord();    ///< "pool", SQLite table fleet_pool
const RecordFields& segmentRecord(); ///< "segment", SQLite table segment

/// Every record with a field table, workload kinds first: what `fleetplanner-cli
/// fields` lists.
std::vector<const RecordFields*> allRecords();

} // namespace fleet
