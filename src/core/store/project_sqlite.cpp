#include "store/project_sqlite.h"

#include "io/atomic_file.h"
#include "io/regular_file.h"
#include "store/project_json.h"
#include "store/project_rows.h"

#include <cstring>

namespace fleet {

namespace fs = std::filesystem;

namespace {

constexpr char kSqliteHeader[] = "SQLite format 3";
constexpr std::int64_t kMaxRowsPerTable = 1'000'000;
/// Bounds the cost of integrity_check: 54 ms for a 3 MB project of 10,000
/// workloads, 1.5 s for 58 MB, so at most about 3.5 s at this limit.
constexpr std::uintmax_t kMaxProjectFileBytes = 128u * 1024u * 1024u;

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
    // The temporary exists already (created exclusively): no CREATE, and a
    // symlink put in its place is refused, not followed.
    auto db = sql::Database::open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, file);
    if (!db)
        return db.error();
    sql::harden(db.value().handle(), true);
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

/// application_id and schema version; the version when FleetPlanner can read it.
Result<int> checkIdentity(const sql::Database& db, const std::string& path)
{
    auto applicationId = pragmaInt(db, "application_id");
    if (!applicationId)
        return fileError(path, "is a damaged SQLite file: " + applicationId.error().messages());
    if (applicationId.value() != kFleetPlanApplicationId)
        return fileError(path,
                         "is a SQLite database but not a FleetPlanner project (its application_id "
                         "is " +
                             std::to_string(applicationId.value()) + ", FleetPlanner's is " +
                             std::to_string(kFleetPlanApplicationId) + ")");
    auto userVersion = pragmaInt(db, "user_version");
    if (!userVersion)
        return userVersion.error();
    const int version = static_cast<int>(userVersion.value());
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
    return version;
}

/// SQLite's full integrity_check, not quick_check: a page copied over
/// another or two pages swapped keep every page well-formed, and only the
/// cross-check of tables against their indexes finds them. Its cost is
/// bounded by the file size limit (kMaxProjectFileBytes).
Result<bool> checkIntegrity(const sql::Database& db, const std::string& path)
{
    constexpr int kProblemsShown = 3;
    auto check = db.prepare("PRAGMA integrity_check(" + std::to_string(kProblemsShown) + ")");
    if (!check)
        return fileError(path, "is damaged: " + check.error().messages());
    std::string problems;
    while (true) {
        auto row = check.value().step();
        if (!row)
            return fileError(path,
                             "is damaged (SQLite cannot check it: " + row.error().messages() + ")");
        if (!row.value())
            break;
        const std::string line = check.value().text(0);
        if (line == "ok")
            return true;
        problems += (problems.empty() ? "" : "; ") + line;
    }
    return fileError(path, "is damaged (SQLite's integrity_check: " + problems +
                               "). Its readable part can be salvaged and opened read-only "
                               "(fleetplanner-cli export --salvage)");
}

/// A file shorter than its header's page count: SQLite reads the missing
/// bytes as zeros, so a cut through empty pages at the end (the empty
/// tenant table's, say) passes integrity_check; it is still not the file
/// that was saved.
Result<bool> checkLength(const sql::Database& db, const std::string& path)
{
    auto pages = db.queryInt("PRAGMA page_count");
    auto pageSize = db.queryInt("PRAGMA page_size");
    std::error_code ec;
    const auto bytes = fs::file_size(path, ec);
    if (!pages || !pageSize || ec)
        return fileError(path, "is damaged: its length cannot be checked");
    const auto stated = static_cast<std::uintmax_t>(pages.value() * pageSize.value());
    if (bytes < stated)
        return fileError(path, "is damaged (cut short: " + std::to_string(bytes) +
                                   " bytes of the " + std::to_string(stated) +
                                   " its header states). Its readable part can be salvaged and "
                                   "opened read-only (fleetplanner-cli export --salvage)");
    return true;
}

} // namespace

bool isDamagedFileRefusal(const Error& error)
{
    // Every damage refusal above says "is damaged" first: one phrase, kept here.
    for (const Issue& issue : error.issues)
        if (issue.message.rfind("is damaged", 0) == 0)
            return true;
    return false;
}

bool looksLikeSqlite(const std::string& path)
{
    // Through the regular-file check: a named pipe must never be read.
    auto header = readRegularFileHead(path, sizeof kSqliteHeader);
    return header && header.value().size() == sizeof kSqliteHeader &&
           std::memcmp(header.value().data(), kSqliteHeader, sizeof kSqliteHeader) == 0;
}

static Result<bool> migrateDatabase(const sql::Database& db, const std::string& path,
                                    int fromVersion, std::span<const Migration> steps)
{
    // The steps rewrite an older FleetPlanner schema, so it is trusted for
    // its CHECK constraints; triggers and views stay disabled.
    sql::harden(db.handle(), true);
    if (auto begin = db.exec("BEGIN"); !begin)
        return begin.error();
    int version = fromVersion;
    for (const Migration& step : steps) {
        if (step.fromVersion != version)
            continue;
        if (auto applied = step.apply(db); !applied) {
            [[maybe_unused]] auto rolledBack = db.exec("ROLLBACK");
            return fileError(path, std::string("upgrading from schema version ") +
                                       std::to_string(version) + " (" + step.description +
                                       ") failed: " + applied.error().messages());
        }
        ++version;
    }
    if (version != kFleetPlanSchemaVersion) {
        [[maybe_unused]] auto rolledBack = db.exec("ROLLBACK");
        return fileError(path, "no upgrade path from schema version " + std::to_string(version) +
                                   " to " + std::to_string(kFleetPlanSchemaVersion));
    }
    return db.exec("PRAGMA user_version = " + std::to_string(version) + "; COMMIT");
}

