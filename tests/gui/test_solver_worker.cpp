// The exact solve in its worker process: the same answer as in process; a
// worker that aborts, exits, talks nonsense or hangs is reported in words
// while the app keeps the fast path's answer; Cancel and the time limit kill
// it. Failures are made on purpose by the worker's test hook
// (FLEET_SOLVER_WORKER_TEST), never by racing the clock.

#include "compute/solver_process.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "simulate/planned_ceiling.h"
#include "store/project_edit.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cerrno>
#include <csignal>

using namespace fleet;
using namespace fleet::gui;

namespace {

const char* const kHook = "FLEET_SOLVER_WORKER_TEST";
/// An upper bound for a solve and the simulations on a loaded machine, not a
/// measurement: the tests wait for signals.
constexpr int kWaitMs = 180000;

bool processGone(qint64 pid)
{
    return ::kill(pid_t(pid), 0) == -1 && errno == ESRCH;
}

/// Same plan, same figures: the worker's answer against the in-process one.
void compareResults(const RegimeMixResult& worker, const RegimeMixResult& local)
{
    QCOMPARE(worker.status, local.status);
    QCOMPARE(worker.method, local.method);
    QCOMPARE(worker.objectiveUsd, local.objectiveUsd);
    QCOMPARE(worker.bestBoundUsd, local.bestBoundUsd);
    QCOMPARE(worker.costUsd, local.costUsd);
    QCOMPARE(worker.assignments.size(), local.assignments.size());
    for (std::size_t i = 0; i < local.assignments.size(); ++i) {
        QCOMPARE(worker.assignments[i].workloadId, local.assignments[i].workloadId);
        QCOMPARE(worker.assignments[i].gpuId, local.assignments[i].gpuId);
        QCOMPARE(worker.assignments[i].regime, local.assignments[i].regime);
        QCOMPARE(worker.assignments[i].profile, local.assignments[i].profile);
        QCOMPARE(worker.assignments[i].onSpot, local.assignments[i].onSpot);
    }
    QCOMPARE(worker.pools.size(), local.pools.size());
    for (std::size_t i = 0; i < local.pools.size(); ++i) {
        QCOMPARE(worker.pools[i].plan, local.pools[i].plan);
        QCOMPARE(worker.pools[i].regime, local.pools[i].regime);
        QCOMPARE(worker.pools[i].month, local.pools[i].month);
        QCOMPARE(worker.pools[i].count, local.pools[i].count);
        QCOMPARE(worker.pools[i].gpus, local.pools[i].gpus); // on demand: to the fraction
    }
    QCOMPARE(worker.layouts.size(), local.layouts.size());
    QCOMPARE(worker.marginalGpuValueUsd, local.marginalGpuValueUsd);
    QCOMPARE(worker.baselineUsd, local.baselineUsd);
    QCOMPARE(worker.savingsUsd, local.savingsUsd);
}

SolverProcess::Outcome solveInWorker(const SolveRequest& request, int timeLimitMs = 60000)
{
    SolverProcess solver;
    solver.setTimeLimitMs(timeLimitMs);
    QSignalSpy done(&solver, &SolverProcess::finished);
    solver.start(request);
    if (!done.wait(kWaitMs))
        qFatal("the solver process never reported");
    return solver.outcome();
}

} // namespace

