#include "store/project_sqlite.h"

#include "store/atomic_file.h"
#include "store/project_json.h"
#include "store/project_rows.h"

#include <cstring>
#include <fstream>

namespace fleet {

namespace fs = std::filesystem;

namespace {

constexpr char kSqliteHeader[] = "SQLite format 3";
constexpr std::int64_t kMaxRowsPerTable = 1'000'000;

Error fileError(const std::string& file, std::string message)
{
    return Error({Issue{file, {}, {}, std::move(message)}});
}

/// Applies the defensive settings every opened database gets: no foreign
/// triggers or views run, no extensions, and strings, blobs and statements
/// are bounded. A file being read does not get its schema trusted; the file
/// FleetPlanner is writing (its own, new) does, so that its CHECK
/// constraints may call json_valid().
void harden(sqlite3* db, bool ownNewFile = false)
{
    int ignored = 0;
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &ignored);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, ownNewFile ? 1 : 0, &ignored);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &ignored);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &ignored);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, &ignored);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1'000'000);
    sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 100'000);
    sqlite3_limit(db, SQLITE_LIMIT_COLUMN, 100);
    sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 100);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
}

Result<bool> checkRowCounts(const sql::Database& db)
{
    auto tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'");
    if (!tables)
        return tables.error();
    while (true) {
        auto row = tables.value().step();
        if (!row)
            return row.error();
        if (!row.value())
            return true;
        const std::string table = tables.value().text(0);
        // The name comes from a schema already compared with ours.
        auto count = db.queryInt("SELECT count(*) FROM \"" + table + "\"");
        if (!count)
            return count.error();
        if (count.value() > kMaxRowsPerTable)
            return fileError(db.file(), "table " + table + " holds " +
                                            std::to_string(count.value()) +
                                            " rows; FleetPlanner reads at most " +
                                            std::to_string(kMaxRowsPerTable));
    }
}

Result<bool> writeDatabase(const Project& project, const std::string& path, const std::string& file)
{
    auto db = sql::Database::open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, file);
    if (!db)
        return db.error();
    harden(db.value().handle(), true);
    // A new file that is renamed into place only when complete needs no
    // journal: a crash leaves the temporary file, never the project, broken.
    auto setup = db.value().exec(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON;"
        "PRAGMA application_id = " +
        std::to_string(kFleetPlanApplicationId) +
        ";"
        "PRAGMA user_version = " +
        std::to_string(kFleetPlanSchemaVersion) + ";");
    if (!setup)
        return setup.error();
    if (auto begin = db.value().exec("BEGIN"); !begin)
        return begin.error();
    if (auto schema = db.value().exec(projectSchemaSql()); !schema)
        return schema.error();
    if (auto rows = writeProjectRows(db.value(), project); !rows)
        return rows.error();
    if (auto commit = db.value().exec("COMMIT"); !commit)
        return commit.error();
    auto violations = db.value().queryInt("SELECT count(*) FROM pragma_foreign_key_check");
    if (!violations)
        return violations.error();
    if (violations.value() != 0)
        return fileError(file, "the project refers to rows it does not hold (" +
                                   std::to_string(violations.value()) + " foreign-key violations)");
    return true;
}

Result<std::int64_t> pragmaInt(const sql::Database& db, const char* pragma)
{
    return db.queryInt(std::string("PRAGMA ") + pragma);
}

} // namespace

bool looksLikeSqlite(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    return in.read(header, sizeof header) && std::memcmp(header, kSqliteHeader, sizeof header) == 0;
}

Result<bool> saveProjectFile(const Project& project, const std::string& path)
{
    const std::string temporary = temporaryPathBeside(path);
    std::error_code ec;
    fs::remove(temporary, ec);
    auto written = writeDatabase(project, temporary, path);
    if (!written) {
        fs::remove(temporary, ec);
        return written.error();
    }
    // Data on disk before the rename makes it visible; the directory entry after it.
    return replaceWith(temporary, path);
}

Result<bool> migrateProjectFile(const std::string& path, int fromVersion,
                                std::span<const Migration> steps)
{
    const std::string backup = path + ".v" + std::to_string(fromVersion);
    std::error_code ec;
    fs::copy_file(path, backup, fs::copy_options::overwrite_existing, ec);
    if (ec)
        return fileError(path, "could not keep a backup copy " + backup +
                                   " before upgrading it: " + ec.message());
    const std::string temporary = temporaryPathBeside(path);
    fs::copy_file(path, temporary, fs::copy_options::overwrite_existing, ec);
    if (ec)
        return fileError(path, "could not copy the file to upgrade it: " + ec.message());
    auto migrate = [&]() -> Result<bool> {
        auto db = sql::Database::open(temporary, SQLITE_OPEN_READWRITE, path);
        if (!db)
            return db.error();
        // The steps rewrite an older FleetPlanner schema, so it is trusted for
        // its CHECK constraints; triggers and views stay disabled.
        harden(db.value().handle(), true);
        if (auto begin = db.value().exec("BEGIN"); !begin)
            return begin.error();
        int version = fromVersion;
        for (const Migration& step : steps) {
            if (step.fromVersion != version)
                continue;
            if (auto applied = step.apply(db.value()); !applied)
                return fileError(path, std::string("upgrading from schema version ") +
                                           std::to_string(version) + " (" + step.description +
                                           ") failed: " + applied.error().messages());
            ++version;
        }
        if (version != kFleetPlanSchemaVersion)
            return fileError(path, "no upgrade path from schema version " +
                                       std::to_string(version) + " to " +
                                       std::to_string(kFleetPlanSchemaVersion));
        if (auto set =
                db.value().exec("PRAGMA user_version = " + std::to_string(version) + "; COMMIT");
            !set)
            return set.error();
        return true;
    }();
    if (!migrate) {
        fs::remove(temporary, ec);
        return migrate.error();
    }
    return replaceWith(temporary, path);
}

