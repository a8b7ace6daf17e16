// A schema-7 project (its SQL listed the regimes in CHECKs) opens in schema
// 8: the SQLite file is migrated on open by the 7 → 8 step (workload and
// segment_regime rebuilt with the regimes as plain text), keeping a
// byte-identical backup NAME.v7, and reads as the sample. In schema 8 the
// reader, not SQL, refuses a regime the registry does not know, naming the
// field. Always on copies of the golden file (tests/data/golden/v7/).

#include "file_bytes.h"
#include "golden_copies.h"
#include "raw_sql.h"
#include "store/project_format_v7.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_schema.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <filesystem>

using namespace fleet;
using fleet::test::rawSql;
using fleet::test::readBytes;
namespace fs = std::filesystem;

namespace {

const std::string kGoldenV7Sqlite = FLEET_TEST_DATA_DIR "/golden/v7/sample-v7.fleetplan";

std::string errorOfStoreMigrationV7(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

/// How many of `path`'s table definitions mention `text`.
std::int64_t tablesMentioning(const std::string& path, const std::string& text)
{
    return rawSql(path, "SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%" + text + "%'");
}

} // namespace

class TestStoreMigrationV7 : public QObject
{
    Q_OBJECT

    test::GoldenCopies m_copies{kGoldenV7Sqlite};

private slots:
    void theGoldenFileIsVersionSevenAndListsTheRegimes()
    {
        QCOMPARE(rawSql(kGoldenV7Sqlite, "PRAGMA user_version"), std::int64_t(7));
        QCOMPARE(tablesMentioning(kGoldenV7Sqlite, "time_sliced"), std::int64_t(2));
    }

    void theStepCreatesVersionEightsTables()
    {
        // The frozen texts are the tables version 8 generates.
        QVERIFY2(projectSchemaSql().find(kWorkloadTableV8) != std::string::npos,
                 projectSchemaSql().c_str());
        QVERIFY2(projectSchemaSql().find(kSegmentRegimeTableV8) != std::string::npos,
                 projectSchemaSql().c_str());
        // No table of version 8 lists a regime key.
        QVERIFY(projectSchemaSql().find("'time_sliced'") == std::string::npos);
    }

    void goldenV7FileMigratesWithABackup()
    {
        const std::string file = m_copies.copy("sample.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV7(project).c_str());
        QVERIFY(readBytes(file) == readBytes(kGoldenV7Sqlite));
        QCOMPARE(projectToJsonText(project.value()), test::sampleAsGolden());
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(fs::is_regular_file(file + ".v7"));
        QVERIFY(readBytes(file + ".v7") == readBytes(kGoldenV7Sqlite));
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        QCOMPARE(tablesMentioning(file, "time_sliced"), std::int64_t(0));
        // Every row kept: the sample's chosen regimes and allowed regimes.
        QCOMPARE(rawSql(file, "SELECT count(*) FROM workload WHERE choice_regime = 'partition'"),
                 std::int64_t(2));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM segment_regime"),
                 rawSql(kGoldenV7Sqlite, "SELECT count(*) FROM segment_regime"));
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), errorOfStoreMigrationV7(reopened).c_str());
        QCOMPARE(projectToJsonText(reopened.value()), test::sampleAsGolden());
    }

    void anUnknownRegimeIsRefusedByTheReaderNamingTheField()
    {
        // What SQL's CHECK refused in version 7 the reader refuses in 8, and
        // the file is left as it was.
        const std::string file = m_copies.copy("unknown.fleetplan");
        QVERIFY(saveProjectFile(openProjectFile(file).value(), file).ok());
        QCOMPARE(rawSql(file, "UPDATE segment_regime SET regime = 'quantum' WHERE position = 1 "
                              "AND segment_id = 'early-stage'; SELECT changes()"),
                 std::int64_t(1));
        const std::string before = readBytes(file);
        auto segment = openProjectFile(file);
        QVERIFY(!segment.ok());
        const std::string message = segment.error().toString();
        QVERIFY2(message.find("/segments/0/allowed_regimes/1") != std::string::npos &&
                     message.find("\"quantum\"") != std::string::npos &&
                     message.find("bare_metal") != std::string::npos,
                 message.c_str());
        QVERIFY(readBytes(file) == before);

        QVERIFY(rawSql(file, "UPDATE segment_regime SET regime = 'time_sliced' WHERE regime = "
                             "'quantum'; UPDATE workload SET choice_regime = 'warp_drive' WHERE "
                             "id = 'moderation-1b'; SELECT changes()") == 1);
        auto workload = openProjectFile(file);
        QVERIFY(!workload.ok());
        const std::string choice = workload.error().toString();
        QVERIFY2(choice.find("/choice/regime") != std::string::npos &&
                     choice.find("\"warp_drive\"") != std::string::npos,
                 choice.c_str());
    }

    void aV7FileIsSalvagedWithoutLosses()
    {
        const std::string problem =
            test::salvageProblem(m_copies.copy("salvage.fleetplan"), test::sampleAsGolden());
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

FLEET_TEST_MAIN(TestStoreMigrationV7)
#include "test_store_migration_v7.moc"
