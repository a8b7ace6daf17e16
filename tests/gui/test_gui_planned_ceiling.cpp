// The app plans on the measured knee (issue 31, item 5; docs/MODEL.md,
// "Planning on the measured knee"): the KPIs first come on the assumed
// ceiling, "measuring in the background…"; when the background frontier of
// the snapshot lands, the recompute service plans it again on its policy's
// knee (its frontiers not simulated again) and the KPI panel says so; a
// pinned ceiling stays planned on the assumed one, with the knee stated.
// The monthly cost's tooltip names the parts of it no workload's figure
// shows: the idle commitment and the network of pooled GPUs.

#include "compute/recompute_service.h"
#include "document/project_document.h"
#include "engine/evaluate.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "simulate/measured_ceiling.h"
#include "store/project_edit.h"
#include "store/project_json.h"
#include "store/project_sqlite.h"
#include "store/project_templates.h"
#include "support/fleet_test.h"
#include "support/unmeasured_sample.h"
#include "views/number_format.h"

#include <QAction>
#include <QLabel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// Shows every result of `recompute` in `panel`, and appends each ceiling
/// sentence the panel shows to `said` (once, in order).
void showCeilings(RecomputeService& recompute, KpiPanel& panel, QStringList& said)
{
    const auto show = [&panel, &said](const ResultsPtr& results) {
        panel.showResults(*results);
        if (said.isEmpty() || said.back() != panel.ceilingText())
            said << panel.ceilingText();
    };
    QObject::connect(&recompute, &RecomputeService::kpisReady, &panel, show);
    QObject::connect(&recompute, &RecomputeService::resultsReady, &panel, show);
}

} // namespace

class TestGuiPlannedCeiling : public QObject
{
    Q_OBJECT

private slots:
    void theKpiPanelSaysWhichCeilingTheKpisArePlannedOn()
    {
        RecomputeService recompute;
        recompute.setKneeSeeds(1); // one seed: quick
        recompute.setSettleDelayMs(0);
        KpiPanel panel;
        QStringList said; // every ceiling sentence the panel showed, in order
        showCeilings(recompute, panel, said);
        // The sample without the knee it ships with: measured here.
        const Project sample = test_support::unmeasuredSample();
        recompute.request(sample, {});
        QTRY_VERIFY_WITH_TIMEOUT(recompute.latest() && recompute.latest()->ceiling.onMeasured() &&
                                     recompute.latest()->frontiersCurrent &&
                                     !recompute.slowBusy() && recompute.upToDate(),
                                 test::kPatienceMs);
        // First on the assumed ceiling, while the frontier is simulated …
        QVERIFY(!said.isEmpty());
        QCOMPARE(said.front(), QStringLiteral("Utilization ceiling of topology_aware: planned on "
                                              "assumed 0.85 (not measured for these inputs; "
                                              "measuring in the background…)"));
        // … then, the frontier landed, planned again, once, on the knee it measured.
        QCOMPARE(recompute.replans(), 1);
        QCOMPARE(said.filter(QStringLiteral("for these inputs just now (assumed 0.85); planning "
                                            "on it…"))
                     .size(),
                 1);
        const PlanResults& measured = *recompute.latest();
        const double knee = *measured.ceiling.measured;
        QVERIFY2(knee > 0.3 && knee < 0.8, qPrintable(QString::number(knee)));
        QCOMPARE(measured.project.scheduler.ceiling(), knee); // what the engine evaluated
        QCOMPARE(panel.ceilingText(),
                 QStringLiteral("Utilization ceiling of topology_aware: planned on measured %1 "
                                "(assumed 0.85; simulated in the background for these inputs)")
                     .arg(knee, 0, 'f', 2));
        // Planned on the knee, the KPIs are the ones evaluate gives on it.
        const Project onKnee = onPlannedCeiling(sample, measured.ceiling);
        QCOMPARE(measured.evaluation.kpis.meanMonthlyCostUsd,
                 evaluate(onKnee).kpis.meanMonthlyCostUsd);
        QVERIFY(measured.evaluation.kpis.utilization < evaluate(sample).kpis.utilization);
        // The assumed-against-measured warning is not shown: the plan is on the knee.
        QVERIFY2(!panel.alertsText().contains(QStringLiteral("assumed 0.85, measured")),
                 qPrintable(panel.alertsText()));

        // Pinned: planned on the assumed 0.85 whatever was measured, both said; the
        // frontier of these inputs is not simulated again, and nothing is planned again.
        const Project pinned =
            applyFieldEdits(sample, {{"/scheduler/ceiling_source/topology_aware", "assumed"}},
                            "pin")
                .value()
                .project;
        recompute.request(pinned, {});
        QTRY_VERIFY_WITH_TIMEOUT(recompute.latest() && recompute.latest()->ceiling.pinned &&
                                     recompute.latest()->frontiersCurrent &&
                                     !recompute.slowBusy() && recompute.upToDate(),
                                 test::kPatienceMs);
        QCOMPARE(recompute.replans(), 1);
        QVERIFY(!recompute.latest()->ceiling.onMeasured());
        QCOMPARE(recompute.latest()->project.scheduler.ceiling(), 0.85);
        QCOMPARE(panel.ceilingText(),
                 QStringLiteral("Utilization ceiling of topology_aware: planned on assumed 0.85, "
                                "pinned (ceiling_source assumed); measured %1 for this project "
                                "(simulated in the background for these inputs)")
                     .arg(knee, 0, 'f', 2));
        QCOMPARE(recompute.latest()->evaluation.kpis.meanMonthlyCostUsd,
                 evaluate(sample).kpis.meanMonthlyCostUsd);
        QVERIFY2(panel.alertsText().contains(QStringLiteral("assumed 0.85, measured %1 for this "
                                                            "project")
                                                 .arg(knee, 0, 'f', 2)),
                 qPrintable(panel.alertsText()));
    }

