// Project format 2: scenario overrides name pools, workloads and segments by
// id, so rows inserted in front of them, reordered or renamed (path and id
// together) leave every scenario changing the row it named; a removed row is
// refused by its id. Format-1 JSON (rows by position) is read, its paths
// turned into ids, and gives the KPIs it gave before; a newer format is refused.

#include "file_bytes.h"
#include "golden_copies.h"
#include "golden_v1.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

#include <algorithm>

using namespace fleet;
namespace bj = boost::json;

namespace {

std::string errorOf(const Result<Project>& result)
{
    return result ? std::string() : result.error().toString();
}

/// The sample's document (format 2), to be changed as a hand edit would.
bj::object sampleDocument()
{
    return bj::parse(sampleProjectJson()).as_object();
}

Result<Project> parseDocument(const bj::object& document, const std::string& scenario = {})
{
    return parseProject(bj::serialize(document), "edited.fleetplan.json", scenario);
}

const FleetPool* poolById(const Project& project, const std::string& id)
{
    for (const FleetPool& pool : project.fleet.pools)
        if (pool.id == id)
            return &pool;
    return nullptr;
}

/// The notebook workload `id`'s user count and idle timeout.
std::pair<int, double> notebooks(const Project& project, const std::string& id)
{
    for (const Workload& workload : project.workloads)
        if (workload.id == id)
            if (const auto* nb = std::get_if<NotebookSpec>(&workload.spec))
                return {nb->users, nb->idleTimeoutMin};
    return {-1, -1};
}

/// A copy of row `id` of `rows` with a new id (and name, when it has one).
bj::value copyOfRow(const bj::array& rows, const std::string& id, const std::string& newId)
{
    for (const bj::value& row : rows)
        if (row.as_object().at("id").as_string() == id) {
            bj::object copy = row.as_object();
            copy["id"] = newId;
            if (copy.contains("name"))
                copy["name"] = "Inserted " + newId;
            return copy;
        }
    return nullptr;
}

} // namespace

class TestProjectFormatV2 : public QObject
{
    Q_OBJECT

private slots:
    void theSampleIsFormat2WithIdPaths()
    {
        const bj::object document = sampleDocument();
        QCOMPARE(document.at("format_version").to_number<int>(), kProjectFormatVersion);
        auto sample = loadSampleProject();
        QVERIFY2(sample.ok(), errorOf(sample).c_str());
        QVERIFY(test::idPathsOf(sample.value()) == test::expectedIdPaths());
        // The writer writes format 4 (format 2, tenants, services naming their model), and the
        // sample is its canonical form.
        QCOMPARE(projectToJsonText(sample.value()), std::string(sampleProjectJson()));
    }

    void goldenV1JsonResolvesToTheSameRowsAndKpis()
    {
        const std::string text = test::readBytes(test::kGoldenV1Json);
        QVERIFY(text.find("\"format_version\": 1") != std::string::npos);
        QVERIFY(text.find("\"/workloads/7/users\"") != std::string::npos);
        auto project = parseProject(text, "sample-v1.fleetplan.json");
        QVERIFY2(project.ok(), errorOf(project).c_str());
        QVERIFY(test::idPathsOf(project.value()) == test::expectedIdPaths());
        // Written back, it is the newest format: the sample as it now ships.
        QCOMPARE(projectToJsonText(project.value()), test::sampleWithoutRanges());
        for (const std::string& scenario : test::recordedScenarios()) {
            auto applied = parseProject(text, "sample-v1.fleetplan.json", scenario);
            QVERIFY2(applied.ok(), errorOf(applied).c_str());
            const std::string difference = test::kpiDifference(applied.value(), scenario);
            QVERIFY2(difference.empty(), (scenario + ": " + difference).c_str());
        }
    }

    void aV1PathThatNamesNoRowIsRefusedByScenarioAndPath()
    {
        std::string text = test::readBytes(test::kGoldenV1Json);
        const std::string from = "\"/workloads/7/idle_timeout_min\"";
        text.replace(text.find(from), from.size(), "\"/workloads/12/idle_timeout_min\"");
        const std::string error = errorOf(parseProject(text, "old.fleetplan.json"));
        QVERIFY2(error.find("old.fleetplan.json: /scenarios/2/overrides/0/path (entry "
                            "no-idle-timeout): scenario \"no-idle-timeout\", override 1 "
                            "(\"/workloads/12/idle_timeout_min\") is a format-1 path") !=
                     std::string::npos,
                 error.c_str());
        QVERIFY2(error.find("which has 8 rows") != std::string::npos, error.c_str());
    }

