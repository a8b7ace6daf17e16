#pragma once

// The field table of a segment's tenant (the shape of a row is in
// model/field_table.h). Order is the order of keys in canonical files and of
// columns in SQLite (table tenant, project format 3).

#include "model/field_table.h"
#include "model/project.h"

#include <span>

namespace fleet {

std::span<const Field<Tenant>> tenantFields();

const RecordFields& tenantRecord(); ///< "tenant", SQLite table tenant

} // namespace fleet
