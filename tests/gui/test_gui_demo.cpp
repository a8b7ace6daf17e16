// The demo of issue 17 on screen: inside a scenario the what-if sliders show
// the scenario's values and a move changes that scenario's overrides (the base
// project stays as stated, one undo step per drag); the regime-mix tab shows
// the optimizer's plan with its status and gap, the fast path's while inputs
// move, replaced by the exact solve's. Screenshots under the build dir to
// look at.

#include "charts/chart_fit.h"
#include "charts/chart_kinds.h"
#include "charts/chart_style.h"
#include "document/project_document.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "optimize/plan_gpu_counts.h"
#include "optimize/regime_mix.h"
#include "store/project_json.h"
#include "support/as_planned.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"
#include "views/drivers_panel.h"
#include "views/fitted_chart_view.h"

#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QSlider>
#include <QStackedBarSeries>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <boost/json.hpp>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;

namespace {

/// The number override `path` of scenario `id` sets (-1 if none).
double overrideOf(const Project& project, const std::string& id, const std::string& path)
{
    for (const Scenario& s : project.scenarios)
        if (s.id == id)
            for (const ScenarioOverride& o : s.overrides)
                if (o.path == path)
                    return boost::json::parse(o.valueJson).to_number<double>();
    return -1;
}

int poolCount(const Project& project, const std::string& id)
{
    for (const FleetPool& pool : project.fleet.pools)
        if (pool.id == id)
            return pool.count;
    return -1;
}

/// GPUs a plan pays for in each month (one count of GPUs, engine/gpu_counts.h:
/// held by regime plus those paid but not held), as the regime-mix chart
/// stacks them.
std::vector<double> paidByMonth(const gui::PlanResults& results, const RegimeMixResult& plan,
                                std::size_t months)
{
    const GpuCounts counts = planGpuCounts(results.project, results.evaluation, plan);
    std::vector<double> paid;
    for (std::size_t m = 0; m < months && m < counts.months.size(); ++m)
        paid.push_back(counts.months[m].paid);
    return paid;
}

/// `a` and `b` equal to a relative 1e-9 (sums in another order).
bool sameTotals(const std::vector<double>& a, const std::vector<double>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > 1e-9 * std::max(1.0, std::abs(b[i])))
            return false;
    return true;
}

/// The height of each stacked bar of `chart` (its first series).
std::vector<double> stackedTotals(QChart* chart)
{
    auto* series = qobject_cast<QStackedBarSeries*>(chart->series().value(0));
    std::vector<double> totals;
    if (!series)
        return totals;
    for (QBarSet* set : series->barSets()) {
        totals.resize(std::max<std::size_t>(totals.size(), std::size_t(set->count())), 0.0);
        for (int m = 0; m < set->count(); ++m)
            totals[std::size_t(m)] += set->at(m);
    }
    return totals;
}

QString subtitleOf(QChart* chart)
{
    return chart->property(kSubtitleProperty).toString();
}

} // namespace

class TestGuiDemo : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    ProjectDocument* doc() const { return m_window->document(); }

    void waitForResults()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        QCoreApplication::processEvents();
    }

    QDoubleSpinBox* spin(const char* key) const
    {
        return child<QDoubleSpinBox>(m_window->drivers(), (std::string(key) + "_value").c_str());
    }

    QChart* regimeMixChart() const
    {
        return m_window->charts()->view(ChartKind::RegimeMix)->chart();
    }