    void idPathsInAFileThatSaysFormat1AreNamedAsSuch()
    {
        std::string text(sampleProjectJson());
        const std::string from = "\"format_version\": 7";
        text.replace(text.find(from), from.size(), "\"format_version\": 1");
        const std::string error = errorOf(parseProject(text, "mixed.fleetplan.json"));
        QVERIFY2(error.find("(\"/fleet/pools/h100-reserved/count\") is a format-1 path (rows by "
                            "position) that cannot become a format-2 path (rows by id): it names "
                            "row \"h100-reserved\" of /fleet/pools, which has 2 rows (it names its "
                            "row by id, as format 2 does: with \"format_version\": 2 the file "
                            "reads)") != std::string::npos,
                 error.c_str());
    }

    void rowsInsertedInFrontLeaveScenariosOnTheirRows()
    {
        bj::object document = sampleDocument();
        bj::array& pools = document["fleet"].as_object()["pools"].as_array();
        bj::array& workloads = document["workloads"].as_array();
        bj::array& segments = document["segments"].as_array();
        const bj::value pool = copyOfRow(pools, "h100-on-demand", "inserted-pool");
        const bj::value workload = copyOfRow(workloads, "dev-notebooks", "inserted-notebooks");
        const bj::value segment = copyOfRow(segments, "early-stage", "inserted-segment");
        pools.insert(pools.begin(), pool);
        workloads.insert(workloads.begin(), workload);
        workloads.insert(workloads.begin(), copyOfRow(workloads, "chat-70b", "inserted-chat"));
        segments.insert(segments.begin(), segment);

        auto base = parseDocument(document);
        QVERIFY2(base.ok(), errorOf(base).c_str());
        auto reserved = parseDocument(document, "reserve-60");
        QVERIFY2(reserved.ok(), errorOf(reserved).c_str());
        QCOMPARE(poolById(reserved.value(), "h100-reserved")->count, 1440);
        QCOMPARE(poolById(reserved.value(), "h100-on-demand")->count, 960);
        QCOMPARE(poolById(reserved.value(), "inserted-pool")->count,
                 poolById(base.value(), "inserted-pool")->count);
        auto idle = parseDocument(document, "no-idle-timeout");
        QVERIFY2(idle.ok(), errorOf(idle).c_str());
        QCOMPARE(notebooks(idle.value(), "dev-notebooks").second, 0.0);
        QCOMPARE(notebooks(idle.value(), "inserted-notebooks"),
                 notebooks(base.value(), "inserted-notebooks"));
        auto sliced = parseDocument(document, "notebooks-time-sliced");
        QVERIFY2(sliced.ok(), errorOf(sliced).c_str());
        QCOMPARE(notebooks(sliced.value(), "dev-notebooks").first, 840);
        QCOMPARE(notebooks(sliced.value(), "inserted-notebooks").first,
                 notebooks(base.value(), "dev-notebooks").first);

        // The same through the model: rows inserted in front, then the scenario applied.
        Project project = loadSampleProject().value();
        project.fleet.pools.insert(project.fleet.pools.begin(),
                                   *poolById(project, "h100-reserved"));
        project.fleet.pools.front().id = "front-pool";
        auto applied = applyScenario(project, "reserve-60");
        QVERIFY2(applied.ok(), errorOf(applied).c_str());
        QCOMPARE(poolById(applied.value(), "h100-reserved")->count, 1440);
        QCOMPARE(poolById(applied.value(), "front-pool")->count,
                 poolById(project, "h100-reserved")->count);
    }

    void reorderedRowsLeaveScenariosOnTheirRows()
    {
        bj::object document = sampleDocument();
        bj::array& pools = document["fleet"].as_object()["pools"].as_array();
        std::reverse(pools.begin(), pools.end());
        bj::array& workloads = document["workloads"].as_array();
        std::reverse(workloads.begin(), workloads.end());
        bj::array& segments = document["segments"].as_array();
        std::reverse(segments.begin(), segments.end());
        auto reserved = parseDocument(document, "reserve-60");
        QVERIFY2(reserved.ok(), errorOf(reserved).c_str());
        QCOMPARE(reserved.value().fleet.pools.front().id, std::string("h100-on-demand"));
        QCOMPARE(poolById(reserved.value(), "h100-reserved")->count, 1440);
        QCOMPARE(poolById(reserved.value(), "h100-on-demand")->count, 960);
        auto sliced = parseDocument(document, "notebooks-time-sliced");
        QVERIFY2(sliced.ok(), errorOf(sliced).c_str());
        QCOMPARE(sliced.value().workloads.front().id, std::string("dev-notebooks"));
        QCOMPARE(notebooks(sliced.value(), "dev-notebooks").first, 840);
    }

