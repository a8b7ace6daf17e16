// The ceiling the engine plans on (simulate/planned_ceiling.h): the measured
// knee of the snapshot's inputs by default — the project's own (cache hit),
// not one of other inputs (stale), not when the assumed one is pinned — or a
// knee simulated this session; the pin's round trip through both file forms
// and its refusal of anything but "measured" or "assumed".

#include "engine/evaluate.h"
#include "simulate/measured_ceiling.h"
#include "simulate/planned_ceiling.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"
#include "support/unmeasured_sample.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace fleet;

namespace {

const CeilingProvenance kTestMeasurement{"by a test", "2026-12-06", 0.3, 1.0, 180, 42, 1.0};

Project pinEdited(const Project& project, const std::string& pointer, boost::json::value value)
{
    auto result = applyFieldEdits(project, {{pointer, std::move(value)}}, "test");
    if (!result)
        qFatal("edit %s refused: %s", pointer.c_str(), result.error().toString().c_str());
    return std::move(result).value().project;
}

/// The sample with a knee of `knee` stored for its current inputs (as
/// measure-ceiling stores it: the assumed ceiling left as it is).
Project measuredSample(double knee)
{
    const Project sample = test_support::unmeasuredSample();
    auto result = applyFieldEdits(
        sample, measurementEdits(sample, {sample.scheduler.policy, knee, 0.66}, kTestMeasurement),
        "s");
    if (!result)
        qFatal("measurement refused: %s", result.error().toString().c_str());
    return std::move(result).value().project;
}

} // namespace

class TestPlannedCeiling : public QObject
{
    Q_OBJECT

private slots:
    void notMeasuredPlansOnTheAssumedCeilingAndSaysSo()
    {
        const Project sample = test_support::unmeasuredSample();
        const PlannedCeiling c = plannedCeiling(sample);
        QVERIFY(!c.onMeasured());
        QVERIFY(!c.measured && !c.notCurrent && !c.pinned);
        QCOMPARE(c.planned(), 0.85);
        QCOMPARE(plannedCeilingSentence(c, "run x to measure it"),
                 std::string("utilization ceiling of topology_aware: planned on assumed 0.85 "
                             "(not measured for these inputs; run x to measure it)"));
        // Nothing changes what the engine evaluates.
        QCOMPARE(evaluate(onPlannedCeiling(sample, c)).kpis.totalCostUsd,
                 evaluate(sample).kpis.totalCostUsd);
    }

    /// Only training and batch work is planned on the ceiling: a project
    /// without it is told so, not asked to measure what cannot be measured,
    /// and no ceiling moves any of its figures.
    void aProjectWithoutJobWorkIsNotAskedToMeasure()
    {
        Project services = test_support::unmeasuredSample();
        std::erase_if(services.workloads, [](const Workload& w) {
            return w.kind() == WorkloadKind::Training || w.kind() == WorkloadKind::Batch;
        });
        QVERIFY(!services.workloads.empty());
        const PlannedCeiling c = plannedCeiling(services);
        QVERIFY(!c.plansWork);
        QVERIFY(plannedCeiling(test_support::unmeasuredSample()).plansWork);
        QCOMPARE(plannedCeilingSentence(c, "run x to measure it"),
                 std::string("utilization ceiling of topology_aware: assumed 0.85, which plans "
                             "no workload here (no training or batch work; nothing to measure)"));
        Project lower = services;
        lower.scheduler.utilizationCeiling[std::size_t(SchedulerPolicy::TopologyAware)] = 0.5;
        QCOMPARE(evaluate(lower).kpis.totalCostUsd, evaluate(services).kpis.totalCostUsd);
    }

