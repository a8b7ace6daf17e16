// A collected sweep result in the app (issue 34 item 3): a small real sweep
// over the sample run and collected through the CLI, opened read-only; the
// heat map's cells are the means the SQLite file gives directly, the fan
// chart's percentiles those computed from its months table; a project, a
// foreign database, a truncated copy and a text file refused, saying why;
// the charts exported as PNG and SVG and both as slides (.pptx and .pdf).
// The charts are written as PNGs beside the test binary, to be looked at.

#include "../cli/cli_run.h"
#include "../cli/sweep_support.h"
#include "../cli/zip_parts.h"
#include "charts/chart_export.h"
#include "charts/chart_style.h"
#include "charts/sweep_charts.h"
#include "export/sweep_deck.h"
#include "main_window.h"
#include "support/fleet_test.h"
#include "views/sweep_view.h"

#include <QAreaSeries>
#include <QChart>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QMenu>
#include <QMenuBar>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace fleet;
using namespace fleet::gui;
using fleet::test::runCli;
using fleet::test::unzip;
using fleet::test::sweep::sweepValue;

namespace gui_sweep_test {

/// Every number `sql` returns (its first column), in order.
std::vector<double> numbers(const QString& path, const QString& sql)
{
    std::vector<double> values;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) ==
        SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &statement, nullptr) == SQLITE_OK)
            while (sqlite3_step(statement) == SQLITE_ROW)
                if (sqlite3_column_type(statement, 0) != SQLITE_NULL)
                    values.push_back(sqlite3_column_double(statement, 0));
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return values;
}

/// The p-quantile as numpy computes it by default (linear), written out
/// here apart from the app's.
double quantile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const double rank = p * double(values.size() - 1);
    const std::size_t low = std::size_t(rank);
    const std::size_t high = std::min(low + 1, values.size() - 1);
    return values[low] * (1 - (rank - double(low))) + values[high] * (rank - double(low));
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

} // namespace gui_sweep_test

using namespace gui_sweep_test;

