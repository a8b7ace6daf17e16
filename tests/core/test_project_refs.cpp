// What refers to a pool, segment or workload by id, and renaming or removing
// it with its references: workloads' segment, scenario override paths
// (format 2 id paths, written here by hand) and override values that set a
// workload's segment.

#include "model/project_refs.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

using namespace fleet;

namespace {

/// The sampleProjectRefs with scenarios that name rows by id (format 2).
Project sampleProjectRefs()
{
    Project project = loadSampleProject().value();
    project.scenarios = {
        {"peak",
         "Peak",
         "",
         {{"/workloads/chat-70b/requests_per_second", "40"},
          {"/fleet/pools/h100-on-demand/count", "900"},
          {"/segments/enterprise/price_usd_per_gpu_hour", "5"}}},
        {"move",
         "Move",
         "",
         {{"/workloads/dev-notebooks/segment", "\"enterprise\""},
          {"/scheduler/policy", "\"fifo\""}}},
    };
    return project;
}

std::vector<std::string> texts(const std::vector<RowReference>& references)
{
    std::vector<std::string> result;
    for (const RowReference& reference : references)
        result.push_back(reference.text);
    return result;
}

bool contains(const std::vector<std::string>& texts, const std::string& text)
{
    return std::find(texts.begin(), texts.end(), text) != texts.end();
}

} // namespace

class TestProjectRefs : public QObject
{
    Q_OBJECT

private slots:
    void referencesNameWhatReferToARow()
    {
        const Project project = sampleProjectRefs();
        const auto segment = texts(referencesTo(project, RowList::Segments, "enterprise"));
        QVERIFY(contains(segment, "workload \"chat-70b\" (its segment)"));
        QVERIFY(contains(segment, "workload \"pretrain-70b\" (its segment)"));
        QVERIFY(contains(segment,
                         "scenario \"peak\" override /segments/enterprise/price_usd_per_gpu_hour"));
        QVERIFY(contains(
            segment,
            "scenario \"move\" override /workloads/dev-notebooks/segment (sets the segment)"));
        QCOMPARE(segment.size(), std::size_t(5 + 2)); // five enterprise workloads, two overrides
        QCOMPARE(texts(referencesTo(project, RowList::Pools, "h100-on-demand")),
                 std::vector<std::string>{
                     "scenario \"peak\" override /fleet/pools/h100-on-demand/count"});
        QCOMPARE(referencesTo(project, RowList::Pools, "h100-reserved").size(), std::size_t(0));
        QCOMPARE(referencesTo(project, RowList::Workloads, "dev-notebooks").size(), std::size_t(1));
        QCOMPARE(referencesTo(project, RowList::Workloads, "nothing").size(), std::size_t(0));
    }

    void idsMustBeUniqueAndWellFormed()
    {
        const Project project = sampleProjectRefs();
        QVERIFY(!idRefusal(project, RowList::Segments, "retail"));
        QVERIFY(!idRefusal(project, RowList::Segments, "enterprise", 2)); // its own id
        const auto taken = idRefusal(project, RowList::Segments, "enterprise", 0);
        QVERIFY(taken);
        QVERIFY2(taken->find("ids must be unique among segments") != std::string::npos,
                 taken->c_str());
        QVERIFY(taken->find("/segments/0/id") != std::string::npos);
        const auto empty = idRefusal(project, RowList::Pools, "");
        QVERIFY(empty && empty->find("may not be empty") != std::string::npos);
        QVERIFY(idRefusal(project, RowList::Workloads, "Chat"));  // capitals
        QVERIFY(idRefusal(project, RowList::Workloads, "-chat")); // first character
        QVERIFY(idRefusal(project, RowList::Workloads, std::string(65, 'a')));
        QCOMPARE(freeId(project, RowList::Workloads, "inference"), std::string("inference-1"));
        QCOMPARE(freeId(project, RowList::Workloads, "chat-70b", true), std::string("chat-70b-1"));
        QCOMPARE(freeId(project, RowList::Pools, "h100-reserved-copy", true),
                 std::string("h100-reserved-copy"));
    }