    /// While the app measures in the background, inputs with no knee yet are
    /// planned on the knee of earlier ones (the last simulated, else the
    /// stored one), said; never when nothing measures, when pinned, or when
    /// these inputs' frontier was simulated and had no knee.
    void aKneeOfEarlierInputsIsPlannedOnWhileMeasuring()
    {
        const Project shipped = loadSampleProject().value();
        const double stored = *shipped.scheduler.measuredCeiling();
        const Project edited = pinEdited(shipped, "/fleet/pools/0/count", 1500);
        MeasuredKnees knees;
        QVERIFY(!plannedCeiling(edited, nullptr, &knees).onMeasured()); // not measuring
        knees.setMeasuring(true);
        PlannedCeiling c = plannedCeiling(edited, nullptr, &knees);
        QVERIFY(c.onMeasured() && c.provisional);
        QCOMPARE(c.planned(), stored); // the file's, of earlier inputs
        QCOMPARE(plannedCeilingSentence(c, "x"),
                 std::string("utilization ceiling of topology_aware: planned on measured 0.65 "
                             "(assumed 0.85; a knee of earlier inputs, until these are measured "
                             "in the background)"));
        knees.add("other inputs", SchedulerPolicy::TopologyAware, 0.61);
        QCOMPARE(plannedCeiling(edited, nullptr, &knees).planned(), 0.61); // the last simulated
        QVERIFY(!plannedCeiling(
                     pinEdited(edited, "/scheduler/ceiling_source/topology_aware", "assumed"),
                     nullptr, &knees)
                     .onMeasured());
        knees.addWithoutKnee(measuredInputsFingerprint(edited), SchedulerPolicy::TopologyAware);
        c = plannedCeiling(edited, nullptr, &knees);
        QVERIFY(!c.onMeasured() && !c.provisional);
        QVERIFY(c.noKnee); // said as a project's record of no knee is
        QCOMPARE(c.planned(), 0.85);
        // An empty session that simulated only frontiers without a knee is
        // not "nothing simulated".
        MeasuredKnees withoutAny;
        withoutAny.setMeasuring(true);
        withoutAny.addWithoutKnee(measuredInputsFingerprint(edited),
                                  SchedulerPolicy::TopologyAware);
        QVERIFY(!withoutAny.empty());
        QVERIFY(plannedCeiling(edited, nullptr, &withoutAny).noKnee);
        // These inputs' own knee lands: planned on it, the file's named as not of them.
        knees.add(measuredInputsFingerprint(edited), SchedulerPolicy::TopologyAware, 0.63);
        c = plannedCeiling(edited, nullptr, &knees);
        QVERIFY(c.onMeasured() && !c.provisional);
        QCOMPARE(c.planned(), 0.63);
        QCOMPARE(c.notCurrent, std::optional<double>(stored));
        QVERIFY(!plannedCeiling(shipped, nullptr, &knees).notCurrent); // the file's own inputs
    }

    void aKneeOfTheseInputsIsPlannedOn()
    {
        const Project project = measuredSample(0.653);
        // The assumed ceiling is left as it was.
        QCOMPARE(project.scheduler.ceiling(), 0.85);
        const PlannedCeiling c = plannedCeiling(project);
        QVERIFY(c.onMeasured());
        QCOMPARE(c.planned(), 0.653);
        QCOMPARE(c.assumed, 0.85);
        QCOMPARE(plannedCeilingSentence(c, "x"),
                 std::string("utilization ceiling of topology_aware: planned on measured 0.65 "
                             "(assumed 0.85; the project's measured ceiling, of these inputs)"));
        const Project planned = onPlannedCeiling(project, c);
        QCOMPARE(planned.scheduler.ceiling(), 0.653);
        // A ceiling below the assumed one: more GPUs held, a lower utilization.
        const Kpis onAssumed = evaluate(project).kpis;
        const Kpis onMeasured = evaluate(planned).kpis;
        QVERIFY(onMeasured.gpuHoursHeld > onAssumed.gpuHoursHeld);
        QVERIFY(onMeasured.meanMonthlyCostUsd > onAssumed.meanMonthlyCostUsd);
        QVERIFY(onMeasured.utilization < onAssumed.utilization);
        // Texts, and the assumed ceiling edited by hand, are not inputs of the knee.
        QVERIFY(plannedCeiling(pinEdited(project, "/name", boost::json::value("Renamed")))
                    .onMeasured());
        const PlannedCeiling handEdited = plannedCeiling(
            pinEdited(project, "/scheduler/utilization_ceiling/topology_aware", 0.75));
        QVERIFY(handEdited.onMeasured());
        QCOMPARE(handEdited.assumed, 0.75);
    }