private slots:
    void initTestCase()
    {
        qputenv("FLEET_SOLVER_WORKER", FLEET_CLI_PATH); // the exact solve's worker
    }

    void init()
    {
        QStandardPaths::setTestModeEnabled(true); // no user settings or recovery files
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->recompute()->setKneeSeeds(1); // the optimizer is what settling checks here
        m_window->setProject(loadSampleProject().value());
        m_window->resize(1366, 768);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        waitForResults();
    }

    void cleanup()
    {
        doc()->undoStack()->setClean();
        m_window.reset();
    }

    void slidersShowTheScenariosValues()
    {
        // Baseline: 1,600 of 2,400 H100s reserved, notebooks released after 15 min.
        QCOMPARE(spin("reserved_share")->value(), 67.0);
        QCOMPARE(spin("idle_timeout")->value(), 15.0);
        doc()->setScenario(QStringLiteral("reserve-60"));
        QCOMPARE(spin("reserved_share")->value(), 60.0);
        QCOMPARE(spin("idle_timeout")->value(), 15.0); // this scenario leaves it
        auto* target = child<QLabel>(m_window->drivers(), "drivers_target");
        QVERIFY(target && target->text().contains(QStringLiteral("Reserve 60 % of the H100s")));
        doc()->setScenario(QStringLiteral("no-idle-timeout"));
        QCOMPARE(spin("idle_timeout")->value(), 0.0);
        QCOMPARE(spin("reserved_share")->value(), 67.0);
        doc()->setScenario({});
        QCOMPARE(spin("idle_timeout")->value(), 15.0);
        QVERIFY(target->text().contains(QStringLiteral("Baseline")));
    }

    void aSliderInsideAScenarioEditsItsOverrides()
    {
        doc()->setScenario(QStringLiteral("reserve-60"));
        waitForResults();
        const Project base = doc()->project();
        QSlider* slider = m_window->drivers()->slider(QStringLiteral("reserved_share"));
        QVERIFY(slider && slider->isEnabled());
        QCOMPARE(slider->value(), 60);
        // A drag from 60 % to 50 % is one undo step.
        slider->setSliderDown(true);
        for (int position = 59; position >= 50; --position)
            slider->setValue(position);
        slider->setSliderDown(false);
        QCOMPARE(doc()->undoStack()->count(), 1);
        // The scenario holds 1,200 + 1,200; the project as stated is untouched.
        QCOMPARE(overrideOf(doc()->project(), "reserve-60", "/fleet/pools/h100-reserved/count"),
                 1200.0);
        QCOMPARE(overrideOf(doc()->project(), "reserve-60", "/fleet/pools/h100-on-demand/count"),
                 1200.0);
        QCOMPARE(poolCount(doc()->project(), "h100-reserved"), 1600);
        QCOMPARE(poolCount(doc()->project(), "h100-on-demand"), 800);
        QCOMPARE(doc()->project().scenarios.size(), base.scenarios.size());
        // What the charts are computed from has the new counts.
        waitForResults();
        QCOMPARE(poolCount(m_window->recompute()->latest()->project, "h100-reserved"), 1200);
        QCOMPARE(spin("reserved_share")->value(), 50.0);
        m_window->grab().save(QStringLiteral(FLEET_BINARY_DIR "/demo_slider_in_scenario.png"));
        // Back to the baseline: its sliders never moved.
        doc()->setScenario({});
        QCOMPARE(spin("reserved_share")->value(), 67.0);
        // Undo puts the scenario's overrides back.
        doc()->undoStack()->undo();
        QCOMPARE(overrideOf(doc()->project(), "reserve-60", "/fleet/pools/h100-reserved/count"),
                 1440.0);
        doc()->setScenario(QStringLiteral("reserve-60"));
        QCOMPARE(slider->value(), 60);
    }

    void aSliderAddsAnOverrideTheScenarioLacked()
    {
        doc()->setScenario(QStringLiteral("reserve-60"));
        QDoubleSpinBox* timeout = spin("idle_timeout");
        timeout->setValue(30.0);
        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(
            overrideOf(doc()->project(), "reserve-60", "/workloads/dev-notebooks/idle_timeout_min"),
            30.0);
        QCOMPARE(timeout->value(), 30.0);
        doc()->setScenario({});
        QCOMPARE(timeout->value(), 15.0); // the base still releases after 15 min
    }

    void gpuPricesInsideAScenarioAreItsOverride()
    {
        doc()->setScenario(QStringLiteral("reserve-60"));
        waitForResults();
        const QString before =
            m_window->kpiPanel()->valueText(QStringLiteral("mean_monthly_cost_usd"));
        QDoubleSpinBox* prices = spin("gpu_prices");
        QVERIFY(prices->isEnabled());
        prices->setValue(1.2);
        QCOMPARE(doc()->undoStack()->count(), 1);
        // The base book keeps its prices; the scenario's override holds the scaled book.
        QCOMPARE(
            doc()->project().activePriceBook()->prices("h100-sxm-80gb")->onDemand->usdPerGpuHour,
            2.99);
        QVERIFY(std::abs(doc()
                             ->scenarioProject()
                             .activePriceBook()
                             ->prices("h100-sxm-80gb")
                             ->onDemand->usdPerGpuHour -
                         2.99 * 1.2) < 1e-9);
        QCOMPARE(prices->value(), 1.2);
        waitForResults();
        QVERIFY(m_window->kpiPanel()->valueText(QStringLiteral("mean_monthly_cost_usd")) != before);
        doc()->setScenario({});
        QCOMPARE(prices->value(), 1.0);
    }

    void theRegimeMixTabShowsTheOptimizersPlan()
    {
        // The fast path's plan, as the optimizer gives it for the sample
        // planned on its stored knee.
        OptimizeOptions fast;
        fast.fastPath = true;
        auto expected =
            optimizeRegimeMix(test_support::asPlanned(loadSampleProject().value()), fast);
        QVERIFY2(expected, expected ? "" : expected.error().toString().c_str());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->latest()->optimizer &&
                                     m_window->recompute()->latest()->optimizerCurrent,
                                 test::kPatienceMs);
        m_window->charts()->setCurrentKind(ChartKind::RegimeMix);
        QVERIFY(m_window->charts()->optimizerMixShown()); // the default
        QChart* chart = regimeMixChart();
        QVERIFY2(chart->property(kTitleProperty).toString().contains("Optimizer"),
                 qPrintable(chart->title()));
        QString subtitle = subtitleOf(chart);
        QVERIFY2(subtitle.startsWith("Fast path (LP rounded): ") && subtitle.contains("gap") &&
                     !subtitle.contains("earlier"),
                 qPrintable(subtitle));
        const std::size_t months = m_window->recompute()->latest()->regimeMix.months.size();
        QVERIFY(months > 1);
        const std::vector<double> fastPaid =
            paidByMonth(*m_window->recompute()->latest(), expected.value(), months);
        QVERIFY(!fastPaid.empty() && fastPaid.front() > 0);
        QVERIFY(sameTotals(stackedTotals(chart), fastPaid));
        auto* fitted =
            qobject_cast<FittedChartView*>(m_window->charts()->view(ChartKind::RegimeMix));
        QTRY_VERIFY_WITH_TIMEOUT(fitted->isFitted(), test::kPatienceMs);
        m_window->grab().save(QStringLiteral(FLEET_BINARY_DIR "/demo_optimizer_fast.png"));

        // Inputs settle: the exact solve's plan replaces the fast path's.
        QSignalSpy finished(m_window->recompute(), &RecomputeService::slowFinished);
        m_window->recompute()->settleNow();
        QVERIFY(finished.wait(test::kPatienceMs));
        QCOMPARE(finished.first().first().toBool(), false); // not cancelled
        // The frontier measured the sample's knee: the snapshot is planned
        // again on it (docs/MODEL.md, "Planning on the measured knee"), and
        // settles once more (its frontiers are not simulated again).
        QCOMPARE(m_window->recompute()->replans(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate() &&
                                     !m_window->recompute()->optimizerBusy() &&
                                     m_window->recompute()->latest()->ceiling.onMeasured(),
                                 test::kPatienceMs);
        finished.clear();
        m_window->recompute()->settleNow();
        QVERIFY(finished.wait(test::kPatienceMs));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(m_window->recompute()->replans(), 1);
        QCoreApplication::processEvents();
        const RegimeMixResult& exact = *m_window->recompute()->latest()->optimizer;
        QCOMPARE(QString::fromStdString(exact.method).startsWith("exact"), true);
        chart = regimeMixChart();
        subtitle = subtitleOf(chart);
        QVERIFY2(
            subtitle.startsWith(QStringLiteral("Exact solve: %1, gap ")
                                    .arg(QString::fromUtf8(solveStatusKey(exact.status).data()))),
            qPrintable(subtitle));
        QVERIFY(sameTotals(stackedTotals(chart),
                           paidByMonth(*m_window->recompute()->latest(), exact, months)));
        QTRY_VERIFY_WITH_TIMEOUT(fitted->isFitted(), test::kPatienceMs);
        QVERIFY2(cutTexts(fitted->scene()).isEmpty(),
                 qPrintable(cutTexts(fitted->scene()).join(QStringLiteral(" | "))));
        m_window->grab().save(QStringLiteral(FLEET_BINARY_DIR "/demo_optimizer_exact.png"));

        // An export of the tab is the chart shown.
        QCOMPARE(m_window->charts()->currentChartKey(), QStringLiteral("optimizer-mix"));
        std::unique_ptr<QChart> exported(m_window->charts()->createCurrentChart());
        QCOMPARE(subtitleOf(exported.get()), subtitle);

        // The engine's choice is one pick away.
        auto* source = child<QComboBox>(m_window->charts(), "regimeMixSource");
        QVERIFY(source && source->isVisible());
        source->setCurrentIndex(1);
        QVERIFY(!m_window->charts()->optimizerMixShown());
        QVERIFY(regimeMixChart()->property(kTitleProperty).toString().startsWith("Regime mix"));
        QCOMPARE(m_window->charts()->currentChartKey(), QStringLiteral("regime-mix"));
    }

    void chartsOnScreenAreFittedAndNothingIsCut()
    {
        // The laptop window of the demo: every chart the sample has data for.
        int checked = 0;
        for (ChartKind kind : allChartKinds()) {
            if (kind == ChartKind::Packing || kind == ChartKind::Frontier)
                continue; // no trace replayed; not simulated (slow part off)
            m_window->charts()->setCurrentKind(kind);
            auto* view = qobject_cast<FittedChartView*>(m_window->charts()->view(kind));
            QVERIFY(view);
            QTRY_VERIFY_WITH_TIMEOUT(view->isFitted(), test::kPatienceMs);
            const QStringList cut = cutTexts(view->scene());
            QVERIFY2(cut.isEmpty(), qPrintable(chartKindKey(kind) + QStringLiteral(": ") +
                                               cut.join(QStringLiteral(" | "))));
            m_window->grab().save(
                QStringLiteral(FLEET_BINARY_DIR "/demo_fitted_%1.png").arg(chartKindKey(kind)));
            // What a fit costs on the GUI thread (printed, not asserted).
            QElapsedTimer timer;
            timer.start();
            view->fitNow();
            qInfo("%s: fitted again in %lld ms", qPrintable(chartKindKey(kind)), timer.elapsed());
            ++checked;
        }
        QCOMPARE(checked, 9); // the optimizer's mix: the regime-mix tab in its first mode
    }

    void chartsAreFittedWhileResultsArrive()
    {
        // Results replace the chart being shown while the earlier one is
        // fitted: each fit stays on its own chart (it once went on in the
        // chart the tabs had just deleted).
        m_window->charts()->setCurrentKind(ChartKind::CostPerToken);
        auto* view =
            qobject_cast<FittedChartView*>(m_window->charts()->view(ChartKind::CostPerToken));
        QSlider* slider = m_window->drivers()->slider(QStringLiteral("gpu_prices"));
        slider->setSliderDown(true);
        for (int step = 1; step <= 30; ++step) {
            slider->setValue(slider->value() + (step % 2 ? 3 : -2));
            view->fitNow(); // a fit with results on their way
            QTest::qWait(5);
        }
        slider->setSliderDown(false);
        waitForResults();
        QTRY_VERIFY_WITH_TIMEOUT(view->isFitted(), test::kPatienceMs);
        QVERIFY(cutTexts(view->scene()).isEmpty());
        // A smaller window: fitted again to the new size.
        m_window->resize(1024, 700);
        QTRY_VERIFY_WITH_TIMEOUT(view->isFitted(), test::kPatienceMs);
        QVERIFY2(cutTexts(view->scene()).isEmpty(),
                 qPrintable(cutTexts(view->scene()).join(QStringLiteral(" | "))));
        m_window->grab().save(QStringLiteral(FLEET_BINARY_DIR "/demo_fitted_1024.png"));
    }

    void kpiPanelFitsItsWidth_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("large");
        QTest::addColumn<int>("columns");
        QTest::newRow("800 px") << 800 << false << 3;
        QTest::newRow("600 px") << 600 << false << 2;
        QTest::newRow("1366 px") << 1366 << false << 6;
        // Presentation: one column beside the chart, as wide as any figure
        // needs (the width asked is not taken).
        QTest::newRow("presentation's column") << 1000 << true << 1;
    }

    void kpiPanelFitsItsWidth()
    {
        QFETCH(int, width);
        QFETCH(bool, large);
        QFETCH(int, columns);
        doc()->setScenario(QStringLiteral("reserve-60")); // changes under the figures too
        waitForResults();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->latest()->optimizer, test::kPatienceMs);
        KpiPanel panel;
        panel.showResults(*m_window->recompute()->latest());
        panel.setLarge(large);
        panel.resize(width, 200);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        if (large)
            width = panel.width();          // its own, fixed
        QTRY_COMPARE(panel.width(), width); // its minimum allows it
        QCOMPARE(panel.columns(), columns);
        panel.resize(width, panel.heightForWidth(width) > 0 ? panel.heightForWidth(width)
                                                            : panel.sizeHint().height());
        QCoreApplication::processEvents();
        panel.grab().save(QStringLiteral(FLEET_BINARY_DIR "/demo_kpi_%1%2.png")
                              .arg(width)
                              .arg(large ? QStringLiteral("_large") : QString()));
        // Every caption, figure and change whole: as wide as its text and
        // inside the panel.
        QStringList cut;
        const QRect inPanel(QPoint(0, 0), panel.size());
        for (QLabel* label : panel.findChildren<QLabel*>()) {
            if (!label->isVisible() || label->text().isEmpty() || label->wordWrap())
                continue;
            const QRect at(label->mapTo(&panel, QPoint(0, 0)), label->size());
            if (label->width() < label->sizeHint().width() || !inPanel.contains(at))
                cut << QStringLiteral("'%1' %2 of %3 px")
                           .arg(label->text())
                           .arg(label->width())
                           .arg(label->sizeHint().width());
        }
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
    }

    void anEditShowsTheEarlierPlanUntilItsOwnArrives()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->latest()->optimizerCurrent,
                                 test::kPatienceMs);
        m_window->charts()->setCurrentKind(ChartKind::RegimeMix);
        QSignalSpy shown(m_window->recompute(), &RecomputeService::resultsReady);
        QSignalSpy solved(m_window->recompute(), &RecomputeService::optimizerReady);
        QSlider* slider = m_window->drivers()->slider(QStringLiteral("growth"));
        slider->setValue(slider->value() + 4);
        QVERIFY(shown.wait(test::kPatienceMs));
        // The engine's results of the edit come first: the plan on screen is
        // the earlier one until the optimizer has solved the new inputs.
        if (solved.isEmpty()) {
            QVERIFY(!m_window->recompute()->latest()->optimizerCurrent);
            QVERIFY2(subtitleOf(regimeMixChart()).contains("earlier state"),
                     qPrintable(subtitleOf(regimeMixChart())));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!solved.isEmpty(), test::kPatienceMs);
        QVERIFY(m_window->recompute()->latest()->optimizerCurrent);
        QVERIFY2(subtitleOf(regimeMixChart()).startsWith("Fast path"),
                 qPrintable(subtitleOf(regimeMixChart())));
        const auto& latest = *m_window->recompute()->latest();
        QVERIFY(sameTotals(stackedTotals(regimeMixChart()),
                           paidByMonth(latest, *latest.optimizer, latest.regimeMix.months.size())));
    }
};

FLEET_TEST_MAIN(TestGuiDemo)
#include "test_gui_demo.moc"
