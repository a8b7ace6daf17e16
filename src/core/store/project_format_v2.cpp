#include "store/project_format_v2.h"

namespace fleet {

const char* const kTenantTableV3 = R"SQL(CREATE TABLE tenant (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    segment TEXT NOT NULL REFERENCES segment (id),
    count INTEGER CHECK (count BETWEEN 1 AND 100000),
    quota_gpus REAL CHECK (quota_gpus > 0 AND quota_gpus <= 1e7),
    quota_gpu_hours_per_month REAL CHECK (quota_gpu_hours_per_month > 0 AND quota_gpu_hours_per_month <= 1e10),
    cost_weight REAL CHECK (cost_weight > 0 AND cost_weight <= 1000),
    priority_tier INTEGER CHECK (priority_tier BETWEEN 0 AND 9),
    note TEXT
) STRICT;
)SQL";

Result<bool> addTenantTable(const sql::Database& db)
{
    return db.exec(kTenantTableV3);
}

} // namespace fleet
