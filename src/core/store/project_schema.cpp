#include "store/project_schema.h"

#include "store/field_sql.h"
#include "store/project_format_v1.h"
#include "store/project_format_v2.h"
#include "store/project_format_v3.h"
#include "store/project_format_v4.h"
#include "store/project_format_v5.h"
#include "store/project_format_v6.h"
#include "store/project_format_v7.h"

#include <map>

namespace fleet {

namespace {

// The project's table comes first, generated from its field table
// (model/project_fields.h, store/field_sql.h), after a newline.
const char* const kSchema = R"SQL(CREATE TABLE setting_override (
    position INTEGER PRIMARY KEY,
    section TEXT NOT NULL CHECK (section = 'assumptions' OR section GLOB 'regimes/*' OR section GLOB 'scheduler/*'),
    key TEXT NOT NULL,
    value_json TEXT NOT NULL CHECK (json_valid(value_json)),
    UNIQUE (section, key)
) STRICT;
CREATE TABLE source (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    publisher TEXT NOT NULL,
    url TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('primary', 'secondary', 'derived', 'seed', 'assumption')),
    note TEXT
) STRICT;
CREATE TABLE price_book (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    currency TEXT NOT NULL CHECK (currency = 'USD'),
    as_of TEXT NOT NULL,
    description TEXT
) STRICT;
CREATE TABLE gpu_price (
    book_id TEXT NOT NULL REFERENCES price_book (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    gpu TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (book_id, gpu),
    UNIQUE (book_id, position)
) STRICT;
)SQL";

// The fleet pools' and segments' tables (with segment_regime) come between
// these two parts, generated from their field tables (store/field_sql.h).
// choice_regime is a regime's key as text: the reader checks it against the
// registry (workload_json.cpp), so a new regime needs no schema step
// (version 8; store/project_format_v7.h).
const char* const kSchemaWorkload = R"SQL(CREATE TABLE workload (
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

// The workload kinds' tables (training_workload … batch_workload) come between
// these two parts, generated from the field tables (store/field_sql.h).
// Then the scenarios' table, from its field table, this part, and last the
// tenants' table (format 3), from its field table.
const char* const kSchemaAfterScenario = R"SQL(CREATE TABLE scenario_override (
    scenario_id TEXT NOT NULL REFERENCES scenario (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    path TEXT NOT NULL CHECK (substr(path, 1, 1) = '/'),
    value_json TEXT NOT NULL CHECK (json_valid(value_json)),
    PRIMARY KEY (scenario_id, position)
) STRICT;
)SQL";

struct SchemaObject
{
    std::string type;
    std::string table;
    std::string sql;
    bool operator==(const SchemaObject&) const = default;
};

Result<std::map<std::string, SchemaObject>> schemaObjects(const sql::Database& db)
{
    auto statement =
        db.prepare("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema");
    if (!statement)
        return statement.error();
    std::map<std::string, SchemaObject> objects;
    while (true) {
        auto row = statement.value().step();
        if (!row)
            return row.error();
        if (!row.value())
            break;
        objects[statement.value().text(1)] = {statement.value().text(0), statement.value().text(2),
                                              statement.value().text(3)};
    }
    return objects;
}

} // namespace

const std::string& projectSchemaSql()
{
    static const std::string sql = "\n" + rows::projectTableSql() + kSchema +
                                   rows::priceEntryTablesSql() + rows::poolAndSegmentTablesSql() +
                                   kSchemaWorkload + rows::specTablesSql() +
                                   rows::scenarioTableSql() + kSchemaAfterScenario +
                                   rows::tenantTableSql() + rows::rangeTableSql();
    return sql;
}

std::span<const Migration> migrations()
{
    static const Migration steps[] = {
        {1, "scenario overrides name pools, workloads and segments by id instead of position",
         migrateOverridesToIdPaths},
        {2, "segments have tenants (an empty tenant table)", addTenantTable},
        {3, "an inference workload names its model and total parameters", addInferenceModelColumns},
        {4,
         "inputs people think in: a run's length, notebook hours, a batch window, a segment's "
         "stage, an owned GPU's cost per GPU-hour",
         addPlannerInputColumns},
        {5, "FP4 weights: a training run's or a service's precision may be fp4", allowFp4Precision},
        {6, "input ranges (an empty input_range table)", addRangeTable},
        {7, "regimes stored as text checked against the registry (no SQL list of them)",
         storeRegimesAsText},
    };
    return steps;
}

int oldestMigratableVersion()
{
    const auto steps = migrations();
    return steps.empty() ? kFleetPlanSchemaVersion : steps.front().fromVersion;
}

Result<bool> checkSchema(const sql::Database& db)
{
    auto expectedDb =
        sql::Database::open(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "schema");
    if (!expectedDb)
        return expectedDb.error();
    if (auto created = expectedDb.value().exec(projectSchemaSql()); !created)
        return created.error();
    auto expected = schemaObjects(expectedDb.value());
    auto actual = schemaObjects(db);
    if (!expected)
        return expected.error();
    if (!actual)
        return actual.error();
    std::string differences;
    for (const auto& [name, object] : actual.value()) {
        auto it = expected.value().find(name);
        if (it == expected.value().end())
            differences += (differences.empty() ? "" : "; ") + object.type + " \"" + name +
                           "\" is not FleetPlanner's";
        else if (!(it->second == object))
            differences += (differences.empty() ? "" : "; ") + object.type + " \"" + name +
                           "\" differs from FleetPlanner's";
    }
    for (const auto& [name, object] : expected.value())
        if (!actual.value().count(name))
            differences +=
                (differences.empty() ? "" : "; ") + object.type + " \"" + name + "\" is missing";
    if (!differences.empty())
        return Error(
            {Issue{db.file(),
                   {},
                   {},
                   "is not a FleetPlanner project as this version writes it, and was not read: " +
                       differences}});
    return true;
}

} // namespace fleet
