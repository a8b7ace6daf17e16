// Every KPI with its range in the app (issue 31, item 6): the KPI panel shows
// each KPI's P10–P90 from the Monte Carlo, which RangeService runs off the GUI
// thread and a newer edit stops; a project without ranges shows none. The
// "Set range…" dialog writes, refuses and removes a field's range.

#include "charts/band_style.h"
#include "charts/bar_turn.h"
#include "charts/chart_export.h"
#include "charts/chart_kinds.h"
#include "compute/plan_results.h"
#include "compute/range_service.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "editors/range_dialog.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"

#include <QAbstractBarSeries>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QGraphicsScene>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QXYSeries>
#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// The sample with one range: the H100's on-demand price (the overflow
/// pool's and the cost-per-token bars' price).
Project withPriceRangeOnly()
{
    Project project = loadSampleProject().value();
    std::erase_if(project.ranges,
                  [](const InputRange& range) { return range.path.find("/price_books/") != 0; });
    return project;
}

/// withPriceRangeOnly()'s results with their fans over 40 draws, current.
PlanResults bandedResults()
{
    PlanResults results = computePlanResults(withPriceRangeOnly());
    RangeOptions options;
    options.draws = 40;
    results.bands =
        std::make_shared<const ChartBands>(chartBands(results.project, options).value());
    results.bandsCurrent = true;
    return results;
}

template <typename T> T* seriesOf(const QChart* chart)
{
    for (QAbstractSeries* series : chart->series())
        if (auto* found = qobject_cast<T*>(series))
            return found;
    return nullptr;
}

QLineSeries* lineNamed(const QChart* chart, const QString& name)
{
    for (QAbstractSeries* series : chart->series())
        if (auto* line = qobject_cast<QLineSeries*>(series); line && line->name() == name)
            return line;
    return nullptr;
}

bool legendSays(const QChart* chart, const QString& words)
{
    for (const QAbstractSeries* series : chart->series())
        if (series->name().contains(words))
            return true;
    return false;
}

} // namespace

class TestGuiRanges : public QObject
{
    Q_OBJECT

private slots:
    void thePanelShowsEachKpisBand()
    {
        const Project sample = loadSampleProject().value();
        RangeOptions options;
        options.draws = 40;
        const RangeRun run = runRanges(sample, options).value();
        KpiPanel panel;
        QVERIFY(panel.rangeText(QStringLiteral("mean_monthly_cost_usd")).isEmpty());
        panel.showRanges(&run);
        const QString cost = panel.rangeText(QStringLiteral("mean_monthly_cost_usd"));
        QVERIFY2(cost.startsWith(QStringLiteral("P10–P90 $")) &&
                     cost.contains(QStringLiteral(" M – $")),
                 qPrintable(cost));
        QVERIFY2(panel.rangeText(QStringLiteral("utilization")).endsWith(QStringLiteral(" %")),
                 qPrintable(panel.rangeText(QStringLiteral("utilization"))));
        panel.showRanges(nullptr);
        QVERIFY(panel.rangeText(QStringLiteral("mean_monthly_cost_usd")).isEmpty());
    }

