#pragma once

// Raw SQL on a project file, bypassing FleetPlanner: for tests that inspect
// or tamper with what a migration wrote.

#include <sqlite3.h>

#include <cstdint>
#include <string>

namespace fleet::test {

/// Runs `sql` on the file at `path`; the first integer the statement yields
/// (0 when none, -1 when the file cannot be opened).
inline std::int64_t rawSql(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    std::int64_t first = 0;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK)
        return -1;
    sqlite3_exec(
        db, sql.c_str(),
        [](void* out, int columns, char** values, char**) {
            if (columns > 0 && values[0])
                *static_cast<std::int64_t*>(out) = std::stoll(values[0]);
            return 0;
        },
        &first, nullptr);
    sqlite3_close(db);
    return first;
}

} // namespace fleet::test