    void aScenarioNamingARemovedRowIsRefusedById()
    {
        bj::object document = sampleDocument();
        bj::array& pools = document["fleet"].as_object()["pools"].as_array();
        pools.erase(pools.begin() + 1); // h100-on-demand, which reserve-60 changes
        const std::string error = errorOf(parseDocument(document));
        QVERIFY2(error.find("/scenarios/0/overrides/1/path (entry reserve-60): scenario "
                            "\"reserve-60\": \"/fleet/pools/h100-on-demand/count\" names "
                            "/fleet/pools row \"h100-on-demand\", and no row has that id") !=
                     std::string::npos,
                 error.c_str());
        // Only that scenario is refused: the others still apply once it is gone.
        document["scenarios"].as_array().erase(document["scenarios"].as_array().begin());
        auto rest = parseDocument(document, "no-idle-timeout");
        QVERIFY2(rest.ok(), errorOf(rest).c_str());
    }

    void aRenamedIdWithItsPathsStillApplies()
    {
        // A hand edit of the JSON: the row's id and the paths naming it both changed.
        std::string text(sampleProjectJson());
        std::size_t renamed = 0;
        for (std::size_t at = text.find("dev-notebooks"); at != std::string::npos;
             at = text.find("dev-notebooks", at + 1), ++renamed)
            text.replace(at, 13, "lab-notebooks");
        QVERIFY(renamed >= 6); // the id and five paths
        auto sliced = parseProject(text, "renamed.fleetplan.json", "notebooks-time-sliced");
        QVERIFY2(sliced.ok(), errorOf(sliced).c_str());
        QCOMPARE(notebooks(sliced.value(), "lab-notebooks").first, 840);
        // Renaming the id alone leaves the paths naming a row that is gone.
        std::string idOnly(sampleProjectJson());
        const std::string from = "\"id\": \"dev-notebooks\"";
        idOnly.replace(idOnly.find(from), from.size(), "\"id\": \"lab-notebooks\"");
        const std::string error = errorOf(parseProject(idOnly, "renamed.fleetplan.json"));
        QVERIFY2(error.find("names /workloads row \"dev-notebooks\", and no row has that id") !=
                     std::string::npos,
                 error.c_str());
    }

    void pathsNameRowsAsTheBaseHoldsThem()
    {
        // Every path of a scenario is resolved before any of its overrides
        // applies: one that renames a row does not lose the row for the next.
        bj::object document = sampleDocument();
        bj::array overrides{bj::object{{"path", "/workloads/dev-notebooks/id"}, {"value", "lab"}},
                            bj::object{{"path", "/workloads/dev-notebooks/users"}, {"value", 12}}};
        document["scenarios"].as_array()[2].as_object()["overrides"] = overrides;
        auto applied = parseDocument(document, "no-idle-timeout");
        QVERIFY2(applied.ok(), errorOf(applied).c_str());
        QCOMPARE(notebooks(applied.value(), "lab").first, 12);
        QCOMPARE(notebooks(applied.value(), "dev-notebooks").first, -1);
    }

    void aNewerFormatIsRefused()
    {
        for (const char* version : {"8", "7.5", "1000"}) {
            std::string text(sampleProjectJson());
            const std::string from = "\"format_version\": 7";
            text.replace(text.find(from), from.size(),
                         std::string("\"format_version\": ") + version);
            auto project = parseProject(text, "future.fleetplan.json");
            QVERIFY(!project.ok());
            QCOMPARE(project.error().issues.size(), std::size_t(1));
            const std::string error = project.error().toString();
            QVERIFY2(error.find("future.fleetplan.json: /format_version: was written by a newer "
                                "FleetPlanner (project format version " +
                                std::string(version) +
                                "); this FleetPlanner reads format version 7 and older. Update "
                                "FleetPlanner to open it.") != std::string::npos,
                     error.c_str());
        }
    }
};

FLEET_TEST_MAIN(TestProjectFormatV2)
#include "test_project_format_v2.moc"