std::optional<int> projectFileVersion(const std::string& path)
{
    if (!looksLikeSqlite(path))
        return std::nullopt;
    auto db = sql::Database::openImmutable(path, path);
    if (!db)
        return std::nullopt;
    sql::harden(db.value().handle());
    auto version = checkIdentity(db.value(), path);
    if (!version)
        return std::nullopt;
    return version.value();
}

static Result<bool> keepBackupBeforeUpgrade(const std::string& path, int fromVersion)
{
    // The backup is written like any save: a planted symlink at its name is
    // replaced, never followed.
    const std::string backup = path + ".v" + std::to_string(fromVersion);
    if (auto kept = writeThroughTemporary(
            backup, [&](const std::string& copy) { return copyRegularFile(path, copy); });
        !kept)
        return fileError(path, "could not keep a backup copy " + backup +
                                   " before upgrading it: " + kept.error().messages());
    return true;
}

Result<bool> migrateProjectFile(const std::string& path, int fromVersion,
                                std::span<const Migration> steps)
{
    if (auto kept = keepBackupBeforeUpgrade(path, fromVersion); !kept)
        return kept;
    auto created = createTemporaryBeside(path);
    if (!created)
        return created.error();
    TemporaryFile& temporaryFile = created.value();
    const std::string& temporary = temporaryFile.path();
    if (auto copied = copyRegularFile(path, temporary); !copied)
        return fileError(path,
                         "could not copy the file to upgrade it: " + copied.error().messages());
    {
        auto db =
            sql::Database::open(temporary, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, path);
        if (!db)
            return db.error();
        if (auto migrated = migrateDatabase(db.value(), path, fromVersion, steps); !migrated)
            return migrated;
    }
    return replaceWith(temporaryFile, path);
}

Result<bool> saveProjectFile(const Project& project, const std::string& path)
{
    // The core boundary: a malformed value in the model (an edit's JSON text)
    // is a refusal, not an exception.
    try {
        // Saved over a file of an older schema (opened and upgraded in
        // memory): the file as it was is kept first, as NAME.v<N>.
        if (const auto older = projectFileVersion(path); older && *older < kFleetPlanSchemaVersion)
            if (auto kept = keepBackupBeforeUpgrade(path, *older); !kept)
                return fileError(path, "was not saved: " + kept.error().messages());
        return writeThroughTemporary(path, [&](const std::string& temporary) {
            return writeDatabase(project, temporary, path);
        });
    } catch (const std::exception& e) {
        return fileError(path, std::string("cannot be written: ") + e.what());
    }
}

Result<Project> openProjectFile(const std::string& path, const std::string& scenario)
{
    // The core boundary: whatever a damaged file makes a library throw
    // becomes a refusal naming the file.
    try {
        auto opened = openProjectDatabase(path);
        if (!opened)
            return opened.error();
        auto document = readProjectRows(opened.value());
        if (!document)
            return fileError(path, "could not be read: " + document.error().messages());
        return parseProjectValue(document.value(), path, scenario);
    } catch (const std::exception& e) {
        return fileError(path, std::string("is damaged: ") + e.what());
    }
}

Result<sql::Database> openProjectDatabase(const std::string& path)
{
    if (auto regular = checkRegularFile(path); !regular)
        return regular.error();
    if (auto head = readRegularFileHead(path, 1); !head)
        return head.error();
    if (!looksLikeSqlite(path))
        return fileError(
            path, "is not a FleetPlanner project: it is not a SQLite database (a .fleetplan.json "
                  "interchange file is opened as JSON by its name)");
    std::error_code ec;
    const auto bytes = fs::file_size(path, ec);
    if (!ec && bytes > kMaxProjectFileBytes)
        return fileError(path, "is " + std::to_string(bytes) +
                                   " bytes; FleetPlanner opens project files of at most " +
                                   std::to_string(kMaxProjectFileBytes) + " bytes");
    int version = 0;
    {
        auto db = sql::Database::openImmutable(path, path);
        if (!db)
            return db.error();
        sql::harden(db.value().handle());
        auto identity = checkIdentity(db.value(), path);
        if (!identity)
            return identity.error();
        version = identity.value();
        if (auto intact = checkIntegrity(db.value(), path); !intact)
            return intact.error();
        if (auto whole = checkLength(db.value(), path); !whole)
            return whole.error();
    }
    // An older file is upgraded in memory (issue 33, item 4): nothing is
    // written beside it, so it opens from a read-only folder; its backup
    // NAME.v<N> is kept when the project is saved over it (saveProjectFile).
    auto db = [&]() -> Result<sql::Database> {
        if (version == kFleetPlanSchemaVersion) {
            auto opened = sql::Database::openImmutable(path, path);
            if (opened)
                sql::harden(opened.value().handle());
            return opened;
        }
        auto contents = readRegularFile(path, kMaxProjectFileBytes);
        if (!contents)
            return contents.error();
        auto copy = sql::Database::fromBytes(contents.value(), path);
        if (!copy)
            return copy;
        if (auto migrated = migrateDatabase(copy.value(), path, version, migrations()); !migrated)
            return migrated.error();
        return copy;
    }();
    if (!db)
        return db.error();
    if (auto schema = checkSchema(db.value()); !schema)
        return schema.error();
    if (auto counts = checkRowCounts(db.value()); !counts)
        return counts.error();
    return db;
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
