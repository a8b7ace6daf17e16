#include "store/project_format_v6.h"

namespace fleet {

const char* const kRangeTableV7 = R"SQL(CREATE TABLE input_range (
    position INTEGER PRIMARY KEY,
    path TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 1000),
    low REAL NOT NULL CHECK (low BETWEEN -1e17 AND 1e17),
    likely REAL NOT NULL CHECK (likely BETWEEN -1e17 AND 1e17),
    high REAL NOT NULL CHECK (high BETWEEN -1e17 AND 1e17),
    distribution TEXT CHECK (distribution IN ('triangular', 'uniform', 'pert')),
    note TEXT,
    UNIQUE (path)
) STRICT;
)SQL";

Result<bool> addRangeTable(const sql::Database& db)
{
    return db.exec(kRangeTableV7);
}

} // namespace fleet
