// A format-3 project (no service names a model) opens in format 4: the
// SQLite file is migrated on open by the 3 → 4 step (inference_workload
// rebuilt with the columns model and total_params), keeping a byte-identical
// backup NAME.v3, and reads as its JSON twin does; the JSON file reads as it
// is. A service naming its model goes JSON → SQLite → JSON byte for byte,
// and the reader refuses a model the table lacks and parameter counts that
// contradict the model, naming the field and the rule. Always on copies of
// the golden files (tests/data/golden/v3/), never on the files.

#include "file_bytes.h"
#include "golden_copies.h"
#include "raw_sql.h"
#include "store/field_sql.h"
#include "store/project_format_v3.h"
#include "store/project_format_v5.h"
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

const std::string kGoldenV3Json = FLEET_TEST_DATA_DIR "/golden/v3/sample-v3.fleetplan.json";
const std::string kGoldenV3Sqlite = FLEET_TEST_DATA_DIR "/golden/v3/sample-v3.fleetplan";

std::string errorOfStoreMigrationV3(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

/// `sql` as a quoted SQL string literal.
std::string quoted(std::string sql)
{
    for (std::size_t at = sql.find('\''); at != std::string::npos; at = sql.find('\'', at + 2))
        sql.insert(at, 1, '\'');
    return "'" + sql + "'";
}

/// The sample's document with its first service changed by `change`.
template <typename Change> bj::value sampleWithService(Change change)
{
    bj::value document = bj::parse(sampleProjectJson());
    for (bj::value& item : document.at("workloads").as_array())
        if (item.at("kind").as_string() == "inference") {
            change(item.as_object());
            break;
        }
    return document;
}

/// The issue the reader reports at `pointer` for the sample with its first
/// service changed by `change` (or "" when none).
template <typename Change> std::string refusalAt(const std::string& pointer, Change change)
{
    const auto project = parseProjectValue(sampleWithService(change), "bad.fleetplan.json");
    if (project)
        return {};
    for (const Issue& issue : project.error().issues)
        if (issue.path == pointer)
            return issue.message;
    return project.error().toString();
}

} // namespace

class TestStoreMigrationV3 : public QObject
{
    Q_OBJECT

    test::GoldenCopies m_copies{kGoldenV3Sqlite};
    std::string path(const char* name) const { return m_copies.path(name); }
    std::string copyOfGolden(const char* name) const { return m_copies.copy(name); }

private slots:
    void theGoldenFilesAreVersionThree()
    {
        QCOMPARE(rawSql(kGoldenV3Sqlite, "PRAGMA user_version"), std::int64_t(3));
        QCOMPARE(rawSql(kGoldenV3Sqlite, "SELECT count(*) FROM pragma_table_info("
                                         "'inference_workload') WHERE name = 'model'"),
                 std::int64_t(0));
        QCOMPARE(rawSql(kGoldenV3Sqlite, "SELECT count(*) FROM inference_workload"),
                 std::int64_t(4));
        QVERIFY(readBytes(kGoldenV3Json).find("\"format_version\": 3,") != std::string::npos);
    }

    void theStepCreatesVersionFoursTable()
    {
        // The frozen text is the table version 4 generated from its field
        // table: version 6's (which the schema now has) but for fp4.
        std::string v6(kInferenceTableV6);
        v6.replace(v6.find(", 'fp4'"), 7, "");
        QCOMPARE(std::string(kInferenceTableV4), v6);
        QVERIFY(rows::specTablesSql().find(kInferenceTableV6) != std::string::npos);
    }