    void theServiceRunsOffTheGuiThreadAndANewerEditStopsIt()
    {
        auto sample = std::make_shared<const Project>(loadSampleProject().value());
        RangeService service;
        service.setDraws(30);
        service.setSettleDelayMs(10);
        QSignalSpy ready(&service, &RangeService::ready);
        service.request(sample, 1);
        QVERIFY(service.busy());
        QVERIFY(ready.wait(60000));
        const auto run = ready.takeFirst().at(0).value<RangeRunPtr>();
        QVERIFY(run);
        QCOMPARE(run->draws, 30);
        QVERIFY(run->of(Kpi::MeanMonthlyCost)->band.has_value());
        // The same inputs again: the run shown is theirs, not run again.
        service.request(sample, 1);
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.takeFirst().at(0).value<RangeRunPtr>(), run);
        // A project without ranges: none at once.
        Project plain = *sample;
        plain.ranges.clear();
        service.request(std::make_shared<const Project>(plain), 2);
        QCOMPARE(ready.size(), 1);
        QVERIFY(!ready.takeFirst().at(0).value<RangeRunPtr>());
        QVERIFY(!service.latest());
    }

    /// The fans (issue 31, item 6): with a range on a GPU price the cost
    /// curve has its P10–P90 area and P50 line, each cost-per-token bar its
    /// whisker, ordered and wider than nothing, P50 within the spread of
    /// the point chart; the exports carry them; without ranges the charts
    /// are as they were, and while the fans are computed the legend says so.
    void theChartsDrawTheirFansAndNoneWithoutRanges()
    {
        PlanResults results = bandedResults();

        std::unique_ptr<QChart> curve(createChart(ChartKind::CostCurve, results));
        QVERIFY(hasBand(curve.get()));
        auto* area = seriesOf<QAreaSeries>(curve.get());
        QVERIFY(area && area->upperSeries() && area->lowerSeries());
        QVERIFY2(legendSays(curve.get(), QStringLiteral("P10–P90 over 100 draws (dotted: P50)")),
                 qPrintable(area->name()));
        QLineSeries* median = lineNamed(curve.get(), QStringLiteral("P50 of the draws"));
        QLineSeries* cost =
            lineNamed(curve.get(), QStringLiteral("Mean monthly cost (USD millions)"));
        QVERIFY(median && cost);
        const QList<QPointF> upper = area->upperSeries()->points();
        const QList<QPointF> lower = area->lowerSeries()->points();
        QCOMPARE(std::size_t(upper.size()), results.costCurve.x.size());
        QCOMPARE(lower.size(), upper.size());
        QCOMPARE(qsizetype(median->count()), upper.size());
        QCOMPARE(qsizetype(cost->count()), upper.size());
        double widest = 0;
        for (int i = 0; i < upper.size(); ++i) {
            const double p10 = lower[i].y(), p50 = median->at(i).y(), p90 = upper[i].y();
            QVERIFY2(
                p10 <= p50 && p50 <= p90,
                qPrintable(
                    QStringLiteral("x %1: %2 %3 %4").arg(upper[i].x()).arg(p10).arg(p50).arg(p90)));
            QVERIFY(std::abs(p50 - cost->at(i).y()) <= p90 - p10); // the point chart's
            widest = std::max(widest, p90 - p10);
        }
        QVERIFY2(widest > 0.01, qPrintable(QString::number(widest))); // USD millions
        // The band is seen through: the curve stays visible.
        QVERIFY(area->brush().color().alphaF() < 0.5);

        std::unique_ptr<QChart> bars(createChart(ChartKind::CostPerToken, results));
        const QList<QAbstractSeries*> whiskers = bandSeries(bars.get());
        QVERIFY(!whiskers.isEmpty());
        QVERIFY2(legendSays(bars.get(), QStringLiteral("P10–P90 over 40 draws")),
                 qPrintable(whiskers.front()->name()));
        int drawn = 0;
        for (const auto& row : results.costPerOutputToken.usd)
            for (const auto& cell : row)
                drawn += cell ? 1 : 0;
        QCOMPARE(int(whiskers.size()), drawn); // one a bar
        for (QAbstractSeries* series : whiskers) {
            // P10 cap, stem, P90 cap, back down to the P50 tick (band_style.h).
            auto* line = qobject_cast<QLineSeries*>(series);
            QVERIFY(line && line->count() == 10);
            const double p10 = line->at(0).y(), p90 = line->at(3).y(), p50 = line->at(9).y();
            QVERIFY(p10 <= p50 && p50 <= p90 && p90 > p10);
        }
        // The exports draw the same chart: the band is in the SVG.
        for (const auto& [chart, name] :
             {std::pair{curve.get(), QStringLiteral("fan_cost_curve")},
              std::pair{bars.get(), QStringLiteral("fan_cost_per_token")}}) {
            QString error;
            const QString svg = QStringLiteral(FLEET_BINARY_DIR "/%1.svg").arg(name);
            QVERIFY2(exportChart(chart, svg, ChartFormat::Svg, {}, &error), qPrintable(error));
            QVERIFY2(exportChart(chart, QStringLiteral(FLEET_BINARY_DIR "/%1.png").arg(name),
                                 ChartFormat::Png, {}, &error),
                     qPrintable(error));
            QFile file(svg);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(QString::fromUtf8(file.readAll()).contains(QStringLiteral("P10–P90 over")));
            QVERIFY(chartFooter(results, ChartKind::CostCurve)
                        .contains(QStringLiteral("draws of the input ranges (seed")));
            QVERIFY(!chartFooter(results, ChartKind::RegimeMix).contains(QStringLiteral("P10")));
        }

        // Not yet computed for these inputs: no fan, the legend says it is coming.
        results.bandsCurrent = false;
        std::unique_ptr<QChart> pending(createChart(ChartKind::CostCurve, results));
        QVERIFY(!hasBand(pending.get()) && !seriesOf<QAreaSeries>(pending.get()));
        QVERIFY(legendSays(pending.get(), QStringLiteral("being computed")));

        // No ranges: the charts exactly as before (no fan, no word of one).
        Project plain = withPriceRangeOnly();
        plain.ranges.clear();
        PlanResults none = computePlanResults(plain);
        none.bands = results.bands; // even if handed some, a project without ranges has none
        none.bandsCurrent = true;
        for (ChartKind kind :
             {ChartKind::CostCurve, ChartKind::CostPerToken, ChartKind::CostPerTrainingToken}) {
            std::unique_ptr<QChart> chart(createChart(kind, none));
            QVERIFY(!hasBand(chart.get()));
            QVERIFY(!legendSays(chart.get(), QStringLiteral("P10–P90")));
            QVERIFY(!legendSays(chart.get(), QStringLiteral("being computed")));
        }
        std::unique_ptr<QChart> plainCurve(createChart(ChartKind::CostCurve, none));
        QCOMPARE(int(plainCurve->series().size()), 3); // cost, today's point, utilization
    }

    /// In the app: the fans arrive after the KPIs' ranges, computed off the
    /// GUI thread, and the charts shown are redrawn with them.
    /// Bars turned on their side and back (a window made narrow, then wide
    /// again: bar_turn.h) give their fans back as built: on the bars' value
    /// axis, with one legend entry for them all; the same for the line that
    /// says the fans are being computed. Turning moves the axes, which
    /// detached the whiskers from the value axis: put back, they were drawn
    /// on a scale of their own, off the chart, with a legend entry each.
    void turnedBarsGiveTheirFansBackAsBuilt()
    {
        PlanResults results = bandedResults();
        for (const bool current : {true, false}) { // the whiskers, then the hint
            results.bandsCurrent = current;
            QGraphicsScene scene; // before the chart: a chart left in it is the scene's
            std::unique_ptr<QChart> chart(createChart(ChartKind::CostPerToken, results));
            scene.addItem(chart.get()); // legend entries are seen laid out in a scene
            chart->resize(900, 600);
            QCoreApplication::processEvents();
            struct Built
            {
                QAbstractSeries* series;
                QList<QAbstractAxis*> axes;
                bool visible;
                int inLegend;
            };
            const auto inLegend = [&](QAbstractSeries* series) {
                int shown = 0;
                for (const QLegendMarker* marker : chart->legend()->markers(series))
                    shown += marker->isVisible() ? 1 : 0;
                return shown;
            };
            const auto sorted = [](QList<QAbstractAxis*> axes) {
                std::sort(axes.begin(), axes.end());
                return axes;
            };
            std::vector<Built> built;
            std::vector<QList<QPointF>> points; // each fan series' as built
            QBarCategoryAxis* categories = nullptr;
            for (QAbstractSeries* series : chart->series())
                if (belongsToBand(series)) {
                    built.push_back({series, sorted(series->attachedAxes()), series->isVisible(),
                                     inLegend(series)});
                    points.push_back(qobject_cast<QXYSeries*>(series)->points());
                }
            for (QAbstractAxis* axis : chart->axes())
                if (auto* c = qobject_cast<QBarCategoryAxis*>(axis))
                    categories = c;
            QVERIFY(categories);
            QCOMPARE(built.empty(), false);
            QCOMPARE(built.size() > 1, current); // a whisker a bar, or the one hint
            int entries = 0;
            for (const Built& band : built)
                entries += band.inLegend;
            QCOMPARE(entries, 1);

            const int count = int(categories->count());
            TurnedBars turned = TurnedBars::turn(chart.get(), categories);
            QVERIFY(turned.isTurned());
            QCoreApplication::processEvents();
            // A whisker turns with its bar: its values along the bottom, its
            // place up the left, the first category on top, after (over) the
            // bars, with the one legend entry. The hint is hidden.
            entries = 0;
            for (std::size_t i = 0; i < built.size(); ++i) {
                QAbstractSeries* series = built[i].series;
                QCOMPARE(series->isVisible(), current);
                if (!current)
                    continue;
                entries += inLegend(series);
                QAbstractSeries* bars = turned.turnedSeries();
                QVERIFY(chart->series().indexOf(series) > chart->series().indexOf(bars));
                const QList<QPointF> across = qobject_cast<QXYSeries*>(series)->points();
                QCOMPARE(across.size(), points[i].size());
                for (qsizetype k = 0; k < across.size(); ++k) {
                    const double category = std::round(points[i][k].x());
                    QCOMPARE(across[k].x(), points[i][k].y());
                    QCOMPARE(across[k].y(), count - 1 - category + (points[i][k].x() - category));
                }
                // On the bars' value axis (now along the bottom) and one other.
                QList<QAbstractAxis*> barAxes = turned.turnedSeries()->attachedAxes();
                barAxes.removeAll(categories);
                QCOMPARE(barAxes.size(), 1);
                QCOMPARE(series->attachedAxes().size(), 2);
                QVERIFY(series->attachedAxes().contains(barAxes.front()));
                QCOMPARE(barAxes.front()->orientation(), Qt::Horizontal);
            }
            QCOMPARE(entries, current ? 1 : 0);
            turned.restore();
            QCoreApplication::processEvents(); // the legend lays its entries out again
            for (std::size_t i = 0; i < built.size(); ++i) {
                const Built& band = built[i];
                QCOMPARE(sorted(band.series->attachedAxes()), band.axes);
                QCOMPARE(band.series->isVisible(), band.visible);
                QCOMPARE(inLegend(band.series), band.inLegend);
                QCOMPARE(qobject_cast<QXYSeries*>(band.series)->points(), points[i]);
            }
        }
    }

    void theAppShowsTheFansOnceComputed()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        window.rangeService()->setDraws(40);
        window.rangeService()->setCurveDraws(12);
        ChartTabs* charts = window.charts();
        charts->setCurrentKind(ChartKind::CostCurve);
        window.setProject(withPriceRangeOnly());
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(charts->results() && charts->results()->currentBands(), 180000);
        QTRY_VERIFY(hasBand(charts->view(ChartKind::CostCurve)->chart()));
        QCOMPARE(charts->results()->bands->costCurve.draws, 12);
        QVERIFY(window.grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/fan_app_cost_curve.png")));
        charts->setCurrentKind(ChartKind::CostPerToken);
        QTRY_VERIFY(hasBand(charts->view(ChartKind::CostPerToken)->chart()));
        QVERIFY(window.grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/fan_app_cost_per_token.png")));
        // The chart exported from the app is the one shown: with its fan.
        std::unique_ptr<QChart> exported(charts->createCurrentChart());
        QVERIFY(hasBand(exported.get()));
    }

    /// "Set range…" (the inspector's menu on a numeric field opens this
    /// dialog): OK writes the field's range as one undo step; bounds out of
    /// order are refused in the dialog, naming the rule, and change nothing;
    /// "Remove range" takes it out again.
    void theRangeDialogSetsRefusesAndRemovesARange()
    {
        ProjectDocument doc(loadSampleProject().value());
        const std::vector<InputRange> before = doc.project().ranges;
        ProjectPage page = workloadsPage(&doc, nullptr);
        std::unique_ptr<QWidget> widget(page.widget);
        QCOMPARE(doc.project().workloads[1].id, std::string("enterprise-finetune"));
        const std::string field = "/workloads/1/gpu_hours_per_month";
        const std::string path = "/workloads/enterprise-finetune/gpu_hours_per_month";
        const FieldColumn* column = nullptr;
        for (FieldTableModel* model : page.models)
            for (int r = 0; r < model->rowCount(); ++r)
                for (int c = 0; c < model->columnCount(); ++c) {
                    const FieldColumn& candidate = model->column(c);
                    if (candidate.pointer &&
                        candidate.pointer(doc.project(), model->itemAt(r)) == field)
                        column = &candidate;
                }
        QVERIFY(column);
        const double scale = column->scale;
        const auto shown = [scale](double stored) { return QString::number(stored * scale); };

        // Typed bounds, then OK (or the dialog's refusal read, then Cancel).
        const auto answer = [&](double low, double likely, double high, QString* refusal) {
            // Whatever it finds, the answer closes the dialog: a failure must not hang.
            auto asked = fleet::gui::test::onNextModal<QDialog>([=](QDialog* dialog) {
                const std::array<std::pair<const char*, double>, 3> bounds = {
                    std::pair{"range:low", low}, {"range:likely", likely}, {"range:high", high}};
                for (const auto& [name, value] : bounds)
                    if (auto* edit = fleet::gui::test::child<QLineEdit>(dialog, name))
                        edit->setText(shown(value));
                if (auto* buttons = dialog->findChild<QDialogButtonBox*>())
                    buttons->button(QDialogButtonBox::Ok)->click();
                if (!dialog->isVisible())
                    return; // accepted
                for (QLabel* label : dialog->findChildren<QLabel*>())
                    if (refusal && label->isVisibleTo(dialog) &&
                        label->text().startsWith(QStringLiteral("Refused")))
                        *refusal = label->text();
                dialog->reject();
            });
            editFieldRange(widget.get(), &doc, *column, field);
            QVERIFY(*asked);
        };
        const auto rangeOf = [&]() -> const InputRange* {
            for (const InputRange& range : doc.project().ranges)
                if (range.path == path)
                    return &range;
            return nullptr;
        };

        QVERIFY(!rangeOf());
        answer(30000, 40000, 55000, nullptr);
        QVERIFY(rangeOf());
        QCOMPARE(rangeOf()->low, 30000.0);
        QCOMPARE(rangeOf()->likely, 40000.0);
        QCOMPARE(rangeOf()->high, 55000.0);
        QCOMPARE(doc.project().ranges.size(), before.size() + 1);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QVERIFY(!rangeOf());
        QCOMPARE(doc.project().ranges.size(), before.size());
        doc.undoStack()->redo();
        QVERIFY(rangeOf());

        QString refusal;
        answer(60000, 40000, 55000, &refusal); // low above high
        QVERIFY2(refusal.contains(QStringLiteral("low ≤ likely ≤ high")), qPrintable(refusal));
        QCOMPARE(rangeOf()->low, 30000.0);
        QCOMPARE(doc.undoStack()->count(), 1);

        auto removed = fleet::gui::test::onNextModal<QDialog>([](QDialog* dialog) {
            for (QPushButton* button : dialog->findChildren<QPushButton*>())
                if (button->text() == QStringLiteral("Remove range"))
                    button->click();
            if (dialog->isVisible()) // no such button, or the removal refused
                dialog->reject();
        });
        editFieldRange(widget.get(), &doc, *column, field);
        QVERIFY(*removed);
        QVERIFY(!rangeOf());
        QCOMPARE(doc.project().ranges.size(), before.size());
        QCOMPARE(doc.undoStack()->count(), 2);
    }
};

FLEET_TEST_MAIN(TestGuiRanges)
#include "test_gui_ranges.moc"
