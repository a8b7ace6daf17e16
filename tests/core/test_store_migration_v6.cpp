// A schema-6 project (no input ranges) opens in schema 7: the SQLite file is
// migrated on open by the 6 → 7 step (the empty input_range table created),
// keeping a byte-identical backup NAME.v6, and reads as its JSON twin does.
// Always on copies of the golden files (tests/data/golden/v6/), never on the
// files.

#include "file_bytes.h"
#include "golden_copies.h"
#include "raw_sql.h"
#include "store/project_format_v6.h"
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

const std::string kGoldenV6Json = FLEET_TEST_DATA_DIR "/golden/v6/sample-v6.fleetplan.json";
const std::string kGoldenV6Sqlite = FLEET_TEST_DATA_DIR "/golden/v6/sample-v6.fleetplan";

std::string errorOfStoreMigrationV6(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

} // namespace

class TestStoreMigrationV6 : public QObject
{
    Q_OBJECT

    test::GoldenCopies m_copies{kGoldenV6Sqlite};

private slots:
    void theGoldenFilesAreVersionSix()
    {
        QCOMPARE(rawSql(kGoldenV6Sqlite, "PRAGMA user_version"), std::int64_t(6));
        QCOMPARE(rawSql(kGoldenV6Sqlite,
                        "SELECT count(*) FROM sqlite_schema WHERE name = 'input_range'"),
                 std::int64_t(0));
        QVERIFY(readBytes(kGoldenV6Json).find("\"format_version\": 6,") != std::string::npos);
    }

    void theStepCreatesVersionSevensTable()
    {
        // The frozen text is the table version 7 generates from its field table.
        QVERIFY2(projectSchemaSql().find(kRangeTableV7) != std::string::npos,
                 projectSchemaSql().c_str());
    }

    void goldenV6FileMigratesWithABackup()
    {
        const std::string file = m_copies.copy("sample.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV6(project).c_str());
        QVERIFY(project.value().ranges.empty());
        QVERIFY(readBytes(file) == readBytes(kGoldenV6Sqlite));
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(fs::is_regular_file(file + ".v6"));
        QVERIFY(readBytes(file + ".v6") == readBytes(kGoldenV6Sqlite));
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM input_range"), std::int64_t(0));
        auto twin = parseProject(readBytes(kGoldenV6Json), "sample-v6.fleetplan.json");
        QVERIFY2(twin.ok(), errorOfStoreMigrationV6(twin).c_str());
        QCOMPARE(projectToJsonText(project.value()), projectToJsonText(twin.value()));
        QCOMPARE(projectToJsonText(project.value()), test::sampleWithoutRanges());
    }

    void aMigratedFileTakesRanges()
    {
        // Migrated, the file holds the sample's ranges and reads them back.
        const std::string file = m_copies.copy("ranges.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV6(project).c_str());
        Project withRanges = project.value();
        withRanges.ranges = loadSampleProject().value().ranges;
        QVERIFY(saveProjectFile(withRanges, file).ok());
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), errorOfStoreMigrationV6(reopened).c_str());
        QCOMPARE(projectToJsonText(reopened.value()), test::sampleAsGolden());
    }

    void aV6FileIsSalvagedWithoutLosses()
    {
        const std::string problem = test::salvageProblem(m_copies.copy("salvage.fleetplan"));
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

FLEET_TEST_MAIN(TestStoreMigrationV6)
#include "test_store_migration_v6.moc"
