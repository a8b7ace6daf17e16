// A format-2 project (no tenants) opens in format 3: the SQLite file is
// migrated on open by the 2 → 3 step (an empty tenant table), keeping a
// byte-identical backup NAME.v2, and reads as its JSON twin does; the JSON
// file reads as it is. Projects with tenants go JSON → SQLite → JSON byte for
// byte, and a tenant follows its segment's renaming and removal. Always on
// copies of the golden files (tests/data/golden/v2/), never on the files.

#include "file_bytes.h"
#include "golden_copies.h"
#include "model/project_refs.h"
#include "raw_sql.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_schema.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

#include <filesystem>

using namespace fleet;
using fleet::test::rawSql;
using fleet::test::readBytes;
namespace fs = std::filesystem;
namespace bj = boost::json;

namespace {

const std::string kGoldenV2Json = FLEET_TEST_DATA_DIR "/golden/v2/sample-v2.fleetplan.json";
const std::string kGoldenV2Sqlite = FLEET_TEST_DATA_DIR "/golden/v2/sample-v2.fleetplan";

std::string errorOfStoreMigrationV2(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

/// The sample's document with tenants (one of every field, one by count) and
/// a scenario changing a tenant by id.
std::string sampleWithTenants()
{
    bj::value document = bj::parse(sampleProjectJson());
    bj::object& root = document.as_object();
    root["tenants"] = bj::parse(R"([
        {"id": "acme", "name": "Acme", "segment": "mid-stage", "quota_gpus": 4,
         "quota_gpu_hours_per_month": 2000, "cost_weight": 2, "priority_tier": 1,
         "note": "premium tier"},
        {"id": "startups", "name": "Startups", "segment": "early-stage", "count": 40}])");
    root["scenarios"].as_array().front().as_object()["overrides"].as_array().push_back(
        bj::object{{"path", "/tenants/acme/cost_weight"}, {"value", 3}});
    auto project = parseProjectValue(document, "tenants.fleetplan.json");
    if (!project)
        qFatal("%s", project.error().toString().c_str());
    return projectToJsonText(project.value());
}

} // namespace

class TestStoreMigrationV2 : public QObject
{
    Q_OBJECT

    test::GoldenCopies m_copies{kGoldenV2Sqlite};
    std::string path(const char* name) const { return m_copies.path(name); }
    std::string copyOfGolden(const char* name) const { return m_copies.copy(name); }

private slots:
    void theGoldenFilesAreVersionTwo()
    {
        QCOMPARE(rawSql(kGoldenV2Sqlite, "PRAGMA user_version"), std::int64_t(2));
        QCOMPARE(
            rawSql(kGoldenV2Sqlite, "SELECT count(*) FROM sqlite_schema WHERE name = 'tenant'"),
            std::int64_t(0));
        QVERIFY(readBytes(kGoldenV2Json).find("\"format_version\": 2,") != std::string::npos);
    }

