// Edits at the cost of what they change, checked against the full route: a
// cell edit refreshes its row alone in the tables; the recompute, which keeps
// the results of the workloads an edit did not reach (EvaluationCaches),
// shows exactly what a computation from scratch gives, after edits of every
// kind; and a chart the edit does not reach stays on screen as it is, equal
// to the one the new results would build.

#include "../core/evaluation_text.h"
#include "../core/sample_fixture.h"
#include "charts/chart_kinds.h"
#include "charts/empty_chart.h"
#include "compute/plan_results.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <boost/json.hpp>

#include <algorithm>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// The values of every bar set of a bar chart, in order.
/// The chart's bar values, sorted: a chart fitted on screen may have been
/// turned to horizontal bars, which lists its categories bottom up.
QList<qreal> barValues(const QChart* chart)
{
    QList<qreal> values;
    for (QAbstractSeries* one : chart->series())
        if (auto* series = qobject_cast<QAbstractBarSeries*>(one))
            for (QBarSet* set : series->barSets())
                for (int i = 0; i < set->count(); ++i)
                    values << set->at(i);
    std::sort(values.begin(), values.end());
    return values;
}

} // namespace

class TestGuiEditRefresh : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    ProjectDocument* doc() const { return m_window->document(); }

    void waitForResults()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), gui::test::kPatienceMs);
        QCoreApplication::processEvents();
    }

    /// The Workloads page's table whose rows are workloads of `kind`.
    FieldTableModel* workloadTable(WorkloadKind kind)
    {
        for (const ProjectPage& page : m_window->pages())
            if (page.title == QObject::tr("Workloads"))
                for (FieldTableModel* model : page.models)
                    if (model->rowCount() > 0 &&
                        doc()->project().workloads[std::size_t(model->itemAt(0))].kind() == kind)
                        return model;
        return nullptr;
    }

    static int columnOf(const FieldTableModel* model, const QString& header)
    {
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->column(c).header == header)
                return c;
        return -1;
    }

    /// The results shown are those of a computation from scratch.
    void checkResultsAreFull(const char* step)
    {
        waitForResults();
        const ResultsPtr shown = m_window->recompute()->latest();
        QVERIFY(shown);
        const PlanResults full =
            computePlanResults(doc()->project(), doc()->scenario().toStdString());
        QVERIFY2(fleet::test::text(shown->evaluation) == fleet::test::text(full.evaluation), step);
        QVERIFY2(fleet::test::text(shown->baselineKpis) == fleet::test::text(full.baselineKpis),
                 step);
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->setProject(fleet::test::sampleWith(40));
        m_window->resize(1440, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        waitForResults();
    }

    void cleanup()
    {
        doc()->undoStack()->setClean();
        m_window.reset();
    }

    void aCellEditRefreshesItsRowAlone()
    {
        FieldTableModel* training = workloadTable(WorkloadKind::Training);
        FieldTableModel* inference = workloadTable(WorkloadKind::Inference);
        QVERIFY(training && inference);
        const int tokens = columnOf(training, QStringLiteral("Tokens per run"));
        QVERIFY(tokens >= 0);
        QSignalSpy trainingRows(training, &QAbstractItemModel::dataChanged);
        QSignalSpy inferenceRows(inference, &QAbstractItemModel::dataChanged);

        const QModelIndex cell = training->index(1, tokens);
        const double before = cell.data(Qt::EditRole).toDouble();
        QVERIFY(training->setData(cell, before * 2, Qt::EditRole));
        QCOMPARE(trainingRows.count(), 1);
        const auto args = trainingRows.takeFirst();
        QCOMPARE(args.at(0).toModelIndex().row(), 1);
        QCOMPARE(args.at(1).toModelIndex().row(), 1);
        QCOMPARE(args.at(1).toModelIndex().column(), training->columnCount() - 1);
        QCOMPARE(inferenceRows.count(), 0); // not one of its rows
        QCOMPARE(training->index(1, tokens).data(Qt::EditRole).toDouble(), before * 2);

        // Undo is the same row changed back.
        doc()->undoStack()->undo();
        QCOMPARE(training->index(1, tokens).data(Qt::EditRole).toDouble(), before);

        // A change of the fleet reaches every row: every row is refreshed.
        trainingRows.clear();
        inferenceRows.clear();
        QVERIFY(!doc()->edit(QStringLiteral("pool"),
                             {{"/fleet/pools/0/count",
                               boost::json::value(doc()->project().fleet.pools[0].count + 8)}}));
        QCOMPARE(trainingRows.count(), 1);
        QCOMPARE(trainingRows.first().at(1).toModelIndex().row(), training->rowCount() - 1);
        QCOMPARE(inferenceRows.count(), 1);
        QCOMPARE(inferenceRows.first().at(1).toModelIndex().row(), inference->rowCount() - 1);
    }

    void theRecomputeShowsWhatAFullComputationGives()
    {
        FieldTableModel* training = workloadTable(WorkloadKind::Training);
        FieldTableModel* inference = workloadTable(WorkloadKind::Inference);
        const int tokens = columnOf(training, QStringLiteral("Tokens per run"));
        const int requests = columnOf(inference, QStringLiteral("Requests"));
        QVERIFY(tokens >= 0 && requests >= 0);
        checkResultsAreFull("opened");
        QVERIFY(training->setData(training->index(2, tokens),
                                  training->index(2, tokens).data(Qt::EditRole).toDouble() * 1.5,
                                  Qt::EditRole));
        checkResultsAreFull("a training workload's field");
        QVERIFY(inference->setData(inference->index(0, requests), 450.0, Qt::EditRole));
        checkResultsAreFull("a service's field (the whole document re-read)");
        QVERIFY(!doc()->edit(QStringLiteral("pool"),
                             {{"/fleet/pools/0/count",
                               boost::json::value(doc()->project().fleet.pools[0].count + 16)}}));
        checkResultsAreFull("a pool's count");
        QVERIFY(!doc()->edit(QStringLiteral("assumption"),
                             {{"/assumptions/restart_min", boost::json::value(17.0)}}));
        checkResultsAreFull("an assumption");
        doc()->undoStack()->undo();
        checkResultsAreFull("undo");
        QVERIFY(!doc()->project().scenarios.empty());
        doc()->setScenario(QString::fromStdString(doc()->project().scenarios.front().id));
        checkResultsAreFull("a scenario shown");
        QVERIFY(training->setData(training->index(0, tokens),
                                  training->index(0, tokens).data(Qt::EditRole).toDouble() * 2,
                                  Qt::EditRole));
        checkResultsAreFull("an edit under the scenario");
        doc()->setScenario({});
        checkResultsAreFull("the scenario left");
    }

    void aChartTheEditDoesNotReachStaysAsItIs()
    {
        ChartTabs* charts = m_window->charts();
        charts->setCurrentKind(ChartKind::CostPerToken);
        waitForResults();
        QChart* shown = charts->view(ChartKind::CostPerToken)->chart();
        QVERIFY(shown);
        const QList<qreal> before = barValues(shown);
        QVERIFY(!before.isEmpty());

        // Training does not reach the cost per output token: the chart stays.
        FieldTableModel* training = workloadTable(WorkloadKind::Training);
        const int tokens = columnOf(training, QStringLiteral("Tokens per run"));
        QVERIFY(training->setData(training->index(0, tokens),
                                  training->index(0, tokens).data(Qt::EditRole).toDouble() * 3,
                                  Qt::EditRole));
        waitForResults();
        QCOMPARE(charts->view(ChartKind::CostPerToken)->chart(), shown);
        // ... and it is the chart these results build.
        std::unique_ptr<QChart> rebuilt(
            createChart(ChartKind::CostPerToken, *m_window->recompute()->latest()));
        QCOMPARE(barValues(shown), barValues(rebuilt.get()));

        // A service's size does: a new chart, with other bars.
        FieldTableModel* inference = workloadTable(WorkloadKind::Inference);
        const int params = columnOf(inference, QStringLiteral("Params"));
        QVERIFY(params >= 0);
        QVERIFY(inference->setData(inference->index(0, params),
                                   inference->index(0, params).data(Qt::EditRole).toDouble() * 2,
                                   Qt::EditRole));
        waitForResults();
        QChart* now = charts->view(ChartKind::CostPerToken)->chart();
        QVERIFY(now != shown);
        QVERIFY(barValues(now) != before);
    }

    void hiddenChartsFollowWhenInputsSettle()
    {
        // A window's first results hold the visible chart's data alone: the
        // tornado's and cost curve's evaluations wait for calm.
        MainWindow window;
        window.recompute()->setKneeSeeds(1);
        window.charts()->setCurrentKind(ChartKind::CostPerToken);
        bool chartsFirst = false;
        connect(window.recompute(), &RecomputeService::resultsReady, this,
                [&](const ResultsPtr& results) {
                    chartsFirst = chartsFirst ||
                                  ((results->parts & PartAll) == PartAll &&
                                   !results->frontiersCurrent && !results->tornado.bars.empty());
                });
        window.setProject(fleet::test::sampleWith(40));
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), gui::test::kPatienceMs);
        const ResultsPtr first = window.recompute()->latest();
        QCOMPARE(first->parts, resultParts(ChartKind::CostPerToken));
        QVERIFY(first->tornado.bars.empty());
        QChart* tornado = createChart(ChartKind::Tornado, *first);
        QCOMPARE(emptyChartMessage(tornado), QStringLiteral("Not computed yet"));
        delete tornado;
        // Once inputs settle, every chart's data arrives before the simulations end.
        window.recompute()->settleNow();
        QTRY_VERIFY_WITH_TIMEOUT(chartsFirst, gui::test::kPatienceMs);
        // (Then planned again on the knee the frontier measured, which settles
        // once more: docs/MODEL.md, "Planning on the measured knee".)
        QTRY_VERIFY_WITH_TIMEOUT(!window.recompute()->slowBusy() &&
                                     window.recompute()->upToDate() &&
                                     window.recompute()->latest()->frontiersCurrent,
                                 gui::test::kPatienceMs);
        QCOMPARE(window.recompute()->latest()->parts, unsigned(PartAll));
    }
};

FLEET_TEST_MAIN(TestGuiEditRefresh)
#include "test_gui_edit_refresh.moc"
