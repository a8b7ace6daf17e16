// fleetplanner-cli with odd and damaged files: a named pipe is refused at
// once, a damaged project is named damaged and its readable part exported
// with --salvage, and solve --mps writes through a temporary and a rename.

#include "../core/file_bytes.h"
#include "cli_run.h"
#include "support/fleet_test.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

namespace fs = std::filesystem;

using fleet::test::CliRun;
using fleet::test::readBytes;
using fleet::test::runCli;
using fleet::test::writeBytes;

namespace {

std::string integrity(const std::string& path)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* statement = nullptr;
    std::string result = "cannot check";
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW)
        result = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return result;
}

} // namespace

class TestCliStore : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private slots:
    void namedPipeIsRefusedAtOnce()
    {
        const QString fifo = path("pipe.fleetplan");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        const CliRun validate = runCli({QStringLiteral("validate"), fifo});
        QCOMPARE(validate.exitCode, 1);
        QVERIFY2(validate.err.contains(QStringLiteral("is a named pipe, not a regular file")),
                 qPrintable(validate.err));
        const CliRun catalog =
            runCli({QStringLiteral("catalog"), QStringLiteral("--catalog"), fifo});
        QCOMPARE(catalog.exitCode, 1);
        QVERIFY2(catalog.err.contains(QStringLiteral("is a named pipe")), qPrintable(catalog.err));
    }

    void damagedProjectIsNamedAndSalvaged()
    {
        const QString good = path("good.fleetplan");
        QCOMPARE(
            runCli({QStringLiteral("new"), QStringLiteral("--sample"), QStringLiteral("-o"), good})
                .exitCode,
            0);
        // Copy one page over another until SQLite's integrity_check objects.
        const std::string bytes = readBytes(good.toStdString());
        const QString damaged = path("damaged.fleetplan");
        const std::size_t page = 4096, pages = bytes.size() / page;
        bool made = false;
        for (std::size_t from = 1; from < pages && !made; ++from)
            for (std::size_t to = 1; to < pages && !made; ++to) {
                if (from == to)
                    continue;
                std::string copy = bytes;
                copy.replace(to * page, page, bytes, from * page, page);
                writeBytes(damaged.toStdString(), copy);
                made = integrity(damaged.toStdString()) != "ok";
            }
        QVERIFY(made);
        const CliRun validate = runCli({QStringLiteral("validate"), damaged});
        QCOMPARE(validate.exitCode, 1);
        QVERIFY2(validate.err.contains(QStringLiteral("is damaged")), qPrintable(validate.err));
        const QString rescued = path("rescued.fleetplan.json");
        const CliRun salvage = runCli({QStringLiteral("export"), QStringLiteral("--salvage"),
                                       damaged, QStringLiteral("-o"), rescued});
        if (salvage.exitCode == 0) {
            QVERIFY2(salvage.err.contains(QStringLiteral("salvaged")), qPrintable(salvage.err));
            QCOMPARE(runCli({QStringLiteral("validate"), rescued}).exitCode, 0);
        } else {
            QCOMPARE(salvage.exitCode, 1); // nothing readable left: said, not crashed
            QVERIFY2(salvage.err.contains(QStringLiteral("cannot be salvaged")),
                     qPrintable(salvage.err));
        }
        const CliRun intact = runCli({QStringLiteral("export"), QStringLiteral("--salvage"), good,
                                      QStringLiteral("-o"), path("intact.fleetplan.json")});
        QCOMPARE(intact.exitCode, 0);
        QVERIFY2(intact.err.contains(QStringLiteral("lost 0")), qPrintable(intact.err));
    }

    void mpsIsWrittenThroughATemporary()
    {
        const std::string victim = path("victim.txt").toStdString();
        writeBytes(victim, "precious");
        const QString linked = path("linked.mps");
        fs::create_symlink(victim, linked.toStdString());
        const QString privateMps = path("private.mps");
        writeBytes(privateMps.toStdString(), "old model");
        QCOMPARE(::chmod(privateMps.toLocal8Bit().constData(), 0600), 0);
        // A planted link is refused, named, and left as it was (issue 33: it used to be
        // replaced by the model; an export now never writes where a link points, nor over it).
        const CliRun refused = runCli({QStringLiteral("solve"), QStringLiteral(":sample"),
                                       QStringLiteral("--fast"), QStringLiteral("--mps"), linked});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(linked + QStringLiteral(": is a symbolic link")),
                 qPrintable(refused.err));
        QVERIFY(fs::is_symlink(fs::symlink_status(linked.toStdString())));
        const CliRun solve =
            runCli({QStringLiteral("solve"), QStringLiteral(":sample"), QStringLiteral("--fast"),
                    QStringLiteral("--mps"), privateMps});
        QVERIFY2(solve.exitCode == 0, qPrintable(solve.err));
        QVERIFY(fs::is_regular_file(fs::symlink_status(privateMps.toStdString())));
        QVERIFY(readBytes(privateMps.toStdString()).rfind("NAME", 0) == 0);
        QCOMPARE(readBytes(victim), std::string("precious"));
        struct stat status = {};
        QCOMPARE(::stat(privateMps.toLocal8Bit().constData(), &status), 0);
        QCOMPARE(int(status.st_mode & 07777), 0600);
        for (const auto& entry : fs::directory_iterator(m_dir.path().toStdString()))
            QVERIFY2(entry.path().filename().string().find(".saving-") == std::string::npos,
                     entry.path().c_str());
    }
};

FLEET_TEST_MAIN(TestCliStore)
#include "test_cli_store.moc"
