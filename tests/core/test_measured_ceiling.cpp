// The simulator's knee into the planner (simulate/measured_ceiling.h): the one
// rule from frontier to ceiling, the note, the edits, the measured ceiling's
// round trip through both file forms, and evaluate's warning when the assumed
// ceiling drifts from it.

#include "engine/evaluate.h"
#include "optimize/apply_plan.h"
#include "optimize/regime_mix.h"
#include "simulate/carried_ceiling.h"
#include "simulate/knee_spread.h"
#include "simulate/measured_ceiling.h"
#include "simulate/planned_ceiling.h"
#include "simulate/project_knee.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "store/project_templates.h"
#include "support/fleet_test.h"
#include "support/unmeasured_sample.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace fleet;

namespace {

/// Two points around wait÷run = 1: the knee interpolates between them.
Frontier twoPointFrontier(PlacementPolicy policy, double secondWaitToRun)
{
    Frontier frontier;
    frontier.policy = policy;
    FrontierPoint a, b;
    a.load = 0.5;
    a.result.waitToRun = 0.5;
    a.result.usefulUtilization = 0.40;
    b.load = 0.6;
    b.result.waitToRun = secondWaitToRun;
    b.result.usefulUtilization = 0.50;
    frontier.points = {a, b};
    if (secondWaitToRun > 1) { // as sweepFrontier() interpolates
        const double t = (1 - 0.5) / (secondWaitToRun - 0.5);
        frontier.kneeLoad = 0.5 + t * 0.1;
        frontier.kneeUtilization = 0.40 + t * 0.10;
    }
    return frontier;
}

const CeilingProvenance kProvenance{"by a test", "2026-12-01", 0.3, 1.0, 180, 42, 1.0};

bool hasCeilingAlert(const Evaluation& evaluation)
{
    for (const std::string& alert : evaluation.kpis.alerts)
        if (alert.find("assumed utilization ceiling") != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestMeasuredCeiling : public QObject
{
    Q_OBJECT

private slots:
    void theKneeIsTheUsefulUtilizationThere()
    {
        const auto measured = measuredCeiling(twoPointFrontier(PlacementPolicy::Naive, 1.5));
        QVERIFY(measured.ok());
        QCOMPARE(measured.value().policy, SchedulerPolicy::Naive);
        QCOMPARE(measured.value().ceiling, 0.45); // half way: wait÷run 0.5 → 1.5
        QCOMPARE(measured.value().kneeLoad, 0.55);
    }

    void refusedWithoutAKneeOrACeiling()
    {
        const auto none = measuredCeiling(twoPointFrontier(PlacementPolicy::TopologyAware, 0.9));
        QVERIFY(!none.ok());
        QCOMPARE(none.error().messages(),
                 std::string("no knee for topology_aware within the loads swept (loads 0.50 to "
                             "0.60): no class of jobs waited longer than it ran; sweep higher "
                             "loads"));
        const auto fifo = measuredCeiling(twoPointFrontier(PlacementPolicy::Fifo, 1.5));
        QVERIFY(!fifo.ok());
        QVERIFY(fifo.error().messages().find("has no utilization ceiling") != std::string::npos);
        QVERIFY(!measuredCeiling(twoPointFrontier(PlacementPolicy::WeightedFair, 1.5)).ok());
    }

    void aKneeAtTheSweepsEdgeIsABound()
    {
        QCOMPARE(kneeBound(twoPointFrontier(PlacementPolicy::Naive, 1.5)), KneeBound::Inside);
        QCOMPARE(kneeLoadText(twoPointFrontier(PlacementPolicy::Naive, 1.5)), std::string("0.55"));
        const Frontier none = twoPointFrontier(PlacementPolicy::Naive, 0.9);
        QCOMPARE(kneeBound(none), KneeBound::AboveSweep);
        QCOMPARE(kneeLoadText(none), std::string("above 0.60"));
        // Already past the knee at the first load: found there, a bound.
        Frontier first = none;
        first.points[0].result.waitToRun = 3;
        first.kneeLoad = 0.5;
        first.kneeUtilization = 0.40;
        QCOMPARE(kneeBound(first), KneeBound::BelowSweep);
        QCOMPARE(kneeLoadText(first), std::string("below 0.50"));
        QCOMPARE(kneeBound(Frontier{}), KneeBound::NotSwept);
        // A bound is not written as a ceiling.
        const auto refused = measuredCeiling(first);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().messages(),
                 std::string("the knee of naive is below the first load swept (0.50; useful "
                             "utilization at most 0.400): a bound, not a measurement; sweep "
                             "lower loads"));
    }

    void assumedAgainstMeasuredBeyondTheTolerance()
    {
        Scheduler scheduler; // topology_aware, 0.85 assumed
        QVERIFY(!assumedVersusMeasured(scheduler, std::nullopt, "x"));
        QVERIFY(!assumedVersusMeasured(scheduler, 0.85 - kCeilingToleranceFraction, "x"));
        QCOMPARE(*assumedVersusMeasured(scheduler, 0.653, "the median of 5 seeds' knees"),
                 std::string("the utilization ceiling of topology_aware: assumed 0.85, measured "
                             "0.65 for this project (the median of 5 seeds' knees); the plan "
                             "assumes GPUs busier than the jobs' waits allow"));
        scheduler.policy = SchedulerPolicy::Naive; // 0.70 assumed
        QVERIFY(assumedVersusMeasured(scheduler, 0.80, "")
                    ->find("assumed 0.70, measured 0.80 "
                           "for this project; the plan "
                           "pays for") != std::string::npos);
    }

    void theNoteSaysHowAndWhenAndIsReplacedNotGrown()
    {
        const MeasuredCeiling naive{SchedulerPolicy::Naive, 0.381, 0.512};
        const std::string once = noteWithMeasuredCeiling("Our plan.", naive, kProvenance);
        QCOMPARE(once, std::string("Our plan. Utilization ceiling of naive 0.381 measured by a "
                                   "test on 2026-12-01: the useful utilization at the knee (load "
                                   "0.51) of the simulated frontier, loads 0.30 to 1.00, 180 "
                                   "days, seed 42; not assumed."));
        const std::string other = noteWithMeasuredCeiling(
            once, {SchedulerPolicy::TopologyAware, 0.455, 0.55}, kProvenance);
        const std::string twice =
            noteWithMeasuredCeiling(other, {SchedulerPolicy::Naive, 0.4, 0.52}, kProvenance);
        QVERIFY(twice.rfind("Our plan. Utilization ceiling of topology_aware 0.455", 0) == 0);
        QVERIFY(twice.find("naive 0.381") == std::string::npos);
        QVERIFY(twice.find("naive 0.400") != std::string::npos);
        CeilingProvenance sliced = kProvenance;
        sliced.simulatedShare = 0.25;
        QVERIFY(noteWithMeasuredCeiling("", naive, sliced)
                    .find("on a slice of 25.0 % of the job "
                          "GPUs") != std::string::npos);
    }

    void appliedThenDriftedThenWarned()
    {
        const Project sample = test_support::unmeasuredSample();
        QVERIFY(!sample.scheduler.measuredCeiling());
        QVERIFY(!hasCeilingAlert(evaluate(sample)));
        const MeasuredCeiling measured{sample.scheduler.policy, 0.46, 0.55};
        const auto applied =
            applyFieldEdits(sample, measuredCeilingEdits(sample, measured, kProvenance), "sample");
        QVERIFY2(applied.ok(), applied ? "" : applied.error().toString().c_str());
        const Project& project = applied.value().project;
        QCOMPARE(project.scheduler.ceiling(), 0.46);
        QCOMPARE(*project.scheduler.measuredCeiling(), 0.46);
        QVERIFY(!hasCeilingAlert(evaluate(project)));

        // Within the tolerance: no warning; beyond it, either way: a warning.
        const std::string key(policyKey(project.scheduler.policy));
        const auto withCeiling = [&](double ceiling) {
            return applyFieldEdits(
                       project,
                       {{"/scheduler/utilization_ceiling/" + key, boost::json::value(ceiling)}},
                       "sample")
                .value()
                .project;
        };
        QVERIFY(!hasCeilingAlert(evaluate(withCeiling(0.46 + kCeilingToleranceFraction))));
        QVERIFY(!hasCeilingAlert(evaluate(withCeiling(0.46 - kCeilingToleranceFraction))));
        const Evaluation above = evaluate(withCeiling(0.85));
        QVERIFY(hasCeilingAlert(above));
        QCOMPARE(above.kpis.alerts.back(),
                 std::string("the assumed utilization ceiling of topology_aware, 85 %, is 39 "
                             "points above the knee the simulator measured for this project, 46 "
                             "%: the cost assumes GPUs busier than the jobs' waits allow "
                             "(simulate --apply sets the ceiling to the knee)"));
        QCOMPARE(above.warnings.back(), above.kpis.alerts.back());
        QVERIFY(hasCeilingAlert(evaluate(withCeiling(0.30))));
        // Another policy's measured knee says nothing about this policy.
        const auto otherPolicy = applyFieldEdits(
            sample, {{"/scheduler/measured_utilization_ceiling/naive", boost::json::value(0.2)}},
            "sample");
        QVERIFY(!hasCeilingAlert(evaluate(otherPolicy.value().project)));
    }

    void aCeilingMeasuredOnEarlierInputsIsSaidToBeStale()
    {
        const Project sample = test_support::unmeasuredSample();
        QVERIFY(!staleMeasuredCeiling(sample)); // never measured
        const MeasuredCeiling measured{sample.scheduler.policy, 0.80, 0.9};
        const Project project =
            applyFieldEdits(sample, measuredCeilingEdits(sample, measured, kProvenance), "s")
                .value()
                .project;
        // The note names the inputs; what the measurement wrote is not one of them.
        const std::string fingerprint = measuredInputsFingerprint(sample);
        QCOMPARE(fingerprint.size(), std::size_t(16));
        QVERIFY2(project.note.find("; inputs " + fingerprint + "; not assumed.") !=
                     std::string::npos,
                 project.note.c_str());
        QCOMPARE(measuredInputsFingerprint(project), fingerprint);
        QVERIFY(!staleMeasuredCeiling(project));
        // Both file forms give the same inputs back.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("p.fleetplan")).toStdString();
        QVERIFY(saveProjectFile(project, path).ok());
        QVERIFY(!staleMeasuredCeiling(openProjectFile(path).value()));
        QVERIFY(!staleMeasuredCeiling(parseProject(projectToJsonText(project), "j").value()));
        const auto edited = [&](const std::string& pointer, boost::json::value value) {
            return applyFieldEdits(project, {{pointer, std::move(value)}}, "s").value().project;
        };
        // Texts and the ceiling by hand change nothing the simulation used.
        QVERIFY(!staleMeasuredCeiling(edited("/name", boost::json::value("Renamed"))));
        QVERIFY(!staleMeasuredCeiling(
            edited("/scheduler/utilization_ceiling/topology_aware", boost::json::value(0.7))));
        // A workload or a pool edited since: measured on an earlier version.
        for (const auto& [pointer, value] : std::vector<std::pair<std::string, boost::json::value>>{
                 {"/workloads/0/tokens_per_run", boost::json::value(3e12)},
                 {"/fleet/pools/0/count", boost::json::value(1500)}}) {
            const auto stale = staleMeasuredCeiling(edited(pointer, value));
            QVERIFY2(stale, pointer.c_str());
            QCOMPARE(*stale,
                     std::string("the utilization ceiling of topology_aware, 0.800, was measured "
                                 "on an earlier version of this project (its workloads, fleet, "
                                 "prices or assumptions have changed since); measure again "
                                 "(fleetplanner-cli measure-ceiling PROJECT -o PROJECT; the app "
                                 "measures it in the background and stores it on saving)"));
        }
        // Measuring again on the edited project: current again.
        const Project changed = edited("/fleet/pools/0/count", boost::json::value(1500));
        const Project remeasured =
            applyFieldEdits(changed, measuredCeilingEdits(changed, measured, kProvenance), "s")
                .value()
                .project;
        QVERIFY(!staleMeasuredCeiling(remeasured));
        // A note from before fingerprints were noted: nothing to compare, nothing said.
        std::string old = project.note;
        old.erase(old.find("; inputs "), std::string("; inputs ").size() + 16);
        QVERIFY(!staleMeasuredCeiling(
            applyFieldEdits(changed, {{"/note", boost::json::value(old)}}, "s").value().project));
    }

    /// The sample and the private-cloud template ship with the knee of their
    /// policy measured (`measure-ceiling`, five seeds): that knee is what the
    /// simulator measures on them now, and is of their inputs, so a change of
    /// the simulator, the catalog or the performance data that moves it
    /// fails here rather than shipping a knee the files do not have. The
    /// other two templates have none: training-lab's knee is beyond the
    /// loads swept, inference-saas has no job work (docs/TEMPLATES.md).
    void theShippedKneesAreWhatTheSimulatorMeasuresNow()
    {
        const auto measuredNow = [](const Project& p) {
            const Evaluation e = evaluate(p);
            const SeededFrontier seeded = seededProjectFrontier(
                p, e, projectCluster(p, e), placementPolicyOf(p.scheduler.policy),
                defaultProjectLoads(), kDefaultSimulationDays, kDefaultSimulationSeed,
                kDefaultKneeSeeds);
            return measuredCeiling(seeded.frontier);
        };
        const std::pair<const char*, Result<Project>> shipped[] = {
            {"sample", loadSampleProject()}, {"private-cloud", loadTemplate("private-cloud")}};
        for (const auto& [name, loaded] : shipped) {
            QVERIFY2(loaded, name);
            const Project& project = loaded.value();
            const auto stored = project.scheduler.measuredCeiling();
            QVERIFY2(stored, name);
            QCOMPARE(notedMeasuredInputs(project, project.scheduler.policy),
                     std::optional<std::string>(measuredInputsFingerprint(project)));
            const PlannedCeiling planned = plannedCeiling(project);
            QVERIFY2(planned.onMeasured() && planned.planned() == *stored, name);
            const auto now = measuredNow(project);
            QVERIFY2(now, name);
            QVERIFY2(std::abs(now.value().ceiling - *stored) <= 1e-12,
                     (std::string(name) + ": measured now " + std::to_string(now.value().ceiling) +
                      ", shipped " + std::to_string(*stored))
                         .c_str());
        }
        for (const char* bare : {"training-lab", "inference-saas"})
            QVERIFY2(!loadTemplate(bare).value().scheduler.measuredCeiling(), bare);
        // training-lab ships the record that its frontier has no knee within
        // the loads: of its inputs, and still what the simulator finds.
        const Project lab = loadTemplate("training-lab").value();
        QCOMPARE(notedNoKneeInputs(lab, lab.scheduler.policy),
                 std::optional<std::string>(measuredInputsFingerprint(lab)));
        QVERIFY(plannedCeiling(lab).noKnee);
        const Evaluation e = evaluate(lab);
        const SeededFrontier seeded = seededProjectFrontier(
            lab, e, projectCluster(lab, e), placementPolicyOf(lab.scheduler.policy),
            defaultProjectLoads(), kDefaultSimulationDays, kDefaultSimulationSeed,
            kDefaultKneeSeeds);
        QCOMPARE(int(kneeBound(seeded.frontier)), int(KneeBound::AboveSweep));
    }

    /// A frontier without a knee within its loads is recorded for its inputs
    /// (measure-ceiling, the app's save): the project then says the assumed
    /// ceiling stands for these inputs instead of asking for a measurement;
    /// an edit makes the record stale; a knee found later replaces it; one
    /// record per policy.
    void aFrontierWithoutAKneeIsRecordedForItsInputs()
    {
        const Project sample = test_support::unmeasuredSample();
        const auto recorded = [](const Project& p) {
            return applyFieldEdits(p, noKneeEdits(p, p.scheduler.policy, kProvenance), "s")
                .value()
                .project;
        };
        const Project once = recorded(sample);
        const PlannedCeiling c = plannedCeiling(once);
        QVERIFY(c.noKnee && !c.onMeasured() && !c.provisional);
        QCOMPARE(c.planned(), sample.scheduler.ceiling());
        QCOMPARE(plannedCeilingSentence(c, "measure it"),
                 std::string("utilization ceiling of topology_aware: planned on assumed 0.85 (its "
                             "frontier, simulated for these inputs, has no knee within the loads "
                             "swept: the assumed ceiling stands)"));
        // Recorded twice: one sentence.
        const Project twice = recorded(once);
        QCOMPARE(twice.note, once.note);
        // Not even provisionally planned on a session's knee of other inputs.
        MeasuredKnees session;
        session.setMeasuring(true);
        session.add("other inputs", SchedulerPolicy::TopologyAware, 0.6);
        QVERIFY(plannedCeiling(once, nullptr, &session).noKnee);
        // An edit: the record is of other inputs, and nothing is said of it.
        const Project edited =
            applyFieldEdits(once, {{"/fleet/pools/0/count", boost::json::value(1500)}}, "e")
                .value()
                .project;
        QVERIFY(!plannedCeiling(edited).noKnee);
        QVERIFY(plannedCeilingSentence(plannedCeiling(edited), "measure it")
                    .ends_with("(not measured for these inputs; measure it)"));
        // A knee found later replaces the record.
        const Project measured =
            applyFieldEdits(
                once,
                measurementEdits(once, {SchedulerPolicy::TopologyAware, 0.7, 0.7}, kProvenance),
                "m")
                .value()
                .project;
        QVERIFY(!notedNoKneeInputs(measured, SchedulerPolicy::TopologyAware));
        QVERIFY(plannedCeiling(measured).onMeasured());
        QVERIFY(measured.note.find("without a knee") == std::string::npos);
        // And the latest measurement wins the other way too: recorded again,
        // the knee's sentence goes, and the stored knee is not planned on.
        const Project again = recorded(measured);
        QVERIFY(!notedMeasuredInputs(again, SchedulerPolicy::TopologyAware));
        const PlannedCeiling last = plannedCeiling(again);
        QVERIFY(last.noKnee && !last.onMeasured());
        QCOMPARE(*last.notCurrent, 0.7);
    }

    /// `solve --apply` pins the plan's choices, which changes the inputs'
    /// fingerprint; when the pins are the engine's own choices of the work
    /// simulated, the knee is carried over (and a fresh measurement of the
    /// applied project is that knee to the last digit); a plan that changes
    /// a training run's choice is refused, naming it.
    void aPlanThatKeepsTheJobsKeepsItsKnee()
    {
        const Project sample = loadSampleProject().value();
        const std::vector<double> loads = defaultProjectLoads();
        const auto knee = [&](const Project& p) {
            const Evaluation e = evaluate(p);
            const SeededFrontier seeded =
                seededProjectFrontier(p, e, projectCluster(p, e),
                                      placementPolicyOf(p.scheduler.policy), loads, 60, 42, 1);
            return measuredCeiling(seeded.frontier);
        };
        const auto measured = knee(sample);
        QVERIFY(measured);
        CeilingProvenance provenance = kProvenance;
        provenance.days = 60;
        auto stored =
            applyFieldEdits(sample, measurementEdits(sample, measured.value(), provenance), "s");
        QVERIFY(stored);
        const Project source = stored.value().project;
        const Project planned = onPlannedCeiling(source, plannedCeiling(source));
        QVERIFY(plannedCeiling(source).onMeasured());
        const auto plan = optimizeRegimeMix(planned, OptimizeOptions{});
        QVERIFY(plan);
        const auto carried = withMeasuredCeilingCarried(source, applyPlan(source, plan.value()));
        QVERIFY2(carried, carried ? "" : carried.error().messages().c_str());
        const Project& applied = carried.value();
        QVERIFY(measuredInputsFingerprint(applied) != measuredInputsFingerprint(source));
        QCOMPARE(notedMeasuredInputs(applied, applied.scheduler.policy),
                 std::optional<std::string>(measuredInputsFingerprint(applied)));
        QVERIFY(applied.note.find("carried over by solve --apply from inputs " +
                                  measuredInputsFingerprint(source)) != std::string::npos);
        QVERIFY(plannedCeiling(applied).onMeasured());
        const auto again = knee(applied);
        QVERIFY(again);
        QCOMPARE(again.value().ceiling, measured.value().ceiling);

        // A training run moved to another regime: other jobs, not carried.
        Project moved = applyPlan(source, plan.value());
        bool pinned = false;
        for (Workload& w : moved.workloads)
            if (w.kind() == WorkloadKind::Training && w.choice.regime && !pinned) {
                w.choice.regime = *w.choice.regime == RegimeKind::BareMetal
                                      ? RegimeKind::VmPassthrough
                                      : RegimeKind::BareMetal;
                pinned = true;
            }
        QVERIFY(pinned);
        const auto refused = withMeasuredCeilingCarried(source, moved);
        QVERIFY(!refused);
        QVERIFY2(refused.error().messages().find("the plan changes the choice of workload") !=
                     std::string::npos,
                 refused.error().messages().c_str());
        // Nothing measured: nothing to carry, the project as applied.
        QVERIFY(withMeasuredCeilingCarried(sample, applyPlan(sample, plan.value())));
    }

    void theMeasuredCeilingSurvivesBothFileForms()
    {
        const Project sample = loadSampleProject().value();
        const auto applied = applyFieldEdits(
            sample,
            measuredCeilingEdits(sample, {SchedulerPolicy::PredictivePreemption, 0.5, 0.6},
                                 kProvenance),
            "sample");
        const Project& project = applied.value().project;
        const auto fromJson = parseProject(projectToJsonText(project), "round-trip");
        QVERIFY(fromJson.ok());
        QCOMPARE(*fromJson.value().scheduler.measuredUtilizationCeiling[2], 0.5);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("p.fleetplan")).toStdString();
        QVERIFY(saveProjectFile(project, path).ok());
        const auto fromSqlite = openProjectFile(path);
        QVERIFY2(fromSqlite.ok(), fromSqlite ? "" : fromSqlite.error().toString().c_str());
        QCOMPARE(*fromSqlite.value().scheduler.measuredUtilizationCeiling[2], 0.5);
        QCOMPARE(fromSqlite.value().scheduler.utilizationCeiling[2], 0.5);
        QCOMPARE(fromSqlite.value().note, project.note);
    }

    void aMeasuredCeilingOutsideItsRangeIsRefusedByName()
    {
        std::string text = projectToJsonText(test_support::unmeasuredSample());
        const std::string from = "\"scheduler\": {";
        const auto at = text.find(from);
        QVERIFY(at != std::string::npos);
        text.insert(at + from.size(), "\"measured_utilization_ceiling\": {\"naive\": 0}, ");
        const auto refused = parseProject(text, "bad.fleetplan.json");
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().toString().find("/scheduler/measured_utilization_ceiling/naive") !=
                     std::string::npos,
                 refused.error().toString().c_str());
    }
};

FLEET_TEST_MAIN(TestMeasuredCeiling)
#include "test_measured_ceiling.moc"
