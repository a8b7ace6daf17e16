// A format-4 project (none of the inputs of format 5) opens in format 5: the
// SQLite file is migrated on open by the 4 → 5 step (training_workload,
// notebook_workload, batch_workload, segment and owned_figure rebuilt with
// the new columns and rules), keeping a byte-identical backup NAME.v4, and
// reads as its JSON twin does; the JSON file reads as it is. Always on
// copies of the golden files (tests/data/golden/v4/), never on the files.

#include "file_bytes.h"
#include "golden_copies.h"
#include "raw_sql.h"
#include "store/project_format_v4.h"
#include "store/project_format_v5.h"
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

const std::string kGoldenV4Json = FLEET_TEST_DATA_DIR "/golden/v4/sample-v4.fleetplan.json";
const std::string kGoldenV4Sqlite = FLEET_TEST_DATA_DIR "/golden/v4/sample-v4.fleetplan";

std::string errorOfStoreMigrationV4(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

/// `sql` as a quoted SQL string literal, without its closing semicolon (as
/// SQLite keeps a statement).
std::string storedStatement(std::string sql)
{
    sql.erase(sql.rfind(';'));
    for (std::size_t at = sql.find('\''); at != std::string::npos; at = sql.find('\'', at + 2))
        sql.insert(at, 1, '\'');
    return "'" + sql + "'";
}

} // namespace

class TestStoreMigrationV4 : public QObject
{
    Q_OBJECT

    test::GoldenCopies m_copies{kGoldenV4Sqlite};

private slots:
    void theGoldenFilesAreVersionFour()
    {
        QCOMPARE(rawSql(kGoldenV4Sqlite, "PRAGMA user_version"), std::int64_t(4));
        QCOMPARE(rawSql(kGoldenV4Sqlite, "SELECT count(*) FROM pragma_table_info("
                                         "'training_workload') WHERE name = 'run_days'"),
                 std::int64_t(0));
        QVERIFY(readBytes(kGoldenV4Json).find("\"format_version\": 4,") != std::string::npos);
    }

    void theStepCreatesVersionFivesTables()
    {
        // Each frozen text is the table version 5 generates from its field
        // table; training_workload's is version 6's but for fp4.
        for (const char* table :
             {kNotebookTableV5, kBatchTableV5, kSegmentTableV5, kOwnedFigureTableV5})
            QVERIFY2(projectSchemaSql().find(table) != std::string::npos, table);
        std::string v6(kTrainingTableV6);
        v6.replace(v6.find(", 'fp4'"), 7, "");
        QCOMPARE(std::string(kTrainingTableV5), v6);
    }

    void goldenV4FileMigratesWithABackup()
    {
        const std::string file = m_copies.copy("sample.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV4(project).c_str());
        // Upgraded in memory (issue 33, item 4): the file as it was, no backup
        // until a save over it keeps one.
        QVERIFY(readBytes(file) == readBytes(kGoldenV4Sqlite));
        QVERIFY(!fs::exists(file + ".v4"));
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(fs::is_regular_file(file + ".v4"));
        QVERIFY(readBytes(file + ".v4") == readBytes(kGoldenV4Sqlite));
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        const std::pair<const char*, const char*> tables[] = {
            {"training_workload", kTrainingTableV6}, // rebuilt again by 5 → 6
            {"notebook_workload", kNotebookTableV5},
            {"batch_workload", kBatchTableV5},
            {"segment", kSegmentTableV5},
            {"owned_figure", kOwnedFigureTableV5}};
        for (const auto& [name, sql] : tables)
            QVERIFY2(rawSql(file, "SELECT sql = " + storedStatement(sql) +
                                      " FROM sqlite_schema WHERE name = '" + name + "'") == 1,
                     name);
        QCOMPARE(rawSql(file, "SELECT count(*) FROM sqlite_schema WHERE name GLOB '*_v4'"),
                 std::int64_t(0));
        // Other tables still name the segment table, not its old copy.
        QCOMPARE(rawSql(file, "SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%segment_v4%'"),
                 std::int64_t(0));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM pragma_foreign_key_check"), std::int64_t(0));
        // Every row kept, the new columns empty.
        QCOMPARE(rawSql(file, "SELECT count(*) FROM training_workload WHERE run_days IS NULL "
                              "AND tokens_per_run > 0"),
                 std::int64_t(1));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM segment WHERE stage IS NULL"), std::int64_t(3));
        // It reads as its JSON twin and as the sample now ships (format 5).
        auto twin = parseProject(readBytes(kGoldenV4Json), "sample-v4.fleetplan.json");
        QVERIFY2(twin.ok(), errorOfStoreMigrationV4(twin).c_str());
        QCOMPARE(projectToJsonText(project.value()), projectToJsonText(twin.value()));
        QCOMPARE(projectToJsonText(project.value()), test::sampleWithoutRanges());
        // Opened again, nothing changes.
        const std::string migrated = readBytes(file);
        QVERIFY(openProjectFile(file).ok());
        QVERIFY(readBytes(file) == migrated);
    }

    void aV4FileIsSalvagedWithoutLosses()
    {
        const std::string problem = test::salvageProblem(m_copies.copy("salvage.fleetplan"));
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

FLEET_TEST_MAIN(TestStoreMigrationV4)
#include "test_store_migration_v4.moc"
