// The main window opens offscreen on the sample project: KPIs as the engine
// computes them, the navigator's pages, every chart, menus as a desktop user
// expects; screenshots of the main views are written to the build folder.

#include "catalog_table_model.h"
#include "charts/chart_kinds.h"
#include "document/project_document.h"
#include "editors/project_pages.h"
#include "engine/evaluate.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "simulate/planned_ceiling.h"
#include "simulate/project_knee.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"
#include "views/fitted_chart_view.h"
#include "views/frontier_ceiling.h"
#include "views/packing_panel.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace fleet;

class TestGuiSmoke : public QObject
{
    Q_OBJECT

private slots:
    void windowShowsTheSample()
    {
        QStandardPaths::setTestModeEnabled(true); // no user settings or recovery files
        gui::MainWindow window;
        // Two seeds, not the CLI's five: the knee is still a median (of two).
        window.recompute()->setKneeSeeds(2);
        window.resize(1440, 900);
        const Project project = loadSampleProject().value();
        window.setProject(project);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), gui::test::kPatienceMs);

        // KPIs as the engine computes them, on the knee the sample ships with.
        const PlannedCeiling ceiling = plannedCeiling(project);
        QVERIFY(ceiling.onMeasured());
        const Kpis kpis = evaluate(onPlannedCeiling(project, ceiling)).kpis;
        QCOMPARE(window.kpiPanel()->valueText(QStringLiteral("utilization")),
                 QLocale().toString(kpis.utilization * 100, 'f', 1) + QStringLiteral(" %"));
        QVERIFY(window.kpiPanel()
                    ->valueText(QStringLiteral("mean_monthly_cost_usd"))
                    .startsWith(QStringLiteral("$")));
        // The optimizer's fast path follows the engine's results.
        QTRY_VERIFY_WITH_TIMEOUT(
            window.kpiPanel()->optimizerText().contains(QStringLiteral("fast path")) ||
                window.kpiPanel()->optimizerText().contains(QStringLiteral("exact")),
            gui::test::kPatienceMs);
        QVERIFY(window.windowTitle().contains(QString::fromStdString(project.name)));

        // Menus and the navigator's pages.
        QStringList menus;
        for (QAction* action : window.menuBar()->actions())
            menus << action->text().remove(QLatin1Char('&'));
        QCOMPARE(menus, (QStringList{"File", "Edit", "View", "Help"}));
        QStringList pages;
        for (const gui::ProjectPage& page : window.pages())
            pages << page.title;
        QCOMPARE(pages, (QStringList{"Fleet", "Price books", "Segments", "Workloads", "Regimes",
                                     "Scheduler", "Scenarios"}));
        QVERIFY(!window.windowIcon().isNull());

        // The compute-price chart: one bar set per plan of the active book.
        window.charts()->setCurrentKind(gui::ChartKind::ComputePrice);
        const PriceBook& book = *project.activePriceBook();
        QChart* chart = window.charts()->view(gui::ChartKind::ComputePrice)->chart();
        QVERIFY(chart->title().contains(QString::fromStdString(book.name)));
        auto* series = qobject_cast<QBarSeries*>(chart->series().first());
        QVERIFY(series);
        QCOMPARE(series->count(), int(book.plansOffered().size()));

        // A trace replayed on the Packing page shows in the Packing chart.
        QTemporaryDir dir;
        const QString nodes = dir.filePath(QStringLiteral("nodes.csv"));
        const QString pods = dir.filePath(QStringLiteral("pods.csv"));
        {
            QFile n(nodes), p(pods);
            QVERIFY(n.open(QIODevice::WriteOnly) && p.open(QIODevice::WriteOnly));
            n.write("sn,cpu_milli,memory_mib,gpu,model\n");
            for (int i = 0; i < 16; ++i)
                n.write(QStringLiteral("node-%1,64000,262144,8,A10\n").arg(i).toUtf8());
            p.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec\n");
            for (int i = 0; i < 200; ++i)
                p.write(QStringLiteral("pod-%1,4000,8192,1,%2,\n")
                            .arg(i)
                            .arg(i % 4 == 0 ? 1000 : 250 * (1 + i % 3))
                            .toUtf8());
        }
        QSignalSpy replayed(window.packing(), &gui::PackingPanel::finished);
        QVERIFY(window.packing()->start(nodes, pods));
        QVERIFY(replayed.wait(gui::test::kPatienceMs));
        QVERIFY(replayed.first().first().toBool());
        QTRY_VERIFY(window.recompute()->latest()->packing != nullptr);
        QCOMPARE(window.charts()->currentKind(), gui::ChartKind::Packing);
        window.showPage(QStringLiteral("Packing"));
        screenshot(window, QStringLiteral("page-packing"));
        // Into the planner: the measured efficiency replaces the assumed 0.90.
        QVERIFY(!window.packing()->applyToProject());
        QVERIFY(window.document()->project().assumptions.sharedPackingEfficiency != 0.90);
        QVERIFY(QString::fromStdString(window.document()->project().note)
                    .contains(QStringLiteral("measured in FleetPlanner's Packing view")));
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->project().assumptions.sharedPackingEfficiency, 0.90);
        // A bad file is refused with its line and field.
        QFile bad(dir.filePath(QStringLiteral("bad.csv")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec\np,1,1,1,2000,\n");
        bad.close();
        QString error;
        QVERIFY(!window.packing()->start(nodes, bad.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("line 2, gpu_milli")), qPrintable(error));

        // Every chart has a title, series and axes with units.
        // Settled: the frontier landed and the snapshot was planned again on
        // its knee (docs/MODEL.md, "Planning on the measured knee"), whose own
        // slow part ended too.
        window.recompute()->settleNow();
        QTRY_VERIFY_WITH_TIMEOUT(!window.recompute()->slowBusy() &&
                                     window.recompute()->upToDate() &&
                                     window.recompute()->latest()->ceiling.onMeasured() &&
                                     window.recompute()->latest()->frontiersCurrent,
                                 gui::test::kPatienceMs);
        for (gui::ChartKind kind : gui::allChartKinds()) {
            window.charts()->setCurrentKind(kind);
            QChart* shown = window.charts()->view(kind)->chart();
            QVERIFY2(!shown->series().isEmpty(), qPrintable(gui::chartKindKey(kind)));
            QVERIFY(!shown->title().isEmpty());
            // As a user sees it: fitted to its view (titles and legends wrapped).
            auto* fitted = qobject_cast<gui::FittedChartView*>(window.charts()->view(kind));
            QVERIFY(fitted);
            QTRY_VERIFY_WITH_TIMEOUT(fitted->isFitted(), gui::test::kPatienceMs);
            screenshot(window, QStringLiteral("chart-") + gui::chartKindKey(kind));
        }
        // The sample's own knee, far below the assumed 0.85, stored in the
        // sample and measured again in the background: the KPIs are planned
        // on it, and the strip says both (issue 31, item 5).
        QTRY_VERIFY_WITH_TIMEOUT(window.kpiPanel()->ceilingText().startsWith(QStringLiteral(
                                     "Utilization ceiling of topology_aware: planned on "
                                     "measured 0.")) &&
                                     window.recompute()->latest()->frontiersCurrent &&
                                     !window.recompute()->slowBusy(),
                                 gui::test::kPatienceMs);
        QVERIFY2(window.kpiPanel()->ceilingText().contains(QStringLiteral("(assumed 0.85; ")),
                 qPrintable(window.kpiPanel()->ceilingText()));
        // The frontier's knee into the planner, one undo step; an assumed ceiling
        // far from it is a visible warning in the KPI strip.
        window.charts()->setCurrentKind(gui::ChartKind::Frontier);
        QPushButton* knee = window.charts()->kneeButton();
        QVERIFY(knee->isVisible());
        QVERIFY(knee->isEnabled());
        const std::size_t policy = std::size_t(project.scheduler.policy);
        const Frontier* frontier = gui::policyFrontier(*window.recompute()->latest());
        QVERIFY(frontier && frontier->kneeUtilization);
        const int steps = window.document()->undoStack()->index();
        knee->click();
        QCOMPARE(window.document()->undoStack()->index(), steps + 1);
        const Scheduler& measured = window.document()->project().scheduler;
        QCOMPARE(measured.utilizationCeiling[policy], *frontier->kneeUtilization);
        QCOMPARE(*measured.measuredUtilizationCeiling[policy], *frontier->kneeUtilization);
        QVERIFY(QString::fromStdString(window.document()->project().note)
                    .contains(QStringLiteral("measured in FleetPlanner's frontier view")));
        {
            // The note is the one `simulate :sample --apply --seeds 2` writes
            // (but for who measured): the same seeds, median and fingerprint.
            const Evaluation evaluation = evaluate(project);
            const SeededFrontier cli = seededProjectFrontier(
                project, evaluation, projectCluster(project, evaluation),
                placementPolicyOf(project.scheduler.policy), defaultProjectLoads(),
                kDefaultSimulationDays, kDefaultSimulationSeed, 2);
            QVERIFY(cli.frontier.kneeUtilization);
            QCOMPARE(*cli.frontier.kneeUtilization, *frontier->kneeUtilization);
            const auto measuredKnee = measuredCeiling(cli.frontier);
            QVERIFY(measuredKnee);
            std::string note = noteWithMeasuredCeiling(
                project.note, measuredKnee.value(),
                seededProvenance(
                    "by fleetplanner-cli simulate",
                    QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).toStdString(),
                    defaultProjectLoads(), kDefaultSimulationDays, cli),
                measuredInputsFingerprint(project));
            const std::string cliHow = "by fleetplanner-cli simulate";
            note.replace(note.find(cliHow), cliHow.size(), "in FleetPlanner's frontier view");
            QCOMPARE(window.document()->project().note, note);
            QVERIFY(note.find("seeds 42 to 43 (the median of 2 seeds' knees") != std::string::npos);
        }
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), gui::test::kPatienceMs);
        QVERIFY2(!window.kpiPanel()->alertsText().contains(QStringLiteral("utilization ceiling")),
                 qPrintable(window.kpiPanel()->alertsText()));
        // A pool edited since the knee was stored (a what-if slider's edit
        // too): the knee of the new inputs is measured in the background and
        // planned on; the ceiling line says the stored one is out of date,
        // with no warning (a demo's every slider move would raise one).
        QVERIFY(!window.document()->edit(
            QStringLiteral("pool"),
            {{"/fleet/pools/0/count", boost::json::value(project.fleet.pools[0].count - 1)}}));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.kpiPanel()->ceilingText().contains(
                QStringLiteral("simulated in the background for these inputs); the file's "
                               "knee, ")) &&
                window.kpiPanel()->ceilingText().endsWith(QStringLiteral("is of earlier inputs")),
            gui::test::kPatienceMs);
        QVERIFY2(!window.kpiPanel()->alertsText().contains(QStringLiteral("earlier version")),
                 qPrintable(window.kpiPanel()->alertsText()));
        screenshot(window, QStringLiteral("kpis-after-an-edit"));
        window.document()->undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.kpiPanel()->ceilingText().contains(QStringLiteral("earlier inputs")),
            gui::test::kPatienceMs);
        QVERIFY(!window.document()->edit(
            QStringLiteral("ceiling"),
            {{"/scheduler/utilization_ceiling/" + std::string(policyKey(project.scheduler.policy)),
              boost::json::value(0.85)}}));
        // The knee is of these inputs: still planned on, the assumed 0.85 said beside it.
        QTRY_VERIFY_WITH_TIMEOUT(
            window.kpiPanel()->ceilingText().contains(QStringLiteral("(assumed 0.85; ")),
            gui::test::kPatienceMs);
        QVERIFY2(window.kpiPanel()->ceilingText().contains(QStringLiteral("planned on measured")),
                 qPrintable(window.kpiPanel()->ceilingText()));
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->project().scheduler.utilizationCeiling[policy],
                 project.scheduler.utilizationCeiling[policy]);
        // Back to the knee the sample ships with.
        QCOMPARE(window.document()->project().scheduler.measuredCeiling(),
                 project.scheduler.measuredCeiling());
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), gui::test::kPatienceMs);
        window.charts()->setCurrentKind(gui::ChartKind::CostPerToken);
        QVERIFY(!knee->isVisible());
        for (const gui::ProjectPage& page : window.pages()) {
            window.showPage(page.title);
            screenshot(window, QStringLiteral("page-") + page.title.toLower().replace(' ', '-'));
        }
        window.setPresenting(true);
        QTest::qWait(50);
        screenshot(window, QStringLiteral("presentation"));
        window.setPresenting(false);
        window.showPage(QStringLiteral("Workloads"));
        screenshot(window, QStringLiteral("mainwindow"));
    }

private:
    static void screenshot(gui::MainWindow& window, const QString& name)
    {
        QCoreApplication::processEvents();
        const QImage shot = window.grab().toImage();
        QVERIFY(!shot.isNull());
        const QString out = QStringLiteral(FLEET_BINARY_DIR "/gui_%1.png").arg(name);
        QVERIFY(shot.save(out));
    }
};

FLEET_TEST_MAIN(TestGuiSmoke)
#include "test_gui_smoke.moc"
