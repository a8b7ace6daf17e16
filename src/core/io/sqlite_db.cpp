#include "io/sqlite_db.h"

#include <cstring>
#include <filesystem>

namespace fleet::sql {

/// Applies the defensive settings every opened database gets: no foreign
/// triggers or views run, no extensions, and strings, blobs and statements
/// are bounded. A file being read does not get its schema trusted; the file
/// FleetPlanner is writing (its own, new) does, so that its CHECK
/// constraints may call json_valid().
void harden(sqlite3* db, bool ownNewFile)
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

Database::~Database()
{
    if (m_db)
        sqlite3_close_v2(m_db);
}

Database::Database(Database&& other) noexcept : m_db(other.m_db), m_file(std::move(other.m_file))
{
    other.m_db = nullptr;
}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        if (m_db)
            sqlite3_close_v2(m_db);
        m_db = other.m_db;
        m_file = std::move(other.m_file);
        other.m_db = nullptr;
    }
    return *this;
}

Result<Database> Database::open(const std::string& path, int flags, const std::string& file)
{
    Database db;
    db.m_file = file;
    const int rc = sqlite3_open_v2(path.c_str(), &db.m_db, flags | SQLITE_OPEN_EXRESCODE, nullptr);
    if (rc != SQLITE_OK)
        return Error({Issue{file,
                            {},
                            {},
                            std::string("cannot be opened: ") +
                                (db.m_db ? sqlite3_errmsg(db.m_db) : sqlite3_errstr(rc))}});
    return db;
}

Result<Database> Database::openImmutable(const std::string& path, const std::string& file)
{
    // RFC 3986 percent-encoding of everything but unreserved characters and
    // '/', so '?', '#' and '%' in a file name stay part of the name.
    const std::string absolute = std::filesystem::absolute(path).string();
    std::string uri = "file:";
    for (unsigned char c : absolute) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~' ||
                           c == '/';
        if (plain) {
            uri += static_cast<char>(c);
        } else {
            static constexpr char kHex[] = "0123456789ABCDEF";
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    uri += "?immutable=1";
    return open(uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, file);
}

Result<Database> Database::fromBytes(const std::string& bytes, const std::string& file)
{
    auto db = open(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, file);
    if (!db)
        return db;
    const auto size = static_cast<sqlite3_int64>(bytes.size());
    auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(sqlite3_uint64(bytes.size())));
    if (!copy)
        return Error({Issue{file, {}, {}, "cannot be copied into memory (out of memory)"}});
    std::memcpy(copy, bytes.data(), bytes.size());
    // A file written in WAL mode (header bytes 18 and 19 are 2) is read as a
    // rollback-journal one: there is no -wal file in memory.
    if (bytes.size() > 19 && copy[18] == 2 && copy[19] == 2)
        copy[18] = copy[19] = 1;
    if (sqlite3_deserialize(db.value().handle(), "main", copy, size, size,
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE) !=
        SQLITE_OK)
        return db.value().error("cannot be copied into memory");
    return db;
}

Error Database::error(const std::string& what) const
{
    return Error({Issue{m_file, {}, {}, what + ": " + sqlite3_errmsg(m_db)}});
}

Result<bool> Database::exec(const std::string& sql) const
{
    char* message = nullptr;
    if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        std::string text = message ? message : sqlite3_errmsg(m_db);
        sqlite3_free(message);
        return Error({Issue{m_file, {}, {}, text}});
    }
    return true;
}

Result<Statement> Database::prepare(const std::string& sql) const
{
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), static_cast<int>(sql.size()), &statement, nullptr) !=
        SQLITE_OK)
        return error("cannot prepare a query");
    return Statement(statement, this);
}

Result<std::int64_t> Database::queryInt(const std::string& sql) const
{
    auto statement = prepare(sql);
    if (!statement)
        return statement.error();
    auto row = statement.value().step();
    if (!row)
        return row.error();
    if (!row.value())
        return error("query returned no row");
    return statement.value().integer(0);
}

Statement::~Statement()
{
    if (m_statement)
        sqlite3_finalize(m_statement);
}

Statement::Statement(Statement&& other) noexcept : m_statement(other.m_statement), m_db(other.m_db)
{
    other.m_statement = nullptr;
}

void Statement::bind(int index, std::int64_t value)
{
    sqlite3_bind_int64(m_statement, index, value);
}

void Statement::bind(int index, double value)
{
    sqlite3_bind_double(m_statement, index, value);
}

void Statement::bind(int index, const std::string& value)
{
    sqlite3_bind_text(m_statement, index, value.data(), static_cast<int>(value.size()),
                      SQLITE_TRANSIENT);
}

void Statement::bindNull(int index)
{
    sqlite3_bind_null(m_statement, index);
}

void Statement::bindColumnOf(int index, const Statement& other, int column)
{
    sqlite3_bind_value(m_statement, index, sqlite3_column_value(other.m_statement, column));
}

void Statement::bind(int index, const std::optional<double>& value)
{
    value ? bind(index, *value) : bindNull(index);
}

void Statement::bind(int index, const std::optional<std::string>& value)
{
    value ? bind(index, *value) : bindNull(index);
}

Result<bool> Statement::step()
{
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    return m_db->error("query failed");
}

Result<bool> Statement::run()
{
    auto result = step();
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
    if (!result)
        return result.error();
    return true;
}

void Statement::reset()
{
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

int Statement::columnCount() const
{
    return sqlite3_column_count(m_statement);
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

int Statement::columnType(int column) const
{
    return sqlite3_column_type(m_statement, column);
}

std::string Statement::columnName(int column) const
{
    const char* name = sqlite3_column_name(m_statement, column);
    return name ? name : std::to_string(column);
}

std::int64_t Statement::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

double Statement::real(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

std::string Statement::text(int column) const
{
    const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(m_statement, column));
    return bytes ? std::string(bytes,
                               static_cast<std::size_t>(sqlite3_column_bytes(m_statement, column)))
                 : std::string();
}

} // namespace fleet::sql