    void renamingASegmentCarriesEveryReference()
    {
        const Project project = sampleProjectRefs();
        const Project renamed = renameRow(project, RowList::Segments, "enterprise", "corp").value();
        QCOMPARE(renamed.segments[2].id, std::string("corp"));
        for (std::size_t i = 0; i < project.workloads.size(); ++i)
            QCOMPARE(renamed.workloads[i].segmentId, project.workloads[i].segmentId == "enterprise"
                                                         ? std::string("corp")
                                                         : project.workloads[i].segmentId);
        QCOMPARE(renamed.scenarios[0].overrides[2].path,
                 std::string("/segments/corp/price_usd_per_gpu_hour"));
        QCOMPARE(renamed.scenarios[1].overrides[0].valueJson, std::string("\"corp\""));
        QCOMPARE(renamed.scenarios[0].overrides[0].path, project.scenarios[0].overrides[0].path);
        QCOMPARE(referencesTo(renamed, RowList::Segments, "enterprise").size(), std::size_t(0));
        QCOMPARE(referencesTo(renamed, RowList::Segments, "corp").size(), std::size_t(7));
    }

    void renamingPoolsAndWorkloadsMovesTheirOverrides()
    {
        const Project project = sampleProjectRefs();
        const Project pools = renameRow(project, RowList::Pools, "h100-on-demand", "burst").value();
        QCOMPARE(pools.fleet.pools[1].id, std::string("burst"));
        QCOMPARE(pools.scenarios[0].overrides[1].path, std::string("/fleet/pools/burst/count"));
        const Project workloads =
            renameRow(project, RowList::Workloads, "dev-notebooks", "lab").value();
        QCOMPARE(workloads.scenarios[1].overrides[0].path, std::string("/workloads/lab/segment"));
        QCOMPARE(workloads.scenarios[0].overrides[0].path,
                 std::string("/workloads/chat-70b/requests_per_second"));
    }

    void aBadRenameIsRefusedAndChangesNothing()
    {
        const Project project = sampleProjectRefs();
        auto duplicate = renameRow(project, RowList::Segments, "enterprise", "mid-stage");
        QVERIFY(!duplicate);
        QVERIFY(duplicate.error().toString().find("unique") != std::string::npos);
        auto empty = renameRow(project, RowList::Workloads, "chat-70b", "");
        QVERIFY(!empty);
        QVERIFY(empty.error().toString().find("/workloads/3/id") != std::string::npos);
        auto missing = renameRow(project, RowList::Pools, "nope", "x");
        QVERIFY(!missing);
        QVERIFY(missing.error().toString().find("\"nope\"") != std::string::npos);
    }

    void removingAReferencedRowIsRefusedUnlessTold()
    {
        const Project project = sampleProjectRefs();
        auto refused = removeRow(project, RowList::Pools, "h100-on-demand", {});
        QVERIFY(!refused);
        QVERIFY2(refused.error().toString().find("scenario \"peak\" override "
                                                 "/fleet/pools/h100-on-demand/count") !=
                     std::string::npos,
                 refused.error().toString().c_str());
        QVERIFY(removeRow(project, RowList::Pools, "h100-reserved", {})); // nothing refers to it
        const Project removed = removeRow(project, RowList::Pools, "h100-on-demand",
                                          {RemovePlan::Dependents::Remove, {}})
                                    .value();
        QCOMPARE(removed.fleet.pools.size(), std::size_t(1));
        QCOMPARE(removed.scenarios[0].overrides.size(), std::size_t(2));
        QCOMPARE(referencesTo(removed, RowList::Pools, "h100-on-demand").size(), std::size_t(0));
        QVERIFY(!removeRow(project, RowList::Pools, "h100-on-demand",
                           {RemovePlan::Dependents::Reassign, "enterprise"}));
    }

    void removingASegmentReassignsItsWorkloads()
    {
        const Project project = sampleProjectRefs();
        const Project moved = removeRow(project, RowList::Segments, "enterprise",
                                        {RemovePlan::Dependents::Reassign, "mid-stage"})
                                  .value();
        QCOMPARE(moved.segments.size(), std::size_t(2));
        QCOMPARE(moved.workloads.size(), project.workloads.size());
        for (const Workload& workload : moved.workloads)
            QVERIFY(workload.segmentId != "enterprise");
        QCOMPARE(moved.workloads[3].segmentId, std::string("mid-stage"));
        QCOMPARE(moved.scenarios[0].overrides.size(), std::size_t(2)); // its price override went
        QCOMPARE(moved.scenarios[1].overrides[0].valueJson, std::string("\"mid-stage\""));
        QVERIFY(!removeRow(project, RowList::Segments, "enterprise",
                           {RemovePlan::Dependents::Reassign, "enterprise"}));
        QVERIFY(!removeRow(project, RowList::Segments, "enterprise",
                           {RemovePlan::Dependents::Reassign, "nowhere"}));
    }

