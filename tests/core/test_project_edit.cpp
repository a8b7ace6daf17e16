// Field edits at the cost of what they change: an edit of one workload's
// fields re-reads that workload alone, and must give exactly what re-reading
// the whole document gives — the same project, or a refusal naming the field.

#include "io/json_pointer.h"
#include "store/project_edit.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

using namespace fleet;
namespace bj = boost::json;

namespace {

/// What the app did before: the whole document edited and re-read.
Result<Project> byWholeDocument(const Project& project, const std::vector<FieldEdit>& edits)
{
    bj::value document = projectToJson(project);
    for (const auto& [pointer, value] : edits)
        if (auto set = json::setAtPointer(document, pointer, value, true); !set)
            return set.error();
    return parseProjectValue(document, project.name);
}

std::string canonical(const Project& project)
{
    return projectToJsonText(project);
}

} // namespace

class TestProjectEdit : public QObject
{
    Q_OBJECT

    Project m_sample = loadSampleProject().value();

    /// Compares the two routes on `edits`; returns the change the fast one reported.
    ProjectChange compare(const std::vector<FieldEdit>& edits)
    {
        auto fast = applyFieldEdits(m_sample, edits, m_sample.name);
        auto whole = byWholeDocument(m_sample, edits);
        if (bool(fast) != bool(whole))
            qFatal("the routes disagree on %s: %s / %s", edits.front().first.c_str(),
                   fast ? "accepted" : fast.error().toString().c_str(),
                   whole ? "accepted" : whole.error().toString().c_str());
        if (!fast)
            return {};
        if (canonical(fast.value().project) != canonical(whole.value()))
            qFatal("the routes give different projects for %s", edits.front().first.c_str());
        return fast.value().change;
    }

private slots:
    void everyWorkloadFieldGivesTheSameProjectEitherWay()
    {
        int rowChanges = 0;
        const bj::object document = projectToJson(m_sample);
        const bj::array& workloads = document.at("workloads").as_array();
        for (std::size_t i = 0; i < workloads.size(); ++i)
            for (const auto& field : workloads[i].as_object()) {
                if (field.key() == "id")
                    continue;
                const std::string pointer =
                    "/workloads/" + std::to_string(i) + "/" + std::string(field.key());
                bj::value changed = field.value();
                if (changed.is_double())
                    changed = changed.as_double() * 1.5;
                else if (changed.is_int64())
                    changed = changed.as_int64() + 1;
                else if (changed.is_string())
                    changed = std::string(changed.as_string()) + " (edited)";
                else if (changed.is_bool())
                    changed = !changed.as_bool();
                const ProjectChange change = compare({{pointer, changed}});
                rowChanges += change.scope == ProjectChange::Scope::Row ? 1 : 0;
                compare({{pointer, bj::value(-1)}});     // mostly refused, the same way
                compare({{pointer, bj::value("text")}}); // a string where a number goes
            }
        QVERIFY(rowChanges > 20); // the fast route did run
    }

    void editsOfManyRowsGiveTheSameProjectEitherWay()
    {
        // A what-if slider's edit: one field of every row of a kind (rows
        // re-read alone when no scenario sees them), and the same with a
        // value one row refuses: both routes agree on the project, or both
        // refuse.
        const bj::object document = projectToJson(m_sample);
        const bj::array& workloads = document.at("workloads").as_array();
        for (const char* field : {"requests_per_second", "growth_per_month", "gpus_per_job", "name",
                                  "gpu_hours_per_month"}) {
            std::vector<FieldEdit> edits, refused;
            for (std::size_t i = 0; i < workloads.size(); ++i)
                if (workloads[i].as_object().contains(field) ||
                    std::string(field) == "growth_per_month") {
                    const std::string pointer = "/workloads/" + std::to_string(i) + "/" + field;
                    const bool text = std::string(field) == "name";
                    edits.emplace_back(pointer, text ? bj::value("Row " + std::to_string(i))
                                                     : bj::value(0.07 * double(i + 1)));
                    refused.emplace_back(pointer, bj::value(refused.empty() ? -1 : 1));
                }
            QVERIFY2(edits.size() >= 2, field);
            compare(edits);
            compare(refused);
        }
        // Only rows no scenario sees take the row route: workload 7's
        // notebook scenario sends an edit naming it the whole way.
        const auto seen = applyFieldEdits(
            m_sample,
            {{"/workloads/6/name", bj::value("a")}, {"/workloads/7/name", bj::value("b")}}, "p");
        QVERIFY(seen);
        QCOMPARE(canonical(seen.value().project),
                 canonical(byWholeDocument(m_sample, {{"/workloads/6/name", bj::value("a")},
                                                      {"/workloads/7/name", bj::value("b")}})
                               .value()));
    }

