#include "store/project_format_v7.h"

#include "store/project_format_v5.h"

namespace fleet {

const char* const kWorkloadTableV8 = R"SQL(CREATE TABLE workload (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('training', 'inference', 'notebooks', 'batch')),
    segment TEXT NOT NULL REFERENCES segment (id),
    start_month INTEGER CHECK (start_month BETWEEN 1 AND 120),
    end_month INTEGER CHECK (end_month BETWEEN 0 AND 120),
    choice_gpu TEXT,
    choice_regime TEXT,
    choice_profile TEXT,
    choice_plan TEXT CHECK (choice_plan IN ('on_demand', 'reserved_1y', 'reserved_3y', 'spot', 'owned')),
    note TEXT
) STRICT;
)SQL";

const char* const kSegmentRegimeTableV8 = R"SQL(CREATE TABLE segment_regime (
    segment_id TEXT NOT NULL REFERENCES segment (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    regime TEXT NOT NULL,
    PRIMARY KEY (segment_id, position)
) STRICT;
)SQL";

Result<bool> storeRegimesAsText(const sql::Database& db)
{
    static const SameColumnsTable tables[] = {
        {"workload", kWorkloadTableV8},
        {"segment_regime", kSegmentRegimeTableV8},
    };
    // The workload kinds' tables name `workload`: renaming it must not
    // rewrite their REFERENCES to the old copy, so the rename is the legacy
    // one, which leaves other tables alone (as in 4 → 5).
    return rebuildWithSameColumns(db, tables, "_v7", true);
}

} // namespace fleet
