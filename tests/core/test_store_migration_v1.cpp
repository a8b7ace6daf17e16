// A format-1 .fleetplan (SQLite schema version 1, overrides by position) is
// migrated in memory on open by the 1 → 2 step of the migration table: its
// override paths name rows by id, a byte-identical backup NAME.v1 is kept by
// the first save over it (never by the open), and it gives
// the KPIs it gave before. A v1 path that names no row stops the migration
// with a message naming it, and the file is left as it was. Always on copies
// of the golden file, never on the golden file itself.

#include "file_bytes.h"
#include "golden_copies.h"
#include "golden_v1.h"
#include "raw_sql.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_salvage.h"
#include "store/project_schema.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <filesystem>

using namespace fleet;
using fleet::test::rawSql;
using fleet::test::readBytes;
using fleet::test::writeBytes;
namespace fs = std::filesystem;

namespace {

std::string errorOfStoreMigrationV1(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

} // namespace

class TestStoreMigrationV1 : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string copyOfGolden(const char* name) const
    {
        const std::string path = m_dir.filePath(QString::fromLatin1(name)).toStdString();
        writeBytes(path, readBytes(test::kGoldenV1Sqlite));
        return path;
    }

private slots:
    void theGoldenFileIsVersionOne()
    {
        QCOMPARE(rawSql(test::kGoldenV1Sqlite, "PRAGMA user_version"), std::int64_t(1));
        QCOMPARE(rawSql(test::kGoldenV1Sqlite,
                        "SELECT count(*) FROM scenario_override WHERE path = '/workloads/7/users'"),
                 std::int64_t(1));
    }