    void goldenV3FileMigratesWithABackup()
    {
        const std::string file = copyOfGolden("sample.fleetplan");
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), errorOfStoreMigrationV3(project).c_str());
        // Upgraded in memory (issue 33, item 4): the file as it was, no backup
        // until a save over it keeps one.
        QVERIFY(readBytes(file) == readBytes(kGoldenV3Sqlite));
        QVERIFY(!fs::exists(file + ".v3"));
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(fs::is_regular_file(file + ".v3"));
        QVERIFY(readBytes(file + ".v3") == readBytes(kGoldenV3Sqlite));
        QCOMPARE(rawSql(file, "PRAGMA user_version"), std::int64_t(kFleetPlanSchemaVersion));
        // The table as version 4 created it and version 6 rebuilt it
        // (SQLite keeps the statement without its semicolon), every row kept,
        // no model named.
        std::string table(kInferenceTableV6);
        table.erase(table.rfind(';'));
        QCOMPARE(rawSql(file, "SELECT sql = " + quoted(table) +
                                  " FROM sqlite_schema WHERE name = 'inference_workload'"),
                 std::int64_t(1));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM sqlite_schema WHERE name GLOB '*_v3'"),
                 std::int64_t(0));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM inference_workload WHERE model IS NULL AND "
                              "total_params IS NULL"),
                 std::int64_t(4));
        for (const Workload& workload : project.value().workloads)
            if (const auto* spec = std::get_if<InferenceSpec>(&workload.spec))
                QVERIFY(spec->model.empty() && spec->totalParams == 0 && spec->params > 0);
        // It reads as its JSON twin and as the sample now ships (format 4).
        auto twin = parseProject(readBytes(kGoldenV3Json), "sample-v3.fleetplan.json");
        QVERIFY2(twin.ok(), errorOfStoreMigrationV3(twin).c_str());
        QCOMPARE(projectToJsonText(project.value()), projectToJsonText(twin.value()));
        QCOMPARE(projectToJsonText(project.value()), test::sampleWithoutRanges());
        // Opened again, nothing changes.
        const std::string migrated = readBytes(file);
        QVERIFY(openProjectFile(file).ok());
        QVERIFY(readBytes(file) == migrated);
        // The migrated file takes a service that names its model.
        auto withModel = parseProjectValue(sampleWithService([](bj::object& item) {
                                               item["model"] = "llama-3.1-70b";
                                               item["params"] = 70.6e9;
                                           }),
                                           "model.fleetplan.json");
        QVERIFY2(withModel.ok(), errorOfStoreMigrationV3(withModel).c_str());
        QVERIFY(saveProjectFile(withModel.value(), file).ok());
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), errorOfStoreMigrationV3(reopened).c_str());
        QCOMPARE(projectToJsonText(reopened.value()), projectToJsonText(withModel.value()));
    }

    void aV3FileIsSalvagedWithoutLosses()
    {
        const std::string problem = test::salvageProblem(copyOfGolden("salvage.fleetplan"));
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void servicesNamingTheirModelRoundTripByteForByte()
    {
        bj::value document = sampleWithService([](bj::object& item) {
            item["model"] = "deepseek-v3";
            item["params"] = 37e9;
            item["total_params"] = 671e9;
        });
        // A second service: a mixture of experts the table lacks, by its counts.
        bj::array& workloads = document.at("workloads").as_array();
        for (const bj::value& item : bj::array(workloads))
            if (item.at("kind").as_string() == "inference" && !item.as_object().contains("model")) {
                bj::object moe = item.as_object();
                moe["id"] = "moe-unlisted";
                moe["params"] = 20e9;
                moe["total_params"] = 200e9;
                workloads.push_back(moe);
                break;
            }
        auto project = parseProjectValue(document, "models.fleetplan.json");
        QVERIFY2(project.ok(), errorOfStoreMigrationV3(project).c_str());
        const std::string json = projectToJsonText(project.value());
        QVERIFY(json.find("\"model\": \"deepseek-v3\"") != std::string::npos);
        QVERIFY(json.find("\"total_params\": 2e11") != std::string::npos);
        QCOMPARE(projectToJsonText(parseProject(json, "again.fleetplan.json").value()), json);
        const std::string file = path("models.fleetplan");
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QCOMPARE(rawSql(file, "SELECT count(*) FROM inference_workload WHERE model = "
                              "'deepseek-v3' AND total_params = 671e9"),
                 std::int64_t(1));
        QCOMPARE(rawSql(file, "SELECT count(*) FROM inference_workload WHERE model IS NULL AND "
                              "total_params = 2e11"),
                 std::int64_t(1));
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), errorOfStoreMigrationV3(reopened).c_str());
        QCOMPARE(projectToJsonText(reopened.value()), json);
    }

    void badModelsAreRefusedByFieldAndRule()
    {
        // The row of the sample's first service (chat-70b).
        std::string row;
        const bj::value sample = bj::parse(sampleProjectJson());
        const bj::array& workloads = sample.at("workloads").as_array();
        for (std::size_t i = 0; i < workloads.size() && row.empty(); ++i)
            if (workloads[i].at("kind").as_string() == "inference")
                row = "/workloads/" + std::to_string(i);
        QVERIFY(!row.empty());
        const std::string unknown =
            refusalAt(row + "/model", [](bj::object& item) { item["model"] = "gpt-5"; });
        QVERIFY2(unknown.rfind("names model \"gpt-5\", which is not in the model table "
                               "(data/perf/models.json); known: llama-3.1-8b, ",
                               0) == 0,
                 unknown.c_str());
        QCOMPARE(
            refusalAt(row + "/params", [](bj::object& item) { item["model"] = "mixtral-8x7b"; }),
            std::string("must be 12900000000 (12.9 B), the active parameters of mixtral-8x7b "
                        "(model sets them); got 7e10 (70 B)"));
        QCOMPARE(refusalAt(row + "/total_params",
                           [](bj::object& item) {
                               item["model"] = "mixtral-8x7b";
                               item["params"] = 12.9e9;
                               item["total_params"] = 56e9;
                           }),
                 std::string("must be left out or 46700000000 (46.7 B), the total parameters "
                             "of mixtral-8x7b (model sets them); got 56000000000 (56 B)"));
        QCOMPARE(
            refusalAt(row + "/total_params", [](bj::object& item) { item["total_params"] = 7e9; }),
            std::string("must be ≥ params (a mixture of experts activates a subset)"));
        QCOMPARE(refusalAt(row + "/model", [](bj::object& item) { item["model"] = ""; }),
                 std::string("must be a non-empty string of at most 4096 characters"));
        // The model's own counts are accepted, the total stated or left out.
        QCOMPARE(refusalAt(row,
                           [](bj::object& item) {
                               item["model"] = "qwen3-235b-a22b";
                               item["params"] = 22e9;
                               item["total_params"] = 235e9;
                           }),
                 std::string());
    }
};

FLEET_TEST_MAIN(TestStoreMigrationV3)
#include "test_store_migration_v3.moc"