    void aProjectWithoutANoteIsCurrentOnceMeasured()
    {
        // The note the measurement writes is no input: measured without one,
        // the knee is of the project's inputs (before, erasing the note from
        // the fingerprint's JSON reordered its keys, and this read as stale).
        Project sample = test_support::unmeasuredSample();
        sample.note.clear();
        const Project project =
            applyFieldEdits(
                sample,
                measurementEdits(sample, {sample.scheduler.policy, 0.6, 0.66}, kTestMeasurement),
                "s")
                .value()
                .project;
        QVERIFY(!project.note.empty());
        QCOMPARE(measuredInputsFingerprint(project), measuredInputsFingerprint(sample));
        QVERIFY(plannedCeiling(project).onMeasured());
        QVERIFY(!staleMeasuredCeiling(project));
    }

    void aKneeOfEarlierInputsIsNotPlannedOn()
    {
        const Project stale = pinEdited(measuredSample(0.653), "/fleet/pools/0/count", 1500);
        const PlannedCeiling c = plannedCeiling(stale);
        QVERIFY(!c.onMeasured());
        QCOMPARE(c.planned(), 0.85);
        QCOMPARE(*c.notCurrent, 0.653);
        QVERIFY2(plannedCeilingSentence(c, "measure again")
                     .starts_with("utilization ceiling of topology_aware: planned on assumed "
                                  "0.85 (the measured 0.653 is not of these inputs"),
                 plannedCeilingSentence(c, "").c_str());
        // A note from before fingerprints were noted: not known to be current.
        Project unnoted = measuredSample(0.653);
        unnoted.note.erase(unnoted.note.find("; inputs "), std::string("; inputs ").size() + 16);
        QVERIFY(!plannedCeiling(unnoted).onMeasured());
    }

    /// The engine's alert "the assumed ceiling is N points above the knee
    /// the simulator measured for this project" speaks of the knee of these
    /// inputs only: a stale stored knee is said once, as stale (evaluate's
    /// warning), not also as this project's; a pinned ceiling beside a
    /// current knee still raises it.
    void theEngineAlertsOnlyAgainstAKneeOfTheseInputs()
    {
        const auto alertsOn = [](const Project& project) {
            const Project planned = onPlannedCeiling(project, plannedCeiling(project));
            int count = 0;
            for (const std::string& alert : evaluate(planned).kpis.alerts)
                count += alert.find("the knee the simulator measured for this project") !=
                         std::string::npos;
            return count;
        };
        const Project stale = pinEdited(measuredSample(0.653), "/fleet/pools/0/count", 1500);
        QCOMPARE(*stale.scheduler.measuredCeiling(), 0.653); // the file still holds it
        QCOMPARE(alertsOn(stale), 0);
        const Project pinned =
            pinEdited(measuredSample(0.653), "/scheduler/ceiling_source/topology_aware", "assumed");
        QCOMPARE(alertsOn(pinned), 1);
        QCOMPARE(alertsOn(measuredSample(0.653)), 0); // planned on it: nothing to disagree with
        // A provisional knee (of earlier inputs, while measuring) is not this project's either.
        MeasuredKnees session;
        session.setMeasuring(true);
        session.add("earlier inputs", SchedulerPolicy::TopologyAware, 0.6);
        const PlannedCeiling provisional = plannedCeiling(stale, nullptr, &session);
        QVERIFY(provisional.provisional);
        QVERIFY(!onPlannedCeiling(stale, provisional).scheduler.measuredCeiling());
    }