class TestSolverWorker : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    /// A window on the sample whose fast results are shown; the slow part
    /// runs only when a test asks (settleNow).
    void openWindow()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->recompute()->setKneeSeeds(1); // the exact solve is what these check
        // The assumed ceiling pinned: the frontier's knee would otherwise have the
        // snapshot planned again after the first settle (docs/MODEL.md,
        // "Planning on the measured knee"); these check the exact solve alone.
        const Project sample = loadSampleProject().value();
        m_window->setProject(applyFieldEdits(sample,
                                             {{"/scheduler/ceiling_source/" +
                                                   std::string(policyKey(sample.scheduler.policy)),
                                               boost::json::value("assumed")}},
                                             "pin")
                                 .value()
                                 .project);
        m_window->show();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate() &&
                                     m_window->recompute()->latest()->optimizer,
                                 kWaitMs);
        QVERIFY(m_window->kpiPanel()->optimizerText().contains(QStringLiteral("fast path")));
    }

    /// Runs the slow part now and waits for its end; returns whether it was cancelled.
    bool settle()
    {
        QSignalSpy finished(m_window->recompute(), &RecomputeService::slowFinished);
        m_window->recompute()->settleNow();
        if (!finished.wait(kWaitMs))
            qFatal("the slow part never finished");
        return finished.first().first().toBool();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("FLEET_SOLVER_WORKER", FLEET_CLI_PATH);
    }

    void cleanup()
    {
        qunsetenv(kHook);
        m_window.reset();
    }

    void workerIsFoundBesideTheAppInTheBuildTreeOrOnThePath()
    {
        QCOMPARE(
            solverWorkerCandidates(QStringLiteral("/opt/fp/bin"), QStringLiteral("/x/w"),
                                   QStringLiteral("/usr/bin/fleetplanner-cli")),
            (QStringList{"/x/w", "/opt/fp/bin/fleetplanner-cli", "/opt/fp/cli/fleetplanner-cli",
                         "/opt/fp/src/cli/fleetplanner-cli", "/usr/bin/fleetplanner-cli"}));
        // The override wins, and one that does not exist is not routed around.
        QStringList tried;
        QCOMPARE(findSolverWorker(&tried), QStringLiteral(FLEET_CLI_PATH));
        qputenv("FLEET_SOLVER_WORKER", "/nonexistent/fleetplanner-cli");
        QVERIFY(findSolverWorker(&tried).isEmpty());
        QCOMPARE(tried.first(), QStringLiteral("/nonexistent/fleetplanner-cli"));
        const SolverProcess::Outcome missing = solveInWorker({loadSampleProject().value(), {}, {}});
        QVERIFY(missing.failure);
        QVERIFY2(QString::fromStdString(missing.failure->reason).contains("was not found"),
                 missing.failure->reason.c_str());
        // Without it: this test runs in build/tests, the worker is in build/src/cli.
        qunsetenv("FLEET_SOLVER_WORKER");
        QCOMPARE(QFileInfo(findSolverWorker()).canonicalFilePath(),
                 QFileInfo(QStringLiteral(FLEET_CLI_PATH)).canonicalFilePath());
        qputenv("FLEET_SOLVER_WORKER", FLEET_CLI_PATH);
    }

    void workerGivesTheInProcessAnswer()
    {
        const Project sample = loadSampleProject().value();
        std::vector<std::pair<std::string, Objective>> cases = {{"", Objective::Cost},
                                                                {"", Objective::Margin}};
        if (!sample.scenarios.empty())
            cases.emplace_back(sample.scenarios.front().id, Objective::Cost);
        for (const auto& [scenario, objective] : cases) {
            OptimizeOptions options;
            options.objective = objective;
            QElapsedTimer clock;
            clock.start();
            const SolverProcess::Outcome outcome = solveInWorker({sample, scenario, options});
            const double workerMs = double(clock.nsecsElapsed()) / 1e6;
            QVERIFY2(!outcome.failure, outcome.failure ? outcome.failure->reason.c_str() : "");
            QVERIFY(outcome.result);
            clock.restart();
            const Project applied =
                scenario.empty() ? sample : applyScenario(sample, scenario).value();
            // On the ceiling the worker plans on: the sample's stored knee.
            const PlannedCeiling ceiling =
                plannedCeiling(applied, scenario.empty() ? nullptr : &sample);
            QVERIFY(ceiling.onMeasured());
            const auto local = optimizeRegimeMix(onPlannedCeiling(applied, ceiling), options);
            const double localMs = double(clock.nsecsElapsed()) / 1e6;
            QVERIFY(local.ok());
            compareResults(*outcome.result, local.value());
            qInfo("scenario '%s', %s: worker round trip %.0f ms (worker's own %.0f ms), in process "
                  "%.0f ms",
                  scenario.c_str(), objective == Objective::Cost ? "cost" : "margin", workerMs,
                  outcome.workerSeconds * 1000, localMs);
        }
    }

    void workerFailuresAreSaidInWords_data()
    {
        QTest::addColumn<QByteArray>("hook");
        QTest::addColumn<int>("timeLimitMs");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("stderrLine");
        QTest::newRow("abort") << QByteArray("abort") << 60000 << "killed by signal SIGABRT"
                               << "test hook: aborting";
        QTest::newRow("exit status")
            << QByteArray("exit") << 60000 << "the worker exited with status 3"
            << "exiting with status";
        QTest::newRow("garbage") << QByteArray("garbage") << 60000
                                 << "the worker's answer is not a solve reply"
                                 << "";
        QTest::newRow("hang past the time limit")
            << QByteArray("hang") << 300 << "no answer within 0.3 s"
            << "";
    }

    void workerFailuresAreSaidInWords()
    {
        QFETCH(QByteArray, hook);
        QFETCH(int, timeLimitMs);
        QFETCH(QString, reason);
        QFETCH(QString, stderrLine);
        qputenv(kHook, hook);
        const SolverProcess::Outcome outcome =
            solveInWorker({loadSampleProject().value(), {}, {}}, timeLimitMs);
        QVERIFY(!outcome.result && !outcome.cancelled);
        QVERIFY(outcome.failure);
        QVERIFY2(QString::fromStdString(outcome.failure->reason).contains(reason),
                 outcome.failure->reason.c_str());
        QVERIFY2(QString::fromStdString(outcome.failure->stderrTail).contains(stderrLine),
                 outcome.failure->stderrTail.c_str());
    }

    void cancelKillsTheWorker()
    {
        qputenv(kHook, "hang");
        SolverProcess solver;
        QSignalSpy done(&solver, &SolverProcess::finished);
        solver.start({loadSampleProject().value(), {}, {}});
        QTRY_VERIFY_WITH_TIMEOUT(solver.processId() > 0, kWaitMs);
        const qint64 pid = solver.processId();
        QVERIFY(!processGone(pid));
        solver.cancel();
        QVERIFY(done.wait(kWaitMs));
        QVERIFY(solver.outcome().cancelled);
        QVERIFY(!solver.outcome().failure);
        QVERIFY(!solver.running());
        QVERIFY(processGone(pid));
    }

    void appKeepsTheFastPathWhenTheWorkerAborts()
    {
        openWindow();
        const QString fastLine = m_window->kpiPanel()->optimizerText();
        qputenv(kHook, "abort");
        QVERIFY(!settle());
        // Still running, still showing the fast path's plan, saying what happened.
        QCOMPARE(m_window->kpiPanel()->optimizerText(), fastLine);
        const QString failure = m_window->kpiPanel()->exactFailureText();
        QVERIFY2(failure.startsWith(QStringLiteral("The exact solver failed on this input: "
                                                   "killed by signal SIGABRT")),
                 qPrintable(failure));
        QVERIFY2(failure.contains(QStringLiteral("test hook: aborting")), qPrintable(failure));
        QVERIFY(m_window->recompute()->latest()->frontiersCurrent);
        QVERIFY(m_window->kpiPanel()->exportModelButton()->isVisible());
        // What the user sees (build/tests/gui_solver_failed.png, looked at).
        m_window->grab().save(QStringLiteral(FLEET_BINARY_DIR "/gui_solver_failed.png"));

        // The model for a bug report: project, request, MPS and the failure.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(m_window->exportSolverModel(dir.path(), &error), qPrintable(error));
        for (const char* name :
             {"project.fleetplan.json", "solve-request.json", "model.mps", "failure.txt"})
            QVERIFY2(QFileInfo(QDir(dir.path()).filePath(QLatin1String(name))).size() > 100, name);
        QFile report(QDir(dir.path()).filePath(QStringLiteral("failure.txt")));
        QVERIFY(report.open(QIODevice::ReadOnly));
        QVERIFY(report.readAll().contains("SIGABRT"));
        QVERIFY(
            loadProject(QDir(dir.path()).filePath("project.fleetplan.json").toStdString()).ok());

        // The next solve that works clears the message.
        qunsetenv(kHook);
        QVERIFY(!settle());
        QVERIFY(m_window->kpiPanel()->exactFailureText().isEmpty());
        QVERIFY(!m_window->kpiPanel()->exportModelButton()->isVisible());
        QVERIFY2(m_window->kpiPanel()->optimizerText().contains(QStringLiteral("(exact)")),
                 qPrintable(m_window->kpiPanel()->optimizerText()));
    }

    void appStopsAHangingWorkerAtItsTimeLimit()
    {
        openWindow();
        const QString fastLine = m_window->kpiPanel()->optimizerText();
        qputenv(kHook, "hang");
        m_window->recompute()->setSolverTimeLimitMs(500);
        QVERIFY(!settle());
        QCOMPARE(m_window->kpiPanel()->optimizerText(), fastLine);
        QVERIFY2(m_window->kpiPanel()->exactFailureText().contains(
                     QStringLiteral("no answer within 0.5 s")),
                 qPrintable(m_window->kpiPanel()->exactFailureText()));
        QVERIFY(!m_window->recompute()->solver().running());
    }

    void appCancelKillsTheWorker()
    {
        openWindow();
        qputenv(kHook, "hang");
        QSignalSpy finished(m_window->recompute(), &RecomputeService::slowFinished);
        m_window->recompute()->settleNow();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->solver().processId() > 0, kWaitMs);
        const qint64 pid = m_window->recompute()->solver().processId();
        m_window->recompute()->cancelSlow();
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finished.first().first().toBool(), true); // cancelled
        QVERIFY(processGone(pid));
        QVERIFY(m_window->kpiPanel()->exactFailureText().isEmpty());
        QVERIFY(m_window->kpiPanel()->optimizerText().contains(QStringLiteral("fast path")));
    }
};

FLEET_TEST_MAIN(TestSolverWorker)
#include "test_solver_worker.moc"
