// The window stays responsive while a customer-sized project is recomputed
// (issue 28): during edits of a project of 1,000 workloads, a timer pinging
// the GUI thread every 5 ms never waits on the GUI thread's own work for
// more than kStallCpuBoundMs of its CPU time; panels whose results are late
// are marked as updating, never left looking current; and the newest edit's
// results are the ones that end up on screen.
//
// CPU time, not wall time: a loaded machine delays the pings without the GUI
// thread doing anything, and must not fail this test; work on the GUI thread
// (an evaluation, a chart of a thousand bars, a copy of the results) fails it
// on any machine. How fast the results arrive is measured by
// tests/bench/bench_gui_scale.cpp, not here.

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"
#include "support/gui_stall_probe.h"
#include "support/scaled_sample.h"
#include "views/chart_tabs.h"

#include <QElapsedTimer>
#include <QFile>
#include <QListWidget>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace fleet;
using namespace fleet::gui;
using fleet::test_support::GuiStallProbe;

namespace {
/// The most CPU time the GUI thread may spend between two pings: the issue's
/// goal is 100 ms of wall time; a bound of CPU time with room for a slow
/// (sanitized, cold-cache) build.
constexpr double kStallCpuBoundMs = 250;
/// After an edit, results later than this must be marked as updating
/// (MainWindow marks them after 150 ms).
constexpr qint64 kMarkedWithinMs = 400;
/// How long the pings watch each edit's recompute.
constexpr int kWatchMs = 2500;
} // namespace

class TestGuiResponsive : public QObject
{
    Q_OBJECT

