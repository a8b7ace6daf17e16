#pragma once

// A thin RAII layer over the SQLite C API: errors become Result values with
// SQLite's message, statements are prepared, bound and stepped in one place.

#include "util/result.h"

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>

namespace fleet::sql {

class Statement;

/// The defensive settings every opened project database gets: no foreign
/// triggers or views run, no extensions, bounded strings, blobs and
/// statements; the schema is trusted only for FleetPlanner's own new file
/// (`ownNewFile`), so that its CHECK constraints may call json_valid().
void harden(sqlite3* db, bool ownNewFile = false);

class Database
{
public:
    Database() = default;
    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    /// Opens `path` with SQLITE_OPEN_* `flags`; `file` names it in messages.
    static Result<Database> open(const std::string& path, int flags, const std::string& file);
    /// Opens `path` read-only as immutable (a URI with immutable=1): SQLite
    /// takes no locks, creates no -wal or -shm file beside it and never reads
    /// a -wal file found there, so reading works in a read-only folder.
    static Result<Database> openImmutable(const std::string& path, const std::string& file);
    /// A private, writable in-memory database holding a copy of `bytes` (a
    /// whole database file): changes to it never reach any file.
    static Result<Database> fromBytes(const std::string& bytes, const std::string& file);

    sqlite3* handle() const { return m_db; }
    const std::string& file() const { return m_file; }

    /// Runs one or more statements without results.
    Result<bool> exec(const std::string& sql) const;
    Result<Statement> prepare(const std::string& sql) const;
    /// The single integer a query returns (a PRAGMA, a count).
    Result<std::int64_t> queryInt(const std::string& sql) const;

    Error error(const std::string& what) const;

private:
    sqlite3* m_db = nullptr;
    std::string m_file;
};

class Statement
{
public:
    Statement(sqlite3_stmt* statement, const Database* db) : m_statement(statement), m_db(db) {}
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&&) = delete;
    Statement(const Statement&) = delete;

    void bind(int index, std::int64_t value);
    void bind(int index, double value);
    void bind(int index, const std::string& value);
    void bindNull(int index);
    /// Binds the value of `other`'s current row at `column`, whatever its type.
    void bindColumnOf(int index, const Statement& other, int column);
    void bind(int index, const std::optional<double>& value);
    void bind(int index, const std::optional<std::string>& value);

    /// Steps once: true for a row, false when done; an error as a Result.
    Result<bool> step();
    /// Steps a statement that returns no rows, then resets it for reuse.
    Result<bool> run();
    /// Makes a stepped statement ready to run again with new bindings.
    void reset();

    int columnCount() const;
    bool isNull(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    int columnType(int column) const;
    /// The column's name as the query gives it, for messages.
    std::string columnName(int column) const;

private:
    sqlite3_stmt* m_statement = nullptr;
    const Database* m_db = nullptr;
};

} // namespace fleet::sql
