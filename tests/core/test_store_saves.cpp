// Saves that keep a file's mode, owner and ACL, never write through a planted
// symlink, remove only their own stale temporaries and say why they failed;
// read-only opens that leave no trace and read no foreign -wal file.

#include "file_bytes.h"
#include "io/atomic_file.h"
#include "store/project_json.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <sqlite3.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace fleet;
using fleet::test::readBytes;
using fleet::test::writeBytes;
namespace fs = std::filesystem;

namespace {

Project sampleStoreSaves()
{
    return loadSampleProject().value();
}

mode_t modeOf(const std::string& path)
{
    struct stat status = {};
    ::lstat(path.c_str(), &status);
    return status.st_mode & 07777;
}

std::set<std::string> namesIn(const std::string& folder)
{
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.insert(entry.path().filename().string());
    return names;
}

/// Runs SQL on a file as another program would; `keepWal` leaves the
/// connection's committed changes in the -wal file (no checkpoint on close).
void runSql(const std::string& path, const std::string& sql, bool keepWal = false)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    if (keepWal)
        sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    QVERIFY2(rc == SQLITE_OK, error ? error : "");
    sqlite3_close(db);
}

/// A process id that no process holds (a child that has been reaped).
long deadPid()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

} // namespace

class TestStoreSaves : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string path(const std::string& name) const
    {
        return m_dir.filePath(QString::fromStdString(name)).toStdString();
    }