    void aPinnedCeilingPlansOnTheAssumedOneAndStatesTheMeasuredOne()
    {
        const Project project =
            pinEdited(measuredSample(0.653), "/scheduler/ceiling_source/topology_aware", "assumed");
        QVERIFY(project.scheduler.ceilingPinned());
        const PlannedCeiling c = plannedCeiling(project);
        QVERIFY(c.pinned && !c.onMeasured());
        QCOMPARE(*c.measured, 0.653);
        QCOMPARE(c.planned(), 0.85);
        QCOMPARE(plannedCeilingSentence(c, "x"),
                 std::string("utilization ceiling of topology_aware: planned on assumed 0.85, "
                             "pinned (ceiling_source assumed); measured 0.65 for this project "
                             "(the project's measured ceiling, of these inputs)"));
        // The pin is no input of the knee: measured on the same inputs.
        QCOMPARE(measuredInputsFingerprint(project),
                 measuredInputsFingerprint(measuredSample(0.6)));
        // Pinning another policy changes nothing for this one.
        QVERIFY(plannedCeiling(
                    pinEdited(measuredSample(0.653), "/scheduler/ceiling_source/naive", "assumed"))
                    .onMeasured());
    }

    void kneesSimulatedThisSessionArePlannedOn()
    {
        const Project sample = test_support::unmeasuredSample();
        MeasuredKnees knees;
        knees.add(measuredInputsFingerprint(sample), SchedulerPolicy::TopologyAware, 0.62);
        const PlannedCeiling c = plannedCeiling(sample, nullptr, &knees);
        QVERIFY(c.onMeasured());
        QCOMPARE(c.planned(), 0.62);
        QCOMPARE(c.measuredHow, std::string("simulated in the background for these inputs"));
        // Another policy's knee, or other inputs', is not this one's.
        QVERIFY(!plannedCeiling(pinEdited(sample, "/scheduler/policy", "naive"), nullptr, &knees)
                     .onMeasured());
        QVERIFY(!plannedCeiling(pinEdited(sample, "/fleet/pools/0/count", 1500), nullptr, &knees)
                     .onMeasured());
        // A scenario plans on the knee of the project as stated (here: one
        // that changes the pools' counts), saying so.
        const Project scenario = test_support::unmeasuredSample("reserve-60");
        const PlannedCeiling ofScenario = plannedCeiling(scenario, &sample, &knees);
        QVERIFY(ofScenario.onMeasured());
        QCOMPARE(ofScenario.measuredHow,
                 std::string("simulated in the background for the project as stated"));
        // …and on its own knee when one was simulated for it.
        knees.add(measuredInputsFingerprint(scenario), SchedulerPolicy::TopologyAware, 0.60);
        QCOMPARE(plannedCeiling(scenario, &sample, &knees).planned(), 0.60);
    }

    void thePinSurvivesBothFileFormsAndOnlyTwoWordsAreTaken()
    {
        const Project project = pinEdited(test_support::unmeasuredSample(),
                                          "/scheduler/ceiling_source/naive", "assumed");
        const auto fromJson = parseProject(projectToJsonText(project), "round-trip");
        QVERIFY(fromJson.ok());
        QVERIFY(fromJson.value().scheduler.ceilingSource[0] == CeilingSource::Assumed);
        QVERIFY(fromJson.value().scheduler.ceilingSource[1] == CeilingSource::Measured);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("p.fleetplan")).toStdString();
        QVERIFY(saveProjectFile(project, path).ok());
        const auto fromSqlite = openProjectFile(path);
        QVERIFY2(fromSqlite.ok(), fromSqlite ? "" : fromSqlite.error().toString().c_str());
        QVERIFY(fromSqlite.value().scheduler.ceilingSource[0] == CeilingSource::Assumed);
        // Written only when stated: a project without a pin writes none.
        QVERIFY(projectToJsonText(test_support::unmeasuredSample()).find("ceiling_source") ==
                std::string::npos);
        const auto refused = applyFieldEdits(
            project, {{"/scheduler/ceiling_source/naive", boost::json::value("pinned")}}, "p");
        QVERIFY(!refused);
        const std::string message = refused.error().toString();
        QVERIFY2(message.find("/scheduler/ceiling_source/naive") != std::string::npos &&
                     message.find("must be \"measured\"") != std::string::npos,
                 message.c_str());
    }
};

FLEET_TEST_MAIN(TestPlannedCeiling)
#include "test_planned_ceiling.moc"