    void removingASegmentWithItsWorkloadsDropsTheirOverrides()
    {
        const Project project = sampleProjectRefs();
        const Project removed = removeRow(project, RowList::Segments, "enterprise",
                                          {RemovePlan::Dependents::Remove, {}})
                                    .value();
        QCOMPARE(removed.workloads.size(), std::size_t(3));
        for (const Workload& workload : removed.workloads)
            QVERIFY(workload.segmentId != "enterprise");
        // chat-70b's override and the segment's price went; the pool's stays.
        QCOMPARE(removed.scenarios[0].overrides.size(), std::size_t(1));
        QCOMPARE(removed.scenarios[0].overrides[0].path,
                 std::string("/fleet/pools/h100-on-demand/count"));
        // The override that moved dev-notebooks into the segment went too.
        QCOMPARE(removed.scenarios[1].overrides.size(), std::size_t(1));
        QCOMPARE(removed.scenarios[1].overrides[0].path, std::string("/scheduler/policy"));
    }

    void theSampleScenariosFollowARenameAndARemoval()
    {
        // The sampleProjectRefs itself (format 2) names dev-notebooks and both pools by id.
        const Project project = loadSampleProject().value();
        const Project renamed =
            renameRow(project, RowList::Workloads, "dev-notebooks", "lab").value();
        const auto reread = parseProject(projectToJsonText(renamed), "renamed");
        QVERIFY2(reread, reread ? "" : reread.error().toString().c_str());
        const auto scenario = applyScenario(renamed, "notebooks-time-sliced");
        QVERIFY(scenario);
        QCOMPARE(std::get<NotebookSpec>(scenario.value().workloads.back().spec).users, 840);
        QCOMPARE(scenario.value().workloads.back().id, std::string("lab"));
        // Removing a pool named by "reserve-60" with its override still parses and applies.
        const Project removed = removeRow(project, RowList::Pools, "h100-on-demand",
                                          {RemovePlan::Dependents::Remove, {}})
                                    .value();
        QVERIFY(parseProject(projectToJsonText(removed), "removed"));
        QVERIFY(applyScenario(removed, "reserve-60"));
    }

    void everyRowOfTheSampleRenamesAndRemovesCleanly()
    {
        // Whatever row is renamed or removed (with what refers to it), the
        // project still reads back and every scenario still applies.
        const Project project = loadSampleProject().value();
        const auto check = [](const Project& changed, const std::string& what) {
            const auto reread = parseProject(projectToJsonText(changed), what);
            QVERIFY2(reread, (what + ": " + (reread ? "" : reread.error().toString())).c_str());
            for (const Scenario& scenario : changed.scenarios)
                QVERIFY2(applyScenario(changed, scenario.id), (what + " " + scenario.id).c_str());
        };
        for (RowList list : {RowList::Pools, RowList::Segments, RowList::Workloads})
            for (const std::string& id : rowIds(project, list)) {
                const std::string what = std::string(rowNoun(list)) + " " + id;
                const auto renamed = renameRow(project, list, id, id + "-renamed");
                QVERIFY(renamed);
                check(renamed.value(), "rename " + what);
                QCOMPARE(referencesTo(renamed.value(), list, id + "-renamed").size(),
                         referencesTo(project, list, id).size());
                const auto back = renameRow(renamed.value(), list, id + "-renamed", id);
                QCOMPARE(projectToJsonText(back.value()), projectToJsonText(project));
                if (list == RowList::Pools && project.fleet.pools.size() == 1)
                    continue;
                const auto removed =
                    removeRow(project, list, id, {RemovePlan::Dependents::Remove, {}});
                QVERIFY(removed);
                check(removed.value(), "remove " + what);
                QCOMPARE(rowIds(removed.value(), list).size(), rowIds(project, list).size() - 1);
            }
    }

    void listEditsCarryOnlyTheChangedLists()
    {
        const Project project = sampleProjectRefs();
        QVERIFY(listEdits(project, project).empty());
        const Project renamed =
            renameRow(project, RowList::Pools, "h100-on-demand", "burst").value();
        const auto edits = listEdits(project, renamed);
        QCOMPARE(edits.size(), std::size_t(2));
        QCOMPARE(edits[0].first, std::string("/fleet/pools"));
        QCOMPARE(edits[1].first, std::string("/scenarios"));
        Project none = project;
        none.scenarios.clear();
        const auto cleared = listEdits(project, none);
        QCOMPARE(cleared.size(), std::size_t(1));
        QVERIFY(cleared[0].second.as_array().empty());
    }
};

FLEET_TEST_MAIN(TestProjectRefs)
#include "test_project_refs.moc"