private slots:
    void savesKeepTheMode_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("json");
        QTest::newRow("0600 .fleetplan") << 0600 << false;
        QTest::newRow("0640 .fleetplan") << 0640 << false;
        QTest::newRow("0600 .json") << 0600 << true;
        QTest::newRow("0640 .json") << 0640 << true;
        QTest::newRow("0444 .fleetplan") << 0444 << false;
    }

    void savesKeepTheMode()
    {
        QFETCH(int, mode);
        QFETCH(bool, json);
        const std::string file = path(json ? "private.fleetplan.json" : "private.fleetplan");
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        QCOMPARE(::chmod(file.c_str(), static_cast<mode_t>(mode)), 0);
        const auto saved =
            json ? writeFileAtomically(file, "{}\n") : saveProjectFile(sampleStoreSaves(), file);
        QVERIFY2(saved.ok(), saved.ok() ? "" : saved.error().toString().c_str());
        QCOMPARE(int(modeOf(file)), mode);
        fs::remove(file);
    }

    void savesKeepTheAccessList()
    {
        // A POSIX ACL granting user 1234 read access, in the kernel's xattr
        // form (version 2; tag, permissions, id per entry).
        const auto entry = [](std::uint16_t tag, std::uint16_t perm, std::uint32_t id) {
            std::string bytes(8, '\0');
            std::memcpy(bytes.data(), &tag, 2);
            std::memcpy(bytes.data() + 2, &perm, 2);
            std::memcpy(bytes.data() + 4, &id, 4);
            return bytes;
        };
        const std::uint32_t version = 2, none = 0xffffffff;
        std::string acl(4, '\0');
        std::memcpy(acl.data(), &version, 4);
        acl += entry(0x01, 6, none) + entry(0x02, 4, 1234) + entry(0x04, 4, none) +
               entry(0x10, 4, none) + entry(0x20, 0, none);
        const std::string file = path("shared.fleetplan");
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        if (::setxattr(file.c_str(), "system.posix_acl_access", acl.data(), acl.size(), 0) != 0)
            QSKIP("this file system keeps no POSIX ACLs");
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        std::string kept(64, '\0');
        const ssize_t size =
            ::getxattr(file.c_str(), "system.posix_acl_access", kept.data(), kept.size());
        QVERIFY(size > 0);
        kept.resize(static_cast<std::size_t>(size));
        QVERIFY(kept == acl);
    }

    void rootKeepsTheOwner()
    {
        if (::geteuid() != 0)
            QSKIP("only root can give a file to another user");
        const std::string file = path("owned.fleetplan");
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        QCOMPARE(::chown(file.c_str(), 4321, 4322), 0);
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        struct stat status = {};
        QCOMPARE(::stat(file.c_str(), &status), 0);
        QCOMPARE(int(status.st_uid), 4321);
        QCOMPARE(int(status.st_gid), 4322);
    }

    void plantedSymlinksAreNeverFollowed()
    {
        // The old writer used NAME.saving-PID-N: a symlink at each such name
        // pointed its write at the victim. Every name is planted here.
        const std::string victim = path("victim.txt");
        writeBytes(victim, "precious");
        for (const std::string& target :
             {path("linked.fleetplan.json"), path("linked.fleetplan")}) {
            for (int n = 0; n < 64; ++n)
                fs::create_symlink(victim, target + ".saving-" + std::to_string(::getpid()) + "-" +
                                               std::to_string(n));
            const bool json = target.ends_with(".json");
            const auto saved = json ? writeFileAtomically(target, "{}\n")
                                    : saveProjectFile(sampleStoreSaves(), target);
            QVERIFY2(saved.ok(), saved.ok() ? "" : saved.error().toString().c_str());
            QCOMPARE(readBytes(victim), std::string("precious"));
            QVERIFY(fs::is_regular_file(fs::symlink_status(target)));
        }
        // A temporary is created exclusively: an existing name is never reused.
        auto temporary = createTemporaryBeside(path("fresh.fleetplan"));
        QVERIFY(temporary.ok());
        const std::string name = temporary.value().path();
        QVERIFY(fs::path(name).filename().string().starts_with(".fresh.fleetplan.saving-"));
        long pid = 0;
        QVERIFY(parseTemporaryName(fs::path(name).filename().string(), "fresh.fleetplan", &pid));
        QCOMPARE(pid, long(::getpid()));
    }

    void onlyOwnStaleTemporariesAreRemoved()
    {
        const std::string file = path("t.fleetplan");
        const std::string dead = std::to_string(deadPid());
        const std::vector<std::string> foreign = {
            "t.fleetplan.saving-99999-notes.txt",
            ".t.fleetplan.saving-99999-notes.txt",
            ".t.fleetplan.saving-" + dead + "-0123456789abcdef.tmp.bak",
            ".t.fleetplan.saving-" + dead + "-0123456789ABCDEF.tmp",
            ".t.fleetplan.saving-" + dead + "-0123456789abcde.tmp",
            ".t.fleetplan.saving--0123456789abcdef.tmp",
            "t.fleetplan.saving-" + dead + "-3"};
        for (const std::string& name : foreign)
            writeBytes(path(name), "keep me");
        const std::string stale = ".t.fleetplan.saving-" + dead + "-0123456789abcdef.tmp";
        writeBytes(path(stale), "left by a killed save");
        writeBytes(path(stale + "-journal"), "its journal");
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        for (const std::string& name : foreign)
            QVERIFY2(fs::exists(path(name)), name.c_str());
        QVERIFY(!fs::exists(path(stale)));
        QVERIFY(!fs::exists(path(stale + "-journal")));
    }

    void failedSavesNameTheFolderAndTheReason()
    {
        const std::string missing = path("no-such-folder") + "/p.fleetplan";
        for (const bool json : {false, true}) {
            const auto saved = json ? writeFileAtomically(missing + ".json", "{}")
                                    : saveProjectFile(sampleStoreSaves(), missing);
            QVERIFY(!saved.ok());
            const QString message = QString::fromStdString(saved.error().toString());
            QVERIFY2(message.contains(QStringLiteral("cannot create a temporary file in ") +
                                      QString::fromStdString(path("no-such-folder")) +
                                      QStringLiteral(" (the folder): No such file or directory; "
                                                     "the previous file is untouched")),
                     qPrintable(message));
        }
        if (::geteuid() == 0)
            return; // root writes into read-only folders; the reason is covered above
        const std::string locked = path("locked");
        fs::create_directory(locked);
        ::chmod(locked.c_str(), 0555);
        const auto denied = saveProjectFile(sampleStoreSaves(), locked + "/p.fleetplan");
        ::chmod(locked.c_str(), 0755);
        QVERIFY(QString::fromStdString(denied.error().toString())
                    .contains(QStringLiteral("(the folder): Permission denied")));
    }

    void readingLeavesNoTraceAndIgnoresAForeignWal()
    {
        const std::string folder = path("wal");
        fs::create_directory(folder);
        const std::string file = folder + "/wal.fleetplan";
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        runSql(file, "PRAGMA journal_mode = WAL");
        // Another program's committed change, left in the -wal file.
        runSql(file, "UPDATE project SET name = 'From a foreign wal'", true);
        QVERIFY(fs::exists(file + "-wal"));
        const std::string wal = readBytes(file + "-wal");
        fs::remove(file + "-shm");
        const auto before = namesIn(folder);
        ::chmod(folder.c_str(), 0555);
        auto project = openProjectFile(file);
        ::chmod(folder.c_str(), 0755);
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        QCOMPARE(project.value().name, sampleStoreSaves().name);
        QCOMPARE(namesIn(folder), before); // no -shm, no journal
        QCOMPARE(readBytes(file + "-wal"), wal);
        // The same through every way of opening a project.
        QVERIFY(loadProject(file).ok());
        QCOMPARE(namesIn(folder), before);
    }

    void pathsThatLookLikeUriSyntaxStillOpen()
    {
        const std::string file = path("odd ?name#%20&.fleetplan");
        QVERIFY(saveProjectFile(sampleStoreSaves(), file).ok());
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
    }
};

FLEET_TEST_MAIN(TestStoreSaves)
#include "test_store_saves.moc"
