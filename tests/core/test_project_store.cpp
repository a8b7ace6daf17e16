// Project files: JSON ⇄ SQLite round trips byte for byte; hostile, damaged,
// newer and older files each get their own clear message and never a crash;
// migrations keep a backup; autosave and recovery.

#include "file_bytes.h"
#include "io/json_pointer.h"
#include "project_generator.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <random>

using namespace fleet;
using fleet::test::readBytes;
using fleet::test::writeBytes;
namespace fs = std::filesystem;

namespace {

Project sampleProjectStore()
{
    return loadSampleProject().value();
}

/// Runs raw SQL on a file, bypassing FleetPlanner (to make hostile files).
void tamper(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    QVERIFY2(rc == SQLITE_OK, error ? error : "");
    sqlite3_close(db);
}

QString openError(const std::string& path)
{
    auto project = openProjectFile(path);
    return project ? QString() : QString::fromStdString(project.error().toString());
}

} // namespace

class TestProjectStore : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string path(const char* name) const
    {
        return m_dir.filePath(QString::fromLatin1(name)).toStdString();
    }

private slots:
    void sampleRoundTripsByteForByte()
    {
        const std::string bundled(sampleProjectJson());
        const std::string file = path("sample.fleetplan");
        QVERIFY(saveProjectFile(sampleProjectStore(), file).ok());
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), reopened.ok() ? "" : reopened.error().toString().c_str());
        QCOMPARE(projectToJsonText(reopened.value()), bundled);
        QVERIFY(fs::is_regular_file(file));
        for (const auto& entry : fs::directory_iterator(m_dir.path().toStdString()))
            QVERIFY2(entry.path().string().find(".saving-") == std::string::npos,
                     "no temporary file left behind");
    }

    void randomProjectsRoundTrip()
    {
        const Project base = sampleProjectStore();
        testing::ProjectGenerator generator(base, 20261130);
        const std::string file = path("random.fleetplan");
        for (int i = 0; i < 1000; ++i) {
            const Project generated = generator.next();
            const std::string json = projectToJsonText(generated);
            auto parsed = parseProject(json, "generated.json");
            QVERIFY2(parsed.ok(),
                     parsed.ok() ? "" : (parsed.error().toString() + "\n" + json).c_str());
            const std::string again = projectToJsonText(parsed.value());
            if (again != json) {
                std::size_t at = 0;
                while (at < json.size() && at < again.size() && json[at] == again[at])
                    ++at;
                QFAIL(("JSON → model → JSON differs at byte " + std::to_string(at) + ":\n" +
                       json.substr(at > 200 ? at - 200 : 0, 400) + "\n---\n" +
                       again.substr(at > 200 ? at - 200 : 0, 400))
                          .c_str());
            }
            auto saved = saveProjectFile(parsed.value(), file);
            QVERIFY2(saved.ok(), saved.ok() ? "" : saved.error().toString().c_str());
            auto reopened = openProjectFile(file);
            QVERIFY2(reopened.ok(), reopened.ok() ? "" : reopened.error().toString().c_str());
            QCOMPARE(projectToJsonText(reopened.value()), json); // JSON → SQLite → JSON
        }
    }

    void goldenFileOfVersionOneStillOpens()
    {
        // Kept so that every future migration is tested from a real old file.
        // Opening migrates the file in place: a copy, never the golden file.
        const std::string golden = path("golden-v1.fleetplan");
        writeBytes(golden, readBytes(FLEET_TEST_DATA_DIR "/golden/sample-v1.fleetplan"));
        auto project = openProjectFile(golden);
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        // The SQLite file, migrated, reads as its JSON twin read as format 1 does.
        auto json = parseProject(readBytes(FLEET_TEST_DATA_DIR "/golden/sample-v1.fleetplan.json"),
                                 "sample-v1.fleetplan.json");
        QVERIFY2(json.ok(), json.ok() ? "" : json.error().toString().c_str());
        QCOMPARE(projectToJsonText(project.value()), projectToJsonText(json.value()));
    }

    void eachBadFileHasItsOwnMessage()
    {
        const std::string good = path("good.fleetplan");
        QVERIFY(saveProjectFile(sampleProjectStore(), good).ok());

        const std::string text = path("text.fleetplan");
        writeBytes(text, "just some text, certainly not a database\n");
        QVERIFY(openError(text).contains(QStringLiteral("it is not a SQLite database")));

        const std::string empty = path("empty.fleetplan");
        writeBytes(empty, "");
        QVERIFY(openError(empty).contains(QStringLiteral("not a SQLite database")));

        const std::string other = path("other.fleetplan");
        tamper(other, "CREATE TABLE t (x); INSERT INTO t VALUES (1);");
        QVERIFY(openError(other).contains(QStringLiteral(
            "is a SQLite database but not a FleetPlanner project (its application_id is 0")));

        const std::string newer = path("newer.fleetplan");
        fs::copy_file(good, newer);
        tamper(newer, "PRAGMA user_version = 9");
        QVERIFY(openError(newer).contains(
            QStringLiteral("was written by a newer FleetPlanner (project schema version 9); "
                           "this FleetPlanner reads schema version 8")));

        const std::string older = path("older.fleetplan");
        fs::copy_file(good, older);
        tamper(older, "PRAGMA user_version = 0");
        QVERIFY(openError(older).contains(
            QStringLiteral("older than any this FleetPlanner can upgrade")));

        const std::string trigger = path("trigger.fleetplan");
        fs::copy_file(good, trigger);
        tamper(trigger, "CREATE TABLE log (x); CREATE TRIGGER spy AFTER INSERT ON workload BEGIN "
                        "INSERT INTO log VALUES (1); END;");
        const QString triggerError = openError(trigger);
        QVERIFY2(triggerError.contains(QStringLiteral("trigger \"spy\" is not FleetPlanner's")),
                 qPrintable(triggerError));

        const std::string view = path("view.fleetplan");
        fs::copy_file(good, view);
        tamper(view, "CREATE VIEW v AS SELECT * FROM workload");
        QVERIFY(openError(view).contains(QStringLiteral("view \"v\" is not FleetPlanner's")));

        const std::string altered = path("altered.fleetplan");
        fs::copy_file(good, altered);
        tamper(altered, "ALTER TABLE workload ADD COLUMN payload TEXT");
        QVERIFY(openError(altered).contains(
            QStringLiteral("table \"workload\" differs from FleetPlanner's")));

        const std::string invalid = path("invalid.fleetplan");
        fs::copy_file(good, invalid);
        tamper(invalid,
               "PRAGMA ignore_check_constraints = ON; UPDATE training_workload SET efficiency = 7");
        QVERIFY(openError(invalid).contains(QStringLiteral(
            "/workloads/0/efficiency (entry pretrain-70b): must be a finite number > 0 and ≤ 1")));

        QVERIFY(openError(path("missing.fleetplan")).contains(QStringLiteral("no such file")));
    }

    void damagedFilesNeverCrash()
    {
        const std::string good = path("damage-source.fleetplan");
        QVERIFY(saveProjectFile(sampleProjectStore(), good).ok());
        const std::string bytes = readBytes(good);
        const std::string damaged = path("damaged.fleetplan");
        std::mt19937 random(7);
        int opened = 0, refused = 0;
        // Truncated at every 512-byte boundary and a few odd places.
        for (std::size_t size = 0; size < bytes.size(); size += size < 4096 ? 97 : 512) {
            writeBytes(damaged, bytes.substr(0, size));
            auto project = openProjectFile(damaged);
            project ? ++opened : ++refused;
            if (!project)
                QVERIFY(!project.error().toString().empty());
        }
        QCOMPARE(opened, 0); // a truncated project is never taken for a whole one
        // Random byte flips anywhere in the file.
        for (int trial = 0; trial < 400; ++trial) {
            std::string copy = bytes;
            const int flips = std::uniform_int_distribution<int>(1, 8)(random);
            for (int f = 0; f < flips; ++f)
                copy[std::uniform_int_distribution<std::size_t>(0, copy.size() - 1)(random)] ^=
                    char(std::uniform_int_distribution<int>(1, 255)(random));
            writeBytes(damaged, copy);
            auto project = openProjectFile(damaged); // a clean error or a valid project
            if (project)
                QVERIFY(!project.value().name.empty());
            else
                QVERIFY(!project.error().toString().empty());
        }
        QVERIFY(refused > 0);
    }

    void migrationKeepsABackup()
    {
        const std::string file = path("migrate.fleetplan");
        Project project = sampleProjectStore();
        project.scenarios.clear(); // v2 paths, which the real 1 → 2 step would refuse
        QVERIFY(saveProjectFile(project, file).ok());
        // Formats 3 and 7 added these tables.
        tamper(file, "DROP TABLE tenant; DROP TABLE input_range; PRAGMA user_version = 0");
        static bool ran = false;
        const Migration steps[] = {{0, "test step: version 0 had no scenario descriptions",
                                    [](const sql::Database& db) -> Result<bool> {
                                        ran = true;
                                        return db.exec(
                                            "UPDATE scenario SET description = NULL WHERE 0");
                                    }},
                                   migrations()[0],
                                   migrations()[1],
                                   migrations()[2],
                                   migrations()[3],
                                   migrations()[4],
                                   migrations()[5],
                                   migrations()[6]};
        auto migrated = migrateProjectFile(file, 0, steps);
        QVERIFY2(migrated.ok(), migrated.ok() ? "" : migrated.error().toString().c_str());
        QVERIFY(ran);
        QVERIFY(fs::is_regular_file(file + ".v0"));
        QVERIFY(openProjectFile(file).ok());
        QVERIFY(openError(file + ".v0").contains(QStringLiteral("older than any")));
        // A gap in the steps is refused, and the file stays as it was.
        tamper(file, "PRAGMA user_version = 0");
        auto gap = migrateProjectFile(file, 0, {});
        QVERIFY(!gap.ok());
        QVERIFY(QString::fromStdString(gap.error().toString())
                    .contains(QStringLiteral("no upgrade path from schema version 0")));
    }

    void autosaveOffersRecovery()
    {
        const std::string file = path("demo.fleetplan");
        Project project = sampleProjectStore();
        QVERIFY(saveProjectFile(project, file).ok());
        QVERIFY(!findRecovery(file).has_value());
        project.name = "Unsaved edits";
        QVERIFY(autosave(project, file).ok());
        const auto offer = findRecovery(file);
        QVERIFY(offer.has_value());
        QCOMPARE(offer->recoveryPath, file + ".recovery");
        auto recovered = openRecovery(*offer);
        QVERIFY(recovered.ok());
        QCOMPARE(recovered.value().name, std::string("Unsaved edits"));
        QVERIFY(saveProjectFile(recovered.value(), file).ok());
        discardRecovery(file);
        QVERIFY(!findRecovery(file).has_value());
        QCOMPARE(openProjectFile(file).value().name, std::string("Unsaved edits"));
    }

    void killedSavesLeaveTheOldOrTheNewProject()
    {
        // A helper saves two different projects to one file, over and over,
        // reporting each completed save on a pipe. The test measures how long
        // a save takes on this machine (under a sanitizer too), then kills
        // helpers at random points spread over two saves' time, each after
        // its first completed save: no assumption about the machine's speed.
        const QString file = m_dir.filePath(QStringLiteral("killed.fleetplan"));
        QVERIFY(saveProjectFile(sampleProjectStore(), file.toStdString()).ok());
        const auto waitForSaves = [](QProcess& saver, int count) {
            int seen = 0;
            while (seen < count) {
                if (!saver.canReadLine() && !saver.waitForReadyRead(120000))
                    return false; // a hang guard, not a timing assumption
                while (saver.canReadLine() && seen < count)
                    seen += saver.readLine().startsWith("saved ") ? 1 : 0;
            }
            return true;
        };
        qint64 saveNs = 0;
        {
            QProcess saver;
            saver.start(QStringLiteral(FLEET_SAVE_LOOP_PATH), {file});
            QVERIFY(saver.waitForStarted());
            QVERIFY(waitForSaves(saver, 1));
            QElapsedTimer timer;
            timer.start();
            QVERIFY(waitForSaves(saver, 5));
            saveNs = timer.nsecsElapsed() / 5;
            saver.kill();
            saver.waitForFinished();
        }
        std::mt19937 random(42);
        const int rounds = 60;
        int seenA = 0, seenB = 0, midSave = 0;
        for (int round = 0; round < rounds; ++round) {
            QProcess saver;
            saver.start(QStringLiteral(FLEET_SAVE_LOOP_PATH), {file});
            QVERIFY(saver.waitForStarted());
            QVERIFY(waitForSaves(saver, 1));
            const auto delayNs = std::uniform_int_distribution<qint64>(0, 2 * saveNs)(random);
            QThread::usleep(static_cast<unsigned long>(delayNs / 1000));
            saver.kill();
            saver.waitForFinished();
            for (const auto& entry : fs::directory_iterator(m_dir.path().toStdString()))
                if (entry.path().filename().string().rfind(".killed.fleetplan.saving-", 0) == 0) {
                    ++midSave; // its temporary is still there: killed during a save
                    break;
                }
            auto project = openProjectFile(file.toStdString());
            QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
            const std::string& name = project.value().name;
            if (name == "Save loop A")
                ++seenA;
            else if (name == "Save loop B")
                ++seenB;
            else
                QFAIL(("after a completed save, found project " + name).c_str());
        }
        qInfo("a save takes %.1f ms here; killed %d savers (%d during a save): project A %d "
              "times, B %d",
              saveNs / 1e6, rounds, midSave, seenA, seenB);
        QVERIFY(midSave > 0);
        // The next save clears what killed saves left beside the file.
        QVERIFY(saveProjectFile(sampleProjectStore(), file.toStdString()).ok());
        for (const auto& entry : fs::directory_iterator(m_dir.path().toStdString()))
            QVERIFY2(entry.path().string().find("killed.fleetplan.saving-") == std::string::npos,
                     entry.path().c_str());
    }
};

FLEET_TEST_MAIN(TestProjectStore)
#include "test_project_store.moc"