    /// The sample as it ships carries its knee (five seeds): its very first
    /// figures are planned on it, and the background frontier of the same
    /// inputs and seeds finds the same knee, so nothing is planned again.
    void theShippedSampleIsPlannedOnItsKneeFromTheFirstFigures()
    {
        RecomputeService recompute;
        recompute.setSettleDelayMs(0);
        KpiPanel panel;
        QStringList said; // every ceiling sentence the panel showed, in order
        showCeilings(recompute, panel, said);
        const Project sample = loadSampleProject().value();
        const double stored = *sample.scheduler.measuredCeiling();
        recompute.request(sample, {});
        QTRY_VERIFY_WITH_TIMEOUT(recompute.latest() && recompute.latest()->frontiersCurrent &&
                                     !recompute.slowBusy() && recompute.upToDate(),
                                 test::kPatienceMs);
        QCOMPARE(said, QStringList{QStringLiteral("Utilization ceiling of topology_aware: planned "
                                                  "on measured %1 (assumed 0.85; the project's "
                                                  "measured ceiling, of these inputs)")
                                       .arg(stored, 0, 'f', 2)});
        QCOMPARE(recompute.replans(), 0);
        QCOMPARE(recompute.latest()->project.scheduler.ceiling(), stored);
    }

    /// An edit once a knee is known: the new inputs' first figures are
    /// planned on the knee of the earlier ones, said so, never on the
    /// assumed ceiling (a what-if slider's every move would otherwise jump
    /// the KPIs to it and back); their own knee replaces it when it lands.
    /// Inputs whose frontier has no knee go back to the assumed ceiling.
    void anEditIsPlannedOnTheEarlierKneeUntilItsOwnLands()
    {
        RecomputeService recompute;
        recompute.setKneeSeeds(1);
        recompute.setSettleDelayMs(0);
        KpiPanel panel;
        QStringList said;
        showCeilings(recompute, panel, said);
        const auto settled = [&recompute] {
            return recompute.latest() && recompute.latest()->frontiersCurrent &&
                   !recompute.slowBusy() && recompute.upToDate();
        };
        const Project sample = loadSampleProject().value();
        recompute.request(sample, {});
        QTRY_VERIFY_WITH_TIMEOUT(settled(), test::kPatienceMs);
        QVERIFY(recompute.latest()->ceiling.onMeasured());
        const double before = *recompute.latest()->ceiling.measured;

        said.clear();
        const Project edited =
            applyFieldEdits(
                sample,
                {{"/fleet/pools/0/count", boost::json::value(sample.fleet.pools[0].count - 8)}},
                "edit")
                .value()
                .project;
        recompute.request(edited, {});
        QTRY_VERIFY_WITH_TIMEOUT(settled() && !said.isEmpty() &&
                                     said.back().contains(QStringLiteral(
                                         "simulated in the background for these inputs")),
                                 test::kPatienceMs);
        QCOMPARE(said.front(),
                 QStringLiteral("Utilization ceiling of topology_aware: planned on measured %1 "
                                "(assumed 0.85; a knee of earlier inputs, until these are "
                                "measured in the background)")
                     .arg(before, 0, 'f', 2));
        for (const QString& sentence : said)
            QVERIFY2(!sentence.contains(QStringLiteral("planned on assumed")),
                     qPrintable(sentence));
        QVERIFY(!recompute.latest()->ceiling.provisional);

        // training-lab without its record of no knee: no knee within the
        // loads; provisional first, then assumed.
        said.clear();
        Project lab = loadTemplate("training-lab").value();
        lab.note = noteWithoutNoKnee(lab.note, lab.scheduler.policy);
        recompute.request(lab, {});
        QTRY_VERIFY_WITH_TIMEOUT(settled() && !said.isEmpty() &&
                                     said.back().contains(QStringLiteral("planned on assumed")),
                                 test::kPatienceMs);
        QVERIFY2(said.front().contains(QStringLiteral("a knee of earlier inputs")),
                 qPrintable(said.join(QStringLiteral(" | "))));
        // Said as the record of no knee says it: one sentence for one fact.
        QCOMPARE(said.back(),
                 QStringLiteral("Utilization ceiling of topology_aware: planned on assumed 0.85 "
                                "(its frontier, simulated for these inputs, has no knee within the "
                                "loads swept: the assumed ceiling stands)"));
        QCOMPARE(recompute.latest()->project.scheduler.ceiling(), 0.85);

        // As it ships, with that record: said from its first figures, never
        // planned on another project's knee.
        said.clear();
        recompute.request(loadTemplate("training-lab").value(), {});
        QTRY_VERIFY_WITH_TIMEOUT(settled() && !said.isEmpty(), test::kPatienceMs);
        QCOMPARE(said, QStringList{QStringLiteral(
                           "Utilization ceiling of topology_aware: planned on assumed 0.85 (its "
                           "frontier, simulated for these inputs, has no knee within the loads "
                           "swept: the assumed ceiling stands)")});
    }