Result<Project> openProjectFile(const std::string& path, const std::string& scenario)
{
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return fileError(path, "no such file (or not a regular file)");
    if (!looksLikeSqlite(path))
        return fileError(
            path, "is not a FleetPlanner project: it is not a SQLite database (a .fleetplan.json "
                  "interchange file is opened as JSON by its name)");
    int version = 0;
    {
        auto db = sql::Database::open(path, SQLITE_OPEN_READONLY, path);
        if (!db)
            return db.error();
        harden(db.value().handle());
        auto applicationId = pragmaInt(db.value(), "application_id");
        if (!applicationId)
            return fileError(path, "is a damaged SQLite file: " + applicationId.error().messages());
        if (applicationId.value() != kFleetPlanApplicationId)
            return fileError(
                path,
                "is a SQLite database but not a FleetPlanner project (its application_id is " +
                    std::to_string(applicationId.value()) + ", FleetPlanner's is " +
                    std::to_string(kFleetPlanApplicationId) + ")");
        auto userVersion = pragmaInt(db.value(), "user_version");
        if (!userVersion)
            return userVersion.error();
        version = static_cast<int>(userVersion.value());
        if (version > kFleetPlanSchemaVersion)
            return fileError(path, "was written by a newer FleetPlanner (project schema version " +
                                       std::to_string(version) +
                                       "); this FleetPlanner reads schema version " +
                                       std::to_string(kFleetPlanSchemaVersion) +
                                       " and older. Update FleetPlanner to open it.");
        if (version < oldestMigratableVersion())
            return fileError(path,
                             "has project schema version " + std::to_string(version) +
                                 ", older than any this FleetPlanner can upgrade (the oldest is " +
                                 std::to_string(oldestMigratableVersion()) + ")");
        auto check = db.value().prepare("PRAGMA quick_check");
        if (!check)
            return fileError(path, "is corrupt: " + check.error().messages());
        auto row = check.value().step();
        if (!row || !row.value() || check.value().text(0) != "ok")
            return fileError(
                path, "is corrupt (SQLite's quick_check: " +
                          (row && row.value() ? check.value().text(0) : std::string("failed")) +
                          ")");
    }
    if (version < kFleetPlanSchemaVersion) {
        auto migrated = migrateProjectFile(path, version, migrations());
        if (!migrated)
            return migrated.error();
    }
    auto db = sql::Database::open(path, SQLITE_OPEN_READONLY, path);
    if (!db)
        return db.error();
    harden(db.value().handle());
    if (auto schema = checkSchema(db.value()); !schema)
        return schema.error();
    if (auto counts = checkRowCounts(db.value()); !counts)
        return counts.error();
    // Rows of a damaged file may hold anything; a malformed JSON value in
    // them throws from Boost.JSON, and becomes an error here, not a crash.
    try {
        auto document = readProjectRows(db.value());
        if (!document)
            return fileError(path, "could not be read: " + document.error().messages());
        return parseProjectValue(document.value(), path, scenario);
    } catch (const std::exception& e) {
        return fileError(path, std::string("is damaged: ") + e.what());
    }
}

std::string recoveryPathFor(const std::string& projectPath)
{
    return projectPath + ".recovery";
}

Result<bool> autosave(const Project& project, const std::string& projectPath)
{
    return saveProjectFile(project, recoveryPathFor(projectPath));
}

std::optional<RecoveryOffer> findRecovery(const std::string& projectPath)
{
    std::error_code ec;
    const std::string recovery = recoveryPathFor(projectPath);
    if (!fs::is_regular_file(recovery, ec))
        return std::nullopt;
    const auto recoveryTime = fs::last_write_time(recovery, ec);
    if (ec)
        return std::nullopt;
    if (fs::exists(projectPath, ec)) {
        const auto projectTime = fs::last_write_time(projectPath, ec);
        if (!ec && projectTime >= recoveryTime)
            return std::nullopt; // saved after the last autosave: nothing to recover
    }
    return RecoveryOffer{recovery, recoveryTime};
}

Result<Project> openRecovery(const RecoveryOffer& offer)
{
    return openProjectFile(offer.recoveryPath);
}

void discardRecovery(const std::string& projectPath)
{
    std::error_code ec;
    fs::remove(recoveryPathFor(projectPath), ec);
}

} // namespace fleet
