#pragma once

// What the sweep tests share: writing a sweep file and reading the rows of a
// collected results file (SQLite) as text.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>

#include <sqlite3.h>

namespace fleet::test::sweep {

/// Every row of `table` in the SQLite file at `path`, ordered by task, one
/// line each ("col=value|col=value"); empty when the table cannot be read.
inline QStringList sweepRows(const QString& path, const QString& table)
{
    QStringList rows;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) !=
        SQLITE_OK) {
        sqlite3_close(db);
        return rows;
    }
    sqlite3_stmt* statement = nullptr;
    const QByteArray sql = "SELECT * FROM \"" + table.toUtf8() + "\" ORDER BY task";
    if (sqlite3_prepare_v2(db, sql.constData(), -1, &statement, nullptr) == SQLITE_OK) {
        while (sqlite3_step(statement) == SQLITE_ROW) {
            QStringList cells;
            for (int c = 0; c < sqlite3_column_count(statement); ++c) {
                const auto* text = sqlite3_column_text(statement, c);
                cells << QString::fromUtf8(sqlite3_column_name(statement, c)) + QLatin1Char('=') +
                             (text ? QString::fromUtf8(reinterpret_cast<const char*>(text))
                                   : QStringLiteral("NULL"));
            }
            rows << cells.join(QLatin1Char('|'));
        }
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return rows;
}

/// One value of the results file at `path` (the first row of `sql`), as text.
inline QString sweepValue(const QString& path, const QString& sql)
{
    QString value;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) ==
        SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &statement, nullptr) ==
                SQLITE_OK &&
            sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_text(statement, 0))
            value =
                QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)));
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return value;
}

/// The 20-point sample sweep (tests/data/sweep/sample-20.fleetsweep.json).
inline QString sample20()
{
    return QStringLiteral(FLEET_SOURCE_DIR "/tests/data/sweep/sample-20.fleetsweep.json");
}

} // namespace fleet::test::sweep
