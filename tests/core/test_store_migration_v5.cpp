// A schema-5 project (precision bf16 or fp8 only) opens in schema 6: the
// SQLite file is migrated on open by the 5 → 6 step (training_workload and
// inference_workload rebuilt so that precision may be fp4), keeping a
// byte-identical backup NAME.v5, and reads as its JSON twin does. Always on
// copies of the golden files (tests/data/golden/v5/), never on the files.

#include "file_bytes.h"
#include "golden_copies.h"
#include "raw_sql.h"
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

const std::string kGoldenV5Json = FLEET_TEST_DATA_DIR "/golden/v5/sample-v5.fleetplan.json";
const std::string kGoldenV5Sqlite = FLEET_TEST_DATA_DIR "/golden/v5/sample-v5.fleetplan";

std::string errorOfStoreMigrationV5(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

/// `sql` as SQLite keeps a statement (no closing semicolon), quoted.
std::string storedStatementV5(std::string sql)
{
    sql.erase(sql.rfind(';'));
    for (std::size_t at = sql.find('\''); at != std::string::npos; at = sql.find('\'', at + 2))
        sql.insert(at, 1, '\'');
    return "'" + sql + "'";
}

} // namespace

class TestStoreMigrationV5 : public QObject
{
    Q_OBJECT

    test::GoldenCopies m_copies{kGoldenV5Sqlite};

private slots:
    void theGoldenFilesAreVersionFive()
    {
        QCOMPARE(rawSql(kGoldenV5Sqlite, "PRAGMA user_version"), std::int64_t(5));
        QCOMPARE(rawSql(kGoldenV5Sqlite, "SELECT count(*) FROM sqlite_schema WHERE name = "
                                         "'training_workload' AND sql LIKE '%''fp4''%'"),
                 std::int64_t(0));
        QVERIFY(readBytes(kGoldenV5Json).find("\"format_version\": 5,") != std::string::npos);
    }

    void theStepCreatesVersionSixsTables()
    {
        // Each frozen text is the table version 6 generates from its field table.
        for (const char* table : {kTrainingTableV6, kInferenceTableV6})
            QVERIFY2(projectSchemaSql().find(table) != std::string::npos, table);
    }

    void goldenV5FileMigratesWithABackup()
    {
        const std::string file = m_copies.copy("sample.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV5(project).c_str());
        // Upgraded in memory: the file as it was until a save keeps a backup.
        QVERIFY(readBytes(file) == readBytes(kGoldenV5Sqlite));
        QVERIFY(!fs::exists(file + ".v5"));
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(fs::is_regular_file(file + ".v5"));
        QVERIFY(readBytes(file + ".v5") == readBytes(kGoldenV5Sqlite));
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        for (const auto& [name, sql] : {std::pair{"training_workload", kTrainingTableV6},
                                        std::pair{"inference_workload", kInferenceTableV6}})
            QVERIFY2(rawSql(file, "SELECT sql = " + storedStatementV5(sql) +
                                      " FROM sqlite_schema WHERE name = '" + name + "'") == 1,
                     name);
        QCOMPARE(rawSql(file, "SELECT count(*) FROM sqlite_schema WHERE name GLOB '*_v5'"),
                 std::int64_t(0));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM pragma_foreign_key_check"), std::int64_t(0));
        // Every row kept.
        QCOMPARE(rawSql(file, "SELECT count(*) FROM training_workload"),
                 rawSql(kGoldenV5Sqlite, "SELECT count(*) FROM training_workload"));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM inference_workload"),
                 rawSql(kGoldenV5Sqlite, "SELECT count(*) FROM inference_workload"));
        // It reads as its JSON twin, the sample as it ships.
        auto twin = parseProject(readBytes(kGoldenV5Json), "sample-v5.fleetplan.json");
        QVERIFY2(twin.ok(), errorOfStoreMigrationV5(twin).c_str());
        QCOMPARE(projectToJsonText(project.value()), projectToJsonText(twin.value()));
        QCOMPARE(projectToJsonText(project.value()), test::sampleWithoutRanges());
    }

    void anFp4ServiceOnTheSamplesH100sIsRefused()
    {
        // Migrated, the sample may state fp4; its H100s then refuse it.
        const std::string file = m_copies.copy("fp4.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV5(project).c_str());
        std::string text = projectToJsonText(project.value());
        const std::string from = "\"precision\": \"fp8\"";
        QVERIFY(text.find(from) != std::string::npos);
        text.replace(text.find(from), from.size(), "\"precision\": \"fp4\"");
        // The sample's H100s have no FP4 tensor cores: the reader says so.
        auto refused = parseProject(text, "fp4.json");
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().toString().find("precision") != std::string::npos &&
                     refused.error().toString().find("fp4 needs tensor cores") != std::string::npos,
                 refused.error().toString().c_str());
    }

    void aV5FileIsSalvagedWithoutLosses()
    {
        const std::string problem = test::salvageProblem(m_copies.copy("salvage.fleetplan"));
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

FLEET_TEST_MAIN(TestStoreMigrationV5)
#include "test_store_migration_v5.moc"