    /// One number everywhere: a project edited and saved in the app plans in
    /// the CLI on the knee the app's figures were planned on. File → Save
    /// stores the knee the background measured for the saved inputs (the
    /// file's own was of the inputs before the edit), one undo step; saving
    /// again stores nothing more.
    void aSavedEditPlansInTheCliOnTheKneeTheAppPlannedOn()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("edited.fleetplan"));
        const Project sample = loadSampleProject().value();
        QVERIFY(saveProjectFile(sample, path.toStdString()));
        MainWindow window;
        window.recompute()->setSettleDelayMs(0);
        QVERIFY(window.openFile(path));
        QVERIFY(!window.document()->edit(
            QStringLiteral("pool"),
            {{"/fleet/pools/0/count", boost::json::value(sample.fleet.pools[0].count - 8)}}));
        RecomputeService& recompute = *window.recompute();
        QTRY_VERIFY_WITH_TIMEOUT(recompute.latest() && recompute.latest()->frontiersCurrent &&
                                     recompute.latest()->ceiling.onMeasured() &&
                                     !recompute.latest()->ceiling.provisional &&
                                     !recompute.slowBusy() && recompute.upToDate(),
                                 test::kPatienceMs);
        const PlanResults& app = *recompute.latest();
        QVERIFY(staleMeasuredCeiling(window.document()->project())); // the file's is of before
        const int steps = window.document()->undoStack()->count();

        window.findChild<QAction*>(QStringLiteral("actionSave"))->trigger();
        QVERIFY(!window.document()->isModified());
        QVERIFY2(window.statusBar()->currentMessage().endsWith(
                     QStringLiteral(" with the knee measured for these inputs, %1")
                         .arg(*app.ceiling.measured, 0, 'f', 3)),
                 qPrintable(window.statusBar()->currentMessage()));
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        const Project saved = openProjectFile(path.toStdString()).value();
        QVERIFY(!staleMeasuredCeiling(saved));
        const PlannedCeiling cli = plannedCeiling(saved); // what evaluate FILE plans on
        QVERIFY(cli.onMeasured());
        QCOMPARE(*cli.measured, *app.ceiling.measured);
        QCOMPARE(*saved.scheduler.measuredCeiling(), *app.ceiling.measured);
        QCOMPARE(saved.scheduler.ceiling(), sample.scheduler.ceiling()); // the assumed one kept
        QCOMPARE(evaluate(onPlannedCeiling(saved, cli)).kpis.meanMonthlyCostUsd,
                 app.evaluation.kpis.meanMonthlyCostUsd);
        QVERIFY2(saved.note.find("stored when saved") != std::string::npos, saved.note.c_str());

        // Current now: saving again adds no step.
        window.findChild<QAction*>(QStringLiteral("actionSave"))->trigger();
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
    }

    /// The same for inputs whose frontier has no knee within its loads: the
    /// save records it, and the file then says the assumed ceiling stands.
    void aSavedFrontierWithoutAKneeIsRecorded()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("lab.fleetplan"));
        Project lab = loadTemplate("training-lab").value();
        lab.note = noteWithoutNoKnee(lab.note, lab.scheduler.policy);
        QVERIFY(!plannedCeiling(lab).noKnee);
        QVERIFY(saveProjectFile(lab, path.toStdString()));
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        window.recompute()->setSettleDelayMs(0);
        QVERIFY(window.openFile(path));
        RecomputeService& recompute = *window.recompute();
        QTRY_VERIFY_WITH_TIMEOUT(recompute.latest() && recompute.latest()->frontiersCurrent &&
                                     !recompute.slowBusy() && recompute.upToDate(),
                                 test::kPatienceMs);
        window.findChild<QAction*>(QStringLiteral("actionSave"))->trigger();
        QVERIFY2(window.statusBar()->currentMessage().contains(
                     QStringLiteral("with the record that these inputs have no knee")),
                 qPrintable(window.statusBar()->currentMessage()));
        // The strip and the status bar as a user sees them after the save.
        QCoreApplication::processEvents();
        QVERIFY(window.grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/gui_no-knee-saved.png")));
        const Project saved = openProjectFile(path.toStdString()).value();
        QVERIFY(plannedCeiling(saved).noKnee);
        QVERIFY(!saved.scheduler.measuredCeiling());
        QVERIFY2(saved.note.find("without a knee within loads 0.30 to 1.00 (simulated by "
                                 "FleetPlanner in the background (stored when saved)") !=
                     std::string::npos,
                 saved.note.c_str());
    }

    void theMonthlyCostNamesItsNetworkPart()
    {
        PlanResults results;
        results.project =
            loadProjectFile(FLEET_TEST_DATA_DIR "/mixed_accelerators/mixed.fleetplan.json").value();
        results.baseProject = results.project;
        results.evaluation = evaluate(results.project);
        const Kpis& k = results.evaluation.kpis;
        QVERIFY(k.networkCostUsd > 0);
        KpiPanel panel;
        panel.showResults(results);
        auto* cost = panel.findChild<QLabel*>(QStringLiteral("mean_monthly_cost_usd"));
        QVERIFY(cost);
        const QString network =
            QStringLiteral("Of which network: %1 a month")
                .arg(formatUsd(k.networkCostUsd / results.project.horizonMonths));
        QVERIFY2(cost->toolTip().contains(network), qPrintable(cost->toolTip()));
        // The sample pools no GPU: its tooltip has no network line.
        results.project = loadSampleProject().value();
        results.baseProject = results.project;
        results.evaluation = evaluate(results.project);
        QCOMPARE(results.evaluation.kpis.networkCostUsd, 0.0);
        panel.showResults(results);
        QVERIFY2(!cost->toolTip().contains(QStringLiteral("network")), qPrintable(cost->toolTip()));
    }
};

FLEET_TEST_MAIN(TestGuiPlannedCeiling)
#include "test_gui_planned_ceiling.moc"