class TestGuiSweep : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_results;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Three inputs, so a heat map of two averages over the third.
        const QJsonObject sweep{
            {"format", "fleetplanner-sweep"},
            {"format_version", 1},
            {"name", "app-18"},
            {"project", ":sample"},
            {"inputs", QJsonArray{QJsonObject{{"name", "chat_rps"},
                                              {"path", "/workloads/chat-70b/requests_per_second"},
                                              {"values", QJsonArray{150, 450, 750}}},
                                  QJsonObject{{"name", "reserved_h100"},
                                              {"path", "/fleet/pools/h100-reserved/count"},
                                              {"values", QJsonArray{1200, 1800, 2400}}},
                                  QJsonObject{{"name", "chat_growth"},
                                              {"path", "/workloads/chat-70b/growth_per_month"},
                                              {"values", QJsonArray{0.0, 0.06}}}}},
            {"commands",
             QJsonArray{QJsonObject{
                 {"command", "evaluate"},
                 {"outputs", QJsonArray{"total_cost_usd", "utilization", "savings_usd"}}}}}};
        const QString file = m_dir.filePath(QStringLiteral("app-18.fleetsweep.json"));
        QVERIFY(fleet::test::writeFileBytes(file, QJsonDocument(sweep).toJson()));
        const QString out = m_dir.filePath(QStringLiteral("run"));
        const auto run =
            runCli({"sweep", "run", file, "--backend", "local", "--out", out, "--jobs", "2"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        m_results = m_dir.filePath(QStringLiteral("app-18.sqlite"));
        const auto collect =
            runCli({"sweep", "collect", file, "--out", out, "--results", m_results});
        QVERIFY2(collect.exitCode == 0, qPrintable(collect.err + collect.out));
    }

    void collectKeepsMonths()
    {
        // One row per point and month of the horizon, named by the calendar.
        const int horizon = sweepValue(m_results, "SELECT COUNT(DISTINCT month) FROM "
                                                  "evaluate_months")
                                .toInt();
        QVERIFY(horizon >= 12);
        QCOMPARE(sweepValue(m_results, "SELECT COUNT(*) FROM evaluate_months").toInt(),
                 18 * horizon);
        QVERIFY(
            QRegularExpression(QStringLiteral("^\\d{4}-\\d{2}$"))
                .match(sweepValue(m_results, "SELECT name FROM evaluate_months WHERE month = 1"))
                .hasMatch());
        // A point's monthly costs add up to its total cost.
        for (int point : {0, 7, 17}) {
            const double total =
                sweepValue(m_results,
                           QStringLiteral("SELECT total_cost_usd FROM evaluate WHERE point = %1")
                               .arg(point))
                    .toDouble();
            const double sum =
                sweepValue(m_results, QStringLiteral("SELECT SUM(cost_usd) FROM "
                                                     "evaluate_months WHERE point = %1")
                                          .arg(point))
                    .toDouble();
            QVERIFY2(std::abs(total - sum) <= 1e-6 * total,
                     qPrintable(QStringLiteral("%1 against %2").arg(total).arg(sum)));
        }
    }

    void opensCollectedResult()
    {
        MainWindow window;
        // File → Open Sweep Result…, right under Open Recent.
        auto* action = window.findChild<QAction*>(QStringLiteral("actionOpenSweep"));
        QVERIFY(action);
        QVERIFY(window.menuBar()->actions().front()->menu()->actions().contains(action));
        QString error;
        SweepView* view = window.openSweepResult(m_results, &error);
        QVERIFY2(view, qPrintable(error));
        const sweep::SweepResults& results = view->results();
        QCOMPARE(results.name, std::string("app-18"));
        QCOMPARE(results.points, std::int64_t(18));
        QCOMPARE(results.inputs.size(), std::size_t(3));
        QCOMPARE(results.inputs[1].levels.size(), std::size_t(3));
        QCOMPARE(results.inputs[1].levels[2].text, std::string("2400"));
        QCOMPARE(results.commands.size(), std::size_t(1));
        QCOMPARE(results.commands[0].outputs,
                 (std::vector<std::string>{"total_cost_usd", "utilization", "savings_usd"}));
        QCOMPARE(results.commands[0].monthlyOutputs,
                 (std::vector<std::string>{"cost_usd", "gpus_held", "gpus_paid", "utilization"}));
        QCOMPARE(results.commands[0].ok.size(), std::size_t(18));
        // The file was opened read-only: nothing written beside it.
        QVERIFY(!QFile::exists(m_results + "-journal") && !QFile::exists(m_results + "-wal"));
        // The sample's inputs in their units, on the axes.
        QVERIFY2(view->heatChart()->axes(Qt::Horizontal).front()->titleText().contains("per s"),
                 qPrintable(view->heatChart()->axes(Qt::Horizontal).front()->titleText()));
        QVERIFY(view->heatChart()->axes(Qt::Vertical).front()->titleText().contains("GPUs"));
        view->resize(1200, 780);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view));
        QTest::qWait(100); // the charts fitted
        view->grab().save(QStringLiteral(FLEET_BINARY_DIR "/sweep-view-heat.png"));
        view->showTab(1);
        QTest::qWait(100);
        view->grab().save(QStringLiteral(FLEET_BINARY_DIR "/sweep-view-fan.png"));
        // A .sqlite given as a project file opens the same way.
        QVERIFY(window.openFile(m_results));
        view->close();
    }

    void heatMapCellsAreMeans_data()
    {
        QTest::addColumn<int>("x");
        QTest::addColumn<int>("y");
        QTest::addColumn<int>("output");
        QTest::newRow("cost by load and reserved") << 0 << 1 << 0;
        QTest::newRow("utilization by reserved and growth") << 1 << 2 << 1;
        QTest::newRow("savings by growth and load") << 2 << 0 << 2;
    }

    void heatMapCellsAreMeans()
    {
        QFETCH(int, x);
        QFETCH(int, y);
        QFETCH(int, output);
        auto opened = sweep::openSweepResults(m_results.toStdString());
        QVERIFY(opened);
        const sweep::SweepResults& results = opened.value();
        std::unique_ptr<QChart> chart(createSweepHeatMap(
            results, SweepHeatMapChoice{0, std::size_t(x), std::size_t(y), std::size_t(output)}));
        const QVariantList cells = chart->property(kSweepCellsProperty).toList();
        const auto& xs = results.inputs[std::size_t(x)];
        const auto& ys = results.inputs[std::size_t(y)];
        QCOMPARE(cells.size(), qsizetype(xs.levels.size() * ys.levels.size()));
        const QString kpi =
            QString::fromStdString(results.commands[0].outputs[std::size_t(output)]);
        for (const QVariant& one : cells) {
            const QVariantMap cell = one.toMap();
            const auto& xLevel = xs.levels[std::size_t(cell["x"].toInt())];
            const auto& yLevel = ys.levels[std::size_t(cell["y"].toInt())];
            const QString sql = QStringLiteral("SELECT AVG(%1) FROM evaluate WHERE status = 'ok' "
                                               "AND %2 = %3 AND %4 = %5")
                                    .arg(kpi, QString::fromStdString(xs.name))
                                    .arg(*xLevel.number, 0, 'g', 17)
                                    .arg(QString::fromStdString(ys.name))
                                    .arg(*yLevel.number, 0, 'g', 17);
            const std::vector<double> mean = numbers(m_results, sql);
            QCOMPARE(mean.size(), std::size_t(1));
            QVERIFY2(near(cell["mean"].toDouble(), mean[0]),
                     qPrintable(QStringLiteral("%1: %2 against %3")
                                    .arg(sql)
                                    .arg(cell["mean"].toDouble())
                                    .arg(mean[0])));
            QVERIFY(!cell["text"].toString().isEmpty());
        }
    }

    void heatMapAveragesSeedsAndSkipsFailures()
    {
        // Two inputs of two values, two seeds a point; one row failed.
        sweep::SweepResults results;
        results.points = 4;
        results.tasks = 8;
        results.inputs = {{"a", "/a", {{"1", 1.0}, {"2", 2.0}}},
                          {"b", "/b", {{"x", std::nullopt}, {"y", std::nullopt}}}};
        sweep::SweepResultCommand command;
        command.id = "simulate";
        command.command = "simulate";
        command.seeded = true;
        command.outputs = {"knee_load"};
        const double none = std::numeric_limits<double>::quiet_NaN();
        command.points = {0, 0, 1, 1, 2, 2, 3, 3};
        command.ok = {true, true, true, false, true, true, true, true};
        command.levelOf = {{0, 0, 0, 0, 1, 1, 1, 1}, {0, 0, 1, 1, 0, 0, 1, 1}};
        command.values = {{0.5, 0.7, 0.9, none, 0.2, 0.4, 1.0, 0.0}};
        results.commands = {command};
        const sweep::SweepHeatMap map = sweep::sweepHeatMap(results, command, 0, 1, 0);
        QVERIFY(near(*map.mean[0][0], 0.6));
        QVERIFY(near(*map.mean[1][0], 0.9)); // the failed seed left out, not counted as 0
        QCOMPARE(map.count[1][0], 1);
        QVERIFY(near(*map.mean[0][1], 0.3));
        QVERIFY(near(*map.mean[1][1], 0.5));
        QVERIFY(near(*map.low, 0.3) && near(*map.high, 0.9));
        // Every row of a pair failed: no value, drawn grey and said so.
        results.commands[0].values[0][2] = none;
        std::unique_ptr<QChart> chart(createSweepHeatMap(results, SweepHeatMapChoice{0, 0, 1, 0}));
        QVERIFY(!chart->property(kSweepCellsProperty).toList()[2].toMap()["mean"].isValid());
        QVERIFY(chart->property(kSubtitleProperty).toString().contains("over the seeds"));
        QVERIFY(chart->property(kSubtitleProperty).toString().contains("grey: no value"));
        // One value: every percentile is it.
        QCOMPARE(sweep::sweepQuantile({4.0}, 0.1), 4.0);
        QCOMPARE(sweep::sweepQuantile({1.0, 2.0, 3.0, 4.0, 5.0}, 0.9), 4.6);
    }

    void fanPercentilesAreTheMonths()
    {
        auto opened = sweep::openSweepResults(m_results.toStdString());
        QVERIFY(opened);
        const sweep::SweepResultCommand& command = opened.value().commands[0];
        for (std::size_t series = 0; series < command.monthlyOutputs.size(); ++series) {
            const std::vector<sweep::SweepFanMonth> fan = sweep::sweepFan(command, series);
            QCOMPARE(fan.size(), command.monthNames.size());
            for (std::size_t m = 0; m < fan.size(); ++m) {
                const std::vector<double> values = numbers(
                    m_results, QStringLiteral("SELECT %1 FROM evaluate_months WHERE "
                                              "month = %2")
                                   .arg(QString::fromStdString(command.monthlyOutputs[series]))
                                   .arg(m + 1));
                QCOMPARE(fan[m].count, int(values.size()));
                QVERIFY(near(fan[m].p10, quantile(values, 0.10)));
                QVERIFY(near(fan[m].p25, quantile(values, 0.25)));
                QVERIFY(near(fan[m].p50, quantile(values, 0.50)));
                QVERIFY(near(fan[m].p75, quantile(values, 0.75)));
                QVERIFY(near(fan[m].p90, quantile(values, 0.90)));
                QVERIFY(fan[m].p10 <= fan[m].p50 && fan[m].p50 <= fan[m].p90);
            }
        }
        // The chart draws them: two bands and the median, a point a month.
        std::unique_ptr<QChart> chart(
            createSweepFanChart(opened.value(), SweepFanChoice{0, 0, true}));
        QCOMPARE(chart->series().size(), qsizetype(3));
        auto* median = qobject_cast<QLineSeries*>(chart->series().back());
        QVERIFY(median);
        const std::vector<sweep::SweepFanMonth> cost = sweep::sweepFan(command, 0);
        QCOMPARE(median->count(), qsizetype(cost.size()));
        // Shown in dollars, thousands or millions: the ratio is the same every month.
        const double divisor = cost.front().p50 / median->at(0).y();
        for (std::size_t m = 0; m < cost.size(); ++m)
            QVERIFY(near(median->at(qsizetype(m)).y() * divisor, cost[m].p50));
        auto* band = qobject_cast<QAreaSeries*>(chart->series().front());
        QVERIFY(band && band->upperSeries() && band->lowerSeries());
        QVERIFY(near(band->upperSeries()->at(0).y() * divisor, cost[0].p90));
        QVERIFY(near(band->lowerSeries()->at(0).y() * divisor, cost[0].p10));
    }

    void refusesWhatIsNotASweepResult()
    {
        // A project: SQLite, FleetPlanner's, not a sweep result.
        const QString project = m_dir.filePath(QStringLiteral("sample.fleetplan"));
        QCOMPARE(runCli({"new", "--sample", "-o", project}).exitCode, 0);
        QVERIFY(QFile::exists(project));
        auto refused = sweep::openSweepResults(project.toStdString());
        QVERIFY(!refused);
        QVERIFY2(QString::fromStdString(refused.error().toString()).contains("no table \"sweep\""),
                 qPrintable(QString::fromStdString(refused.error().toString())));
        // Another program's database, and one that pretends: a sweep table
        // of the right format whose commands name no table.
        const QString foreign = m_dir.filePath(QStringLiteral("foreign.sqlite"));
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(foreign.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "CREATE TABLE birds(name TEXT); INSERT INTO birds VALUES('tit');",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        refused = sweep::openSweepResults(foreign.toStdString());
        QVERIFY(!refused);
        QVERIFY(QString::fromStdString(refused.error().toString()).contains("birds"));
        const QString pretender = m_dir.filePath(QStringLiteral("pretender.sqlite"));
        QVERIFY(QFile::copy(m_results, pretender));
        QCOMPARE(sqlite3_open(pretender.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "DROP TABLE evaluate_months; DROP TABLE evaluate;", nullptr,
                              nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        refused = sweep::openSweepResults(pretender.toStdString());
        QVERIFY(!refused);
        QVERIFY2(QString::fromStdString(refused.error().toString())
                     .contains("lists the command \"evaluate\" and the file has no table"),
                 qPrintable(QString::fromStdString(refused.error().toString())));
        // A truncated copy (a download cut short) and a text file.
        const QByteArray whole = fleet::test::fileBytes(m_results);
        QVERIFY(whole.size() > 8192);
        const QString truncated = m_dir.filePath(QStringLiteral("truncated.sqlite"));
        QVERIFY(fleet::test::writeFileBytes(truncated, whole.left(whole.size() / 2)));
        refused = sweep::openSweepResults(truncated.toStdString());
        QVERIFY(!refused);
        QVERIFY2(QString::fromStdString(refused.error().toString()).contains("is truncated"),
                 qPrintable(QString::fromStdString(refused.error().toString())));
        const QString text = m_dir.filePath(QStringLiteral("notes.sqlite"));
        QVERIFY(fleet::test::writeFileBytes(text, QByteArray("plain text, not a database\n")));
        refused = sweep::openSweepResults(text.toStdString());
        QVERIFY(!refused);
        QVERIFY(QString::fromStdString(refused.error().toString()).contains("not a SQLite file"));
        // Through the window: no view, the reason given.
        MainWindow window;
        QString error;
        QVERIFY(!window.openSweepResult(truncated, &error));
        QVERIFY(error.contains("truncated"));
        QVERIFY(!window.openSweepResult(m_dir.filePath(QStringLiteral("absent.sqlite")), &error));
        QVERIFY(!error.isEmpty());
    }

    void exportsChartsAndSlides()
    {
        MainWindow window;
        QString error;
        SweepView* view = window.openSweepResult(m_results, &error);
        QVERIFY2(view, qPrintable(error));
        for (int tab : {0, 1}) {
            const QString png = m_dir.filePath(QStringLiteral("chart%1.png").arg(tab));
            QVERIFY2(view->exportChartTo(tab, png, &error), qPrintable(error));
            const QImage image(png);
            QCOMPARE(image.size(), QSize(2560, 1440));
            // Not blank: many colors in it.
            QSet<QRgb> colors;
            for (int y = 0; y < image.height(); y += 16)
                for (int x = 0; x < image.width(); x += 16)
                    colors.insert(image.pixel(x, y));
            QVERIFY(colors.size() > 20);
            const QString svg = m_dir.filePath(QStringLiteral("chart%1.svg").arg(tab));
            QVERIFY2(view->exportChartTo(tab, svg, &error), qPrintable(error));
            QVERIFY(QSvgRenderer(svg).isValid());
            QVERIFY(
                QFile::copy(png, QStringLiteral(FLEET_BINARY_DIR "/sweep-chart%1.png").arg(tab)) ||
                QFile::exists(QStringLiteral(FLEET_BINARY_DIR "/sweep-chart%1.png").arg(tab)));
        }
        // Never over the result it was read from.
        QVERIFY(!view->exportChartTo(0, m_results, &error));
        // Both as slides: a cover, the heat map, the fan chart.
        const QString pptx = m_dir.filePath(QStringLiteral("sweep.pptx"));
        QVERIFY2(view->exportSlidesTo(pptx, &error), qPrintable(error));
        int slides = 0;
        for (const auto& [name, bytes] : unzip(pptx))
            slides += QRegularExpression(QStringLiteral("^ppt/slides/slide\\d+\\.xml$"))
                          .match(name)
                          .hasMatch();
        QCOMPARE(slides, 3);
        const auto parts = unzip(pptx);
        QVERIFY(QString::fromUtf8(parts.at(QStringLiteral("ppt/slides/slide2.xml")))
                    .contains("Total cost by chat_rps and reserved_h100"));
        QVERIFY(QString::fromUtf8(parts.at(QStringLiteral("ppt/slides/slide3.xml")))
                    .contains("Cost per month across the sweep"));
        const QString pdf = m_dir.filePath(QStringLiteral("sweep.pdf"));
        QVERIFY2(view->exportSlidesTo(pdf, &error), qPrintable(error));
        QVERIFY(fleet::test::fileBytes(pdf).startsWith("%PDF"));
        const auto deck = sweepDeckSlides(view->results(), view->heatChoice(), view->fanChoice());
        for (std::size_t i = 0; i < deck.size(); ++i)
            renderSlide(deck[i], 1.5)
                .save(QStringLiteral(FLEET_BINARY_DIR "/sweep-slide%1.png").arg(i + 1));
        view->close();
    }

    void opensALargeResultFigures()
    {
        // Figures for docs/SWEEPS.md, on a result named by FLEET_SWEEP_RESULT
        // (the 1,000-point sample-1000 collected): printed, not judged.
        const QString path = qEnvironmentVariable("FLEET_SWEEP_RESULT");
        if (path.isEmpty())
            QSKIP("FLEET_SWEEP_RESULT names no collected result to time");
        QElapsedTimer timer;
        timer.start();
        auto opened = sweep::openSweepResults(path.toStdString());
        const qint64 open = timer.nsecsElapsed();
        QVERIFY2(opened, opened ? "" : opened.error().toString().c_str());
        timer.restart();
        std::unique_ptr<QChart> map(createSweepHeatMap(opened.value(), SweepHeatMapChoice{}));
        const qint64 heat = timer.nsecsElapsed();
        timer.restart();
        std::unique_ptr<QChart> fan(createSweepFanChart(opened.value(), SweepFanChoice{}));
        const qint64 fanTime = timer.nsecsElapsed();
        timer.restart();
        const auto deck = sweepDeckSlides(opened.value(), SweepHeatMapChoice{}, SweepFanChoice{});
        const qint64 slides = timer.nsecsElapsed();
        // Drawn as exported, to be looked at.
        ExportOptions options;
        options.footer = sweepFooter(opened.value());
        renderChart(map.get(), options)
            .save(QStringLiteral(FLEET_BINARY_DIR "/sweep-large-heat.png"));
        renderChart(fan.get(), options)
            .save(QStringLiteral(FLEET_BINARY_DIR "/sweep-large-fan.png"));
        std::unique_ptr<QChart> utilization(
            createSweepFanChart(opened.value(), SweepFanChoice{0, 3, false}));
        renderChart(utilization.get(), options)
            .save(QStringLiteral(FLEET_BINARY_DIR "/sweep-large-fan-utilization.png"));
        qInfo("%lld rows: open %.1f ms, heat map %.1f ms, fan chart %.1f ms, 3 slides %.1f ms",
              static_cast<long long>(opened.value().commands[0].ok.size()), open / 1e6, heat / 1e6,
              fanTime / 1e6, slides / 1e6);
    }
};

FLEET_TEST_MAIN(TestGuiSweep)
#include "test_gui_sweep.moc"