    /// The first editable number of the Workloads page's first table.
    static std::pair<FieldTableModel*, QModelIndex> firstNumberCell(MainWindow& window)
    {
        for (const auto& page : window.pages()) {
            if (page.title != tr("Workloads"))
                continue;
            for (FieldTableModel* model : page.models)
                for (int c = 0; c < model->columnCount(); ++c) {
                    const QModelIndex index = model->index(0, c);
                    if ((model->flags(index) & Qt::ItemIsEditable) &&
                        model->data(index, Qt::EditRole).typeId() == QMetaType::Double)
                        return {model, index};
                }
        }
        return {nullptr, {}};
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void editsOfAThousandWorkloadsNeverBlockTheGuiThread()
    {
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        Project project = test_support::scaledSample(1000);
        const double openStartCpuMs = GuiStallProbe::threadCpuMs();
        window.setProject(std::move(project));
        const double openCpuMs = GuiStallProbe::threadCpuMs() - openStartCpuMs;
        qInfo("opening 1,000 workloads (the editors' pages built): %.0f ms of GUI-thread CPU",
              openCpuMs);

        auto [model, index] = firstNumberCell(window);
        QVERIFY(model);
        // The scenario comparison beside the tables: it evaluates every
        // scenario after each edit (on the GUI thread it took seconds).
        window.showPage(QStringLiteral("Scenarios"));
        // Frames of the window as a user sees it during the edits, written
        // beside the tests to be looked at: the stale panels marked, not frozen.
        int frame = 0;
        QTimer frames;
        frames.setInterval(250);
        GuiStallProbe probe;
        connect(&frames, &QTimer::timeout, this, [&] {
            window.grab().save(QStringLiteral(FLEET_BINARY_DIR "/responsive_edit_%1.png")
                                   .arg(++frame, 2, 10, QLatin1Char('0')));
            probe.restartGap(); // the test's screenshot is not the app's work
        });
        frames.start();
        const double start = model->data(index, Qt::EditRole).toDouble();
        probe.start();
        // Staleness checked beside the pings: late results are marked (seen
        // unmarked twice running: a loaded machine may run this check before
        // the window's own marking timer, both overdue).
        QElapsedTimer sinceEdit;
        int lateChecks = 0;
        int lateUnmarked = 0;
        bool kpisUnmarked = false;
        bool chartsUnmarked = false;
        QTimer staleCheck;
        staleCheck.setInterval(20);
        connect(&staleCheck, &QTimer::timeout, this, [&] {
            if (!sinceEdit.isValid() || sinceEdit.elapsed() < kMarkedWithinMs)
                return;
            RecomputeService* recompute = window.recompute();
            const auto check = [&](bool late, bool marked, bool& unmarkedBefore) {
                const bool unmarked = late && !marked;
                lateChecks += late ? 1 : 0;
                lateUnmarked += unmarked && unmarkedBefore ? 1 : 0;
                unmarkedBefore = unmarked;
            };
            check(!recompute->kpisUpToDate(), window.kpiPanel()->updating(), kpisUnmarked);
            check(!recompute->upToDate(), window.charts()->updating(), chartsUnmarked);
        });
        staleCheck.start();
        // Three edits: the first while the opening results may still be
        // computed, the next two superseding it and each other.
        for (const double factor : {1.1, 1.2, 1.3}) {
            QTimer::singleShot(0, this, [&, factor] {
                sinceEdit.start();
                QVERIFY(model->setData(index, start * factor, Qt::EditRole));
            });
            QTest::qWait(factor < 1.25 ? 100 : kWatchMs);
        }
        probe.stop();
        staleCheck.stop();
        frames.stop();
        qInfo("longest GUI-thread gap between 5-ms pings: %.0f ms of its CPU, %.0f ms wall; "
              "%d late-results checks",
              probe.longestCpuMs(), probe.longestWallMs(), lateChecks);
        QVERIFY2(probe.longestCpuMs() <= kStallCpuBoundMs,
                 qPrintable(QStringLiteral("the GUI thread worked %1 ms between two pings")
                                .arg(probe.longestCpuMs(), 0, 'f', 0)));
        QCOMPARE(lateUnmarked, 0);

        // The newest edit's results end up on screen, and nothing is marked stale.
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), test::kPatienceMs);
        const ResultsPtr latest = window.recompute()->latest();
        QVERIFY(latest);
        QCOMPARE(latest->project.workloads.size(), std::size_t(1000));
        QVERIFY(projectToJson(latest->project) == projectToJson(window.document()->project()));
        QVERIFY(!window.kpiPanel()->updating());
        QVERIFY(!window.charts()->updating());
        window.grab().save(QStringLiteral(FLEET_BINARY_DIR "/responsive_edit_settled.png"));
        window.recompute()->cancelSlow();
    }

    /// Opening builds the page shown and leaves the others to later turns of
    /// the event loop (editors/lazy_pages.h): at 10,000 workloads all seven
    /// built at once were one 108 ms stall. The others follow without being
    /// asked, a page asked for before its turn is built at once, and the
    /// Workloads page built after the results came shows their costs.
    void openingBuildsTheShownPageFirstAndTheOthersAfter()
    {
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        window.setProject(test_support::scaledSample(1000));
        auto* stack = window.findChild<QStackedWidget*>(QStringLiteral("pages"));
        QVERIFY(stack);
        const auto built = [stack] {
            int count = 0;
            for (int i = 0; i < stack->count(); ++i)
                if (auto* scroll = qobject_cast<QScrollArea*>(stack->widget(i));
                    scroll && scroll->widget())
                    ++count;
            return count;
        };
        const int projectPages = int(projectPageMakers().size());
        const int tools = stack->count() - projectPages; // Packing and Metering, built at once
        QCOMPARE(built(), tools + 1);
        QVERIFY(stack->currentWidget() &&
                qobject_cast<QScrollArea*>(stack->currentWidget())->widget());
        // Asked for before its turn: built when the navigator shows it.
        auto* navigator = window.findChild<QListWidget*>(QStringLiteral("navigator"));
        navigator->setCurrentRow(projectPages - 1);
        QCOMPARE(built(), tools + 2);
        QVERIFY(qobject_cast<QScrollArea*>(stack->currentWidget())->widget());
        // The rest follow, one per turn, unasked.
        QTRY_COMPARE_WITH_TIMEOUT(built(), stack->count(), test::kPatienceMs);
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), test::kPatienceMs);
        for (const ProjectPage& page : window.pages())
            QVERIFY2(page.widget, qPrintable(page.title));
    }

    /// Opening a file reads it on a worker thread: the GUI thread keeps
    /// running its timers (repaints, the stall probe) while the file is read,
    /// where a read on the GUI thread ran none until it returned.
    void openingAFileKeepsTheEventLoopRunning()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.fleetplan.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            const std::string text = projectToJsonText(test_support::scaledSample(1000));
            QCOMPARE(file.write(text.data(), qint64(text.size())), qint64(text.size()));
        }
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(0);
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start();
        QVERIFY(window.openFile(path));
        ticker.stop();
        QVERIFY2(ticks > 0, "no timer ran while the file was read");
        QCOMPARE(window.document()->project().workloads.size(), std::size_t(1000));
    }

    /// A newer edit cancels older work: the optimizer's fast path of a
    /// superseded request stops between its phases (it would take hundreds
    /// of milliseconds of a core at 1,000 workloads) and its answer is never
    /// shown; the newest request's is.
    void aNewerRequestStopsTheOlderOptimizer()
    {
        RecomputeService recompute;
        recompute.setSlowEnabled(false);
        Project older = test_support::scaledSample(1000);
        Project newer = older;
        newer.name = "newer";
        int answers = 0;
        int olderAnswers = 0;
        connect(&recompute, &RecomputeService::optimizerReady, this, [&](const ResultsPtr& r) {
            ++answers;
            olderAnswers += r->baseProject.name == "newer" ? 0 : 1;
        });
        recompute.request(older, {});
        QTRY_VERIFY_WITH_TIMEOUT(recompute.optimizerBusy(), test::kPatienceMs);
        recompute.request(newer, {});
        QTRY_VERIFY_WITH_TIMEOUT(recompute.upToDate() && !recompute.optimizerBusy() &&
                                     recompute.latest()->optimizerCurrent,
                                 test::kPatienceMs);
        QCOMPARE(recompute.optimizerRunsCancelled(), 1);
        QCOMPARE(olderAnswers, 0);
        QCOMPARE(answers, 1);
        QCOMPARE(recompute.latest()->baseProject.name, std::string("newer"));
        QVERIFY(recompute.latest()->optimizer.has_value());
        QCOMPARE(recompute.latest()->optimizer->status == SolveStatus::Stopped, false);
    }
};

FLEET_TEST_MAIN(TestGuiResponsive)
#include "test_gui_responsive.moc"