    void goldenV2FileMigratesWithABackup()
    {
        const std::string file = copyOfGolden("sample.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV2(project).c_str());
        QVERIFY(project.value().tenants.empty());
        // Upgraded in memory (issue 33, item 4): the file as it was, no backup
        // until a save over it keeps one.
        QVERIFY(readBytes(file) == readBytes(kGoldenV2Sqlite));
        QVERIFY(!fs::exists(file + ".v2"));
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(fs::is_regular_file(file + ".v2"));
        QVERIFY(readBytes(file + ".v2") == readBytes(kGoldenV2Sqlite));
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM sqlite_schema WHERE name = 'tenant'"),
                 std::int64_t(1));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM tenant"), std::int64_t(0));
        // It reads as its JSON twin and as the sample now ships (format 3).
        auto twin = parseProject(readBytes(kGoldenV2Json), "sample-v2.fleetplan.json");
        QVERIFY2(twin.ok(), errorOfStoreMigrationV2(twin).c_str());
        QCOMPARE(projectToJsonText(project.value()), projectToJsonText(twin.value()));
        QCOMPARE(projectToJsonText(project.value()), test::sampleWithoutRanges());
        // Opened again, nothing changes.
        const std::string migrated = readBytes(file);
        QVERIFY(openProjectFile(file).ok());
        QVERIFY(readBytes(file) == migrated);
        // The migrated file takes tenants.
        Project withTenants = project.value();
        withTenants.tenants.push_back({"acme", "Acme", "mid-stage", 2, 8.0, {}, 1.5, 1, ""});
        QVERIFY(saveProjectFile(withTenants, file).ok());
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), errorOfStoreMigrationV2(reopened).c_str());
        QCOMPARE(projectToJsonText(reopened.value()), projectToJsonText(withTenants));
    }

    void aV2FileIsSalvagedWithoutLosses()
    {
        const std::string problem = test::salvageProblem(copyOfGolden("salvage.fleetplan"));
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void tenantsRoundTripByteForByte()
    {
        const std::string json = sampleWithTenants();
        QVERIFY(json.find("\"tenants\": [") != std::string::npos);
        auto project = parseProject(json, "tenants.fleetplan.json");
        QVERIFY2(project.ok(), errorOfStoreMigrationV2(project).c_str());
        QCOMPARE(project.value().tenants.size(), std::size_t(2));
        QCOMPARE(project.value().tenantCount("early-stage"), 40.0);
        QCOMPARE(projectToJsonText(project.value()), json);
        const std::string file = path("tenants.fleetplan");
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QCOMPARE(rawSql(file, "SELECT count(*) FROM tenant"), std::int64_t(2));
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), errorOfStoreMigrationV2(reopened).c_str());
        QCOMPARE(projectToJsonText(reopened.value()), json);
        // A scenario names a tenant by id.
        const std::string scenario = project.value().scenarios.front().id;
        auto applied = loadProject(file, scenario);
        QVERIFY2(applied.ok(), errorOfStoreMigrationV2(applied).c_str());
        QCOMPARE(applied.value().tenants.front().costWeight, 3.0);
    }

    void badTenantsAreRefusedByFieldAndRule()
    {
        const auto refusal = [](const std::string& tenants) {
            bj::value document = bj::parse(sampleProjectJson());
            document.as_object()["tenants"] = bj::parse(tenants);
            return errorOfStoreMigrationV2(parseProjectValue(document, "bad.fleetplan.json"));
        };
        QVERIFY(refusal(R"([{"id": "a", "name": "A", "segment": "nowhere"}])")
                    .find("/tenants/0/segment (entry a): names segment \"nowhere\", which is "
                          "not defined; known: early-stage, mid-stage, enterprise") !=
                std::string::npos);
        QVERIFY(refusal(R"([{"id": "a", "name": "A", "segment": "mid-stage"},
                            {"id": "a", "name": "B", "segment": "mid-stage"}])")
                    .find("/tenants/1/id (entry a): duplicate tenant id \"a\"") !=
                std::string::npos);
        const std::string weight =
            refusal(R"([{"id": "a", "name": "A", "segment": "mid-stage", "cost_weight": 0}])");
        QVERIFY2(weight.find("/tenants/0/cost_weight") != std::string::npos, weight.c_str());
        const std::string count =
            refusal(R"([{"id": "a", "name": "A", "segment": "mid-stage", "count": 0}])");
        QVERIFY2(count.find("/tenants/0/count") != std::string::npos, count.c_str());
    }

    void tenantsFollowTheirSegment()
    {
        auto project = parseProject(sampleWithTenants(), "tenants.fleetplan.json");
        QVERIFY(project.ok());
        // Renamed: the tenant follows.
        auto renamed = renameRow(project.value(), RowList::Segments, "mid-stage", "growth");
        QVERIFY(renamed.ok());
        QCOMPARE(renamed.value().tenants.front().segmentId, std::string("growth"));
        QVERIFY(applyScenario(renamed.value(), "").ok());
        // Removal is refused while tenants name it, names them, and removes them when told.
        const auto references = referencesTo(project.value(), RowList::Segments, "early-stage");
        bool named = false;
        for (const RowReference& reference : references)
            named = named || reference.text == "tenant \"startups\" (its segment)";
        QVERIFY(named);
        RemovePlan remove;
        remove.dependents = RemovePlan::Dependents::Remove;
        auto removed = removeRow(project.value(), RowList::Segments, "early-stage", remove);
        QVERIFY(removed.ok());
        QCOMPARE(removed.value().tenants.size(), std::size_t(1));
        QVERIFY(applyScenario(removed.value(), "").ok());
        // Removing a tenant's segment with the scenario override naming it.
        auto gone = removeRow(project.value(), RowList::Segments, "mid-stage", remove);
        QVERIFY(gone.ok());
        QVERIFY(gone.value().tenants.size() == 1 && gone.value().tenants.front().id == "startups");
        for (const Scenario& scenario : gone.value().scenarios)
            for (const ScenarioOverride& o : scenario.overrides)
                QVERIFY2(o.path.rfind("/tenants/acme", 0) != 0, o.path.c_str());
        QVERIFY(applyScenario(gone.value(), "").ok());
    }
};

FLEET_TEST_MAIN(TestStoreMigrationV2)
#include "test_store_migration_v2.moc"