    void anEditAScenarioSeesReReadsEverything()
    {
        // The sample's notebook scenario overrides workload 7: its change is
        // checked under every scenario, by the whole document.
        const auto change = compare({{"/workloads/7/users", bj::value(500)}});
        QVERIFY(change.scope == ProjectChange::Scope::Project);
        // Workload 0's MFU has an input range, whose bounds the field's rule
        // checks: its edits are re-read whole too.
        const auto ranged = compare({{"/workloads/0/tokens_per_run", bj::value(3e12)}});
        QVERIFY(ranged.scope == ProjectChange::Scope::Project);
        const auto other = compare({{"/workloads/1/gpu_hours_per_month", bj::value(45000)}});
        QVERIFY(other.scope == ProjectChange::Scope::Row);
        QCOMPARE(other.row, 1);
        QCOMPARE(other.list, std::string("/workloads"));
    }

    void aRefusalNamesTheFieldAndChangesNothing()
    {
        const std::string before = canonical(m_sample);
        auto refused =
            applyFieldEdits(m_sample, {{"/workloads/0/tokens_per_run", bj::value(-5)}}, "p");
        QVERIFY(!refused);
        QVERIFY(refused.error().toString().find("/workloads/0/tokens_per_run") !=
                std::string::npos);
        QCOMPARE(canonical(m_sample), before);
    }

    void editsOfTwoRowsOrOfIdsGoTheWholeWay()
    {
        QVERIFY(compare({{"/workloads/0/runs_per_month", bj::value(2)},
                         {"/workloads/1/runs_per_month", bj::value(2)}})
                    .scope == ProjectChange::Scope::Project);
        QVERIFY(compare({{"/workloads/0/id", bj::value("pretrain-405b")}}).scope ==
                ProjectChange::Scope::Project);
        compare({{"/workloads/0/id", bj::value("chat-70b")}}); // a duplicate: refused by both
        compare({{"/workloads/99/name", bj::value("x")}});     // no such row: refused by both
    }

    void nullClearsAnOptionalFieldAndRefusesARequiredOne()
    {
        // JSON Merge Patch's rule: null removes the member. An optional field
        // set and then cleared gives back the project it was; a required one
        // cleared is refused, naming it.
        const auto set = applyFieldEdits(
            m_sample, {{"/workloads/0/checkpoint_interval_min", bj::value(30)}}, "p");
        QVERIFY(set);
        const auto cleared =
            applyFieldEdits(set.value().project,
                            {{"/workloads/0/checkpoint_interval_min", bj::value(nullptr)}}, "p");
        QVERIFY(cleared);
        QCOMPARE(canonical(cleared.value().project), canonical(m_sample));
        compare({{"/workloads/0/checkpoint_interval_min", bj::value(nullptr)}});
        const auto required =
            applyFieldEdits(m_sample, {{"/workloads/0/runs_per_month", bj::value(nullptr)}}, "p");
        QVERIFY(!required);
        QVERIFY(required.error().toString().find("runs_per_month") != std::string::npos);
    }

    void aPointerThatCannotBeSetChangesNothing()
    {
        // Setting with objects created checks the whole path before it
        // changes anything (without copying the document): missing members
        // become objects, a path through a number or past an array's end is
        // refused with the document as it was.
        bj::value document = bj::parse(R"({"a": {"n": 1}, "list": [{"x": 1}]})");
        const bj::value before = document;
        for (const char* bad : {"/a/n/deeper", "/list/1/x", "/list/x/y", "/a/n/deeper/still"}) {
            const auto set = json::setAtPointer(document, bad, bj::value(2), true);
            QVERIFY2(!set, bad);
            QCOMPARE(bj::serialize(document), bj::serialize(before));
        }
        QVERIFY(json::setAtPointer(document, "/a/made/of/objects", bj::value(3), true));
        QCOMPARE(document.at_pointer("/a/made/of/objects").as_int64(), 3);
        QVERIFY(json::setAtPointer(document, "/list/0/x", bj::value(4), true));
        QCOMPARE(document.at_pointer("/list/0/x").as_int64(), 4);
        QVERIFY(!json::setAtPointer(document, "/a/made/of/objects/x", bj::value(5), false));
    }
};

FLEET_TEST_MAIN(TestProjectEdit)
#include "test_project_edit.moc"