    void goldenV1FileMigratesWithABackup()
    {
        const std::string file = copyOfGolden("sample.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV1(project).c_str());
        QVERIFY(test::idPathsOf(project.value()) == test::expectedIdPaths());
        // Upgraded in memory (issue 33, item 4): the file is as it was, no backup yet.
        QVERIFY(readBytes(file) == readBytes(test::kGoldenV1Sqlite));
        QVERIFY(!fs::exists(file + ".v1"));
        QCOMPARE(projectFileVersion(file).value_or(-1), 1);
        // It reads as its JSON twin does (the sample, format 2).
        QCOMPARE(projectToJsonText(project.value()), test::sampleWithoutRanges());
        // Saved over: the file as it was is kept first, byte for byte.
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(fs::is_regular_file(file + ".v1"));
        QVERIFY(readBytes(file + ".v1") == readBytes(test::kGoldenV1Sqlite));
        // The file itself is now the newest version (1 → 2 → 3 → 4), with id paths in its rows.
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM scenario_override WHERE path = "
                              "'/workloads/dev-notebooks/users'"),
                 std::int64_t(1));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM scenario_override WHERE path GLOB "
                              "'/workloads/[0-9]*' OR path GLOB '/fleet/pools/[0-9]*'"),
                 std::int64_t(0));
        // Opened and saved again, nothing changes: no second backup.
        auto reopened = openProjectFile(file);
        QVERIFY(reopened.ok());
        QCOMPARE(projectToJsonText(reopened.value()), test::sampleWithoutRanges());
        QVERIFY(saveProjectFile(reopened.value(), file).ok());
        QVERIFY(readBytes(file + ".v1") == readBytes(test::kGoldenV1Sqlite));
    }

    void migratedFileGivesTheRecordedKpis()
    {
        const std::string file = copyOfGolden("kpis.fleetplan");
        for (const std::string& scenario : test::recordedScenarios()) {
            auto project = loadProject(file, scenario);
            QVERIFY2(project.ok(), errorOfStoreMigrationV1(project).c_str());
            const std::string difference = test::kpiDifference(project.value(), scenario);
            QVERIFY2(difference.empty(), (scenario + ": " + difference).c_str());
        }
    }

    void anUnresolvablePathStopsTheMigrationAndLeavesTheFile()
    {
        const std::string file = copyOfGolden("broken.fleetplan");
        QCOMPARE(rawSql(file, "UPDATE scenario_override SET path = '/workloads/12/users' WHERE "
                              "path = '/workloads/7/users'; SELECT changes()"),
                 std::int64_t(1));
        const std::string before = readBytes(file);
        auto project = openProjectFile(file);
        QVERIFY(!project.ok());
        const std::string error = errorOfStoreMigrationV1(project);
        QVERIFY2(error.find("upgrading from schema version 1 (scenario overrides name pools, "
                            "workloads and segments by id instead of position) failed: scenario "
                            "\"notebooks-time-sliced\", override at position 0 "
                            "(\"/workloads/12/users\") is a format-1 path (rows by position) "
                            "that cannot become a format-2 path (rows by id): it names row "
                            "\"12\" of /workloads, which has 8 rows") != std::string::npos,
                 error.c_str());
        QVERIFY(readBytes(file) == before);
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(1));
        // No temporary is left beside it.
        std::size_t files = 0;
        for (const auto& entry : fs::directory_iterator(fs::path(file).parent_path()))
            files += entry.path().filename().string().rfind("broken.fleetplan", 0) == 0 &&
                     entry.path().filename() != "broken.fleetplan" &&
                     entry.path().filename() != "broken.fleetplan.v1";
        QCOMPARE(files, std::size_t(0));
    }

    void rowsStoredOutOfOrderResolveByPosition()
    {
        // The reader orders rows by their position column, not by rowid: the
        // migration must name the same rows.
        const std::string file = copyOfGolden("shuffled.fleetplan");
        rawSql(file, "PRAGMA foreign_keys = OFF; CREATE TABLE w AS SELECT * FROM workload; "
                     "DELETE FROM workload; INSERT INTO workload SELECT * FROM w ORDER BY "
                     "position DESC; DROP TABLE w;");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV1(project).c_str());
        QVERIFY(test::idPathsOf(project.value()) == test::expectedIdPaths());
    }

    void salvageResolvesV1PathsByStoredPosition()
    {
        // A row lost from a format-1 file must not lend its position to the
        // next: /workloads/7 stays dev-notebooks though workload 0 is gone.
        const std::string file = copyOfGolden("lost-first.fleetplan");
        rawSql(file, "DELETE FROM workload WHERE position = 0");
        const std::string before = readBytes(file);
        auto salvaged = salvageProjectFile(file);
        QVERIFY2(salvaged.ok(), salvaged.ok() ? "" : salvaged.error().toString().c_str());
        QVERIFY(readBytes(file) == before); // salvage never writes the file
        QCOMPARE(salvaged.value().project.workloads.size(), std::size_t(7));
        QVERIFY(test::idPathsOf(salvaged.value().project) == test::expectedIdPaths());

        // A scenario whose row is lost is dropped, and the loss named.
        const std::string lost = copyOfGolden("lost-notebooks.fleetplan");
        rawSql(lost, "DELETE FROM workload WHERE position = 7");
        auto rescued = salvageProjectFile(lost);
        QVERIFY2(rescued.ok(), rescued.ok() ? "" : rescued.error().toString().c_str());
        std::vector<std::string> kept;
        for (const Scenario& scenario : rescued.value().project.scenarios)
            kept.push_back(scenario.id);
        QCOMPARE(kept, (std::vector<std::string>{"reserve-60", "predictive-preemption"}));
        std::string losses;
        for (const std::string& line : rescued.value().lost)
            losses += line + "\n";
        QVERIFY2(losses.find("scenarios entry \"no-idle-timeout\" dropped: its format-1 override "
                             "\"/workloads/7/idle_timeout_min\" names row \"7\" of /workloads") !=
                     std::string::npos,
                 losses.c_str());
    }

    void salvageOfFormat2DropsTheScenariosOfADroppedRow()
    {
        // A workload the validator refuses is dropped; the scenarios naming
        // it by id go with it, the others keep naming their rows.
        const std::string file = m_dir.filePath(QStringLiteral("v2.fleetplan")).toStdString();
        QVERIFY(saveProjectFile(loadSampleProject().value(), file).ok());
        rawSql(file, "UPDATE workload SET position = position + 100; "
                     "UPDATE workload SET position = 0 WHERE id = 'dev-notebooks'; "
                     "UPDATE workload SET choice_gpu = 'no-such-gpu' WHERE id = 'dev-notebooks'");
        auto salvaged = salvageProjectFile(file);
        QVERIFY2(salvaged.ok(), salvaged.ok() ? "" : salvaged.error().toString().c_str());
        std::vector<std::string> kept;
        for (const Scenario& scenario : salvaged.value().project.scenarios)
            kept.push_back(scenario.id);
        QCOMPARE(kept, (std::vector<std::string>{"reserve-60", "predictive-preemption"}));
        QCOMPARE(salvaged.value().project.scenarios.front().overrides.front().path,
                 std::string("/fleet/pools/h100-reserved/count"));
        std::string losses;
        for (const std::string& line : salvaged.value().lost)
            losses += line + "\n";
        QVERIFY2(losses.find("scenarios entry \"no-idle-timeout\" dropped: it changed workloads "
                             "entry \"dev-notebooks\", which was lost") != std::string::npos,
                 losses.c_str());
    }

    void aNewerSchemaIsRefused()
    {
        const std::string file = copyOfGolden("future.fleetplan");
        const std::string newer = std::to_string(kFleetPlanSchemaVersion + 1);
        rawSql(file, "PRAGMA user_version = " + newer);
        const std::string error = errorOfStoreMigrationV1(openProjectFile(file));
        QVERIFY2(error.find("was written by a newer FleetPlanner (project schema version " + newer +
                            "); this FleetPlanner reads schema version " +
                            std::to_string(kFleetPlanSchemaVersion) + " and older") !=
                     std::string::npos,
                 error.c_str());
        QVERIFY(!fs::exists(file + ".v" + std::to_string(kFleetPlanSchemaVersion)));
    }

    void savesAreTheNewestVersion()
    {
        const std::string file = m_dir.filePath(QStringLiteral("new.fleetplan")).toStdString();
        QVERIFY(saveProjectFile(loadSampleProject().value(), file).ok());
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        QVERIFY(!fs::exists(file + ".v1"));
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), errorOfStoreMigrationV1(reopened).c_str());
        QVERIFY(!fs::exists(file + ".v1"));
    }
};

FLEET_TEST_MAIN(TestStoreMigrationV1)
#include "test_store_migration_v1.moc"
