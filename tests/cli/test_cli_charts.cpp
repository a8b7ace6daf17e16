// The chart command: a project's charts headless, the optimizer's plan as a
// chart (solved on the spot, with solve's options), every chart kind.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using fleet::test::CliRun;
using fleet::test::exportedSample;
using fleet::test::runCli;

class TestCliCharts : public QObject
{
    Q_OBJECT

private slots:
    void projectChartsAreWrittenHeadless()
    {
        // The same charts the app shows, from a project and a scenario, as
        // a deck script would rebuild them.
        QTemporaryDir dir;
        const struct
        {
            const char* kind;
            const char* file;
        } charts[] = {{"cost-per-token", "tokens.pdf"},
                      {"regime-mix", "mix.svg"},
                      {"break-even", "break-even.png"},
                      {"scenarios", "scenarios.png"}};
        for (const auto& chart : charts) {
            const QString path = dir.filePath(QLatin1String(chart.file));
            const CliRun run = runCli({"chart", ":sample", "--kind", chart.kind, "--scenario",
                                       "reserve-60", "--slide", "-o", path});
            QCOMPARE(run.exitCode, 0);
            // The footer names the scenario as people named it, not by its id.
            QVERIFY2(run.out.contains(QStringLiteral("scenario Reserve 60 % of the H100s")),
                     qPrintable(run.out));
            QVERIFY2(!run.out.contains(QStringLiteral("reserve-60")), qPrintable(run.out));
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(file.size() > 1000);
        }
        // The frontier's seeds: a whole number from 1 to 50, as simulate's.
        const CliRun seeds = runCli({"chart", ":sample", "--kind", "frontier", "--seeds", "51",
                                     "-o", dir.filePath(QStringLiteral("f.png"))});
        QCOMPARE(seeds.exitCode, 1);
        QVERIFY2(seeds.err.contains(QStringLiteral("chart: --seeds must be")),
                 qPrintable(seeds.err));
    }

    void costChartsCarryTheirFans()
    {
        // The sample has input ranges: the cost curve and both cost-per-token
        // charts carry their P10–P90 fans, as the app draws them, seeded.
        QTemporaryDir dir;
        for (const char* kind : {"cost-curve", "cost-per-token", "cost-per-training-token"}) {
            const QString path = dir.filePath(QStringLiteral("%1.svg").arg(kind));
            const CliRun run = runCli({"chart", ":sample", "--kind", kind, "-o", path});
            QCOMPARE(run.exitCode, 0);
            QVERIFY2(run.out.contains(QStringLiteral(
                         "P10–P90 fans over draws of the input ranges (seed 20261206)")),
                     qPrintable(run.out));
            QFile svg(path);
            QVERIFY(svg.open(QIODevice::ReadOnly));
            QVERIFY2(svg.readAll().contains(" draws"), kind); // the legend: P10–P90 over N draws
        }
    }

    void optimizerMixChartSolvesThenDraws_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("objective"); ///< what the footer says of it
        QTest::newRow("scenario") << QStringList{"--scenario", "reserve-60"} << QString();
        // chart, deck and workbook take solve's --objective and --time-limit.
        QTest::newRow("margin") << QStringList{"--objective", "margin", "--time-limit", "20"}
                                << QStringLiteral("plan for the most margin");
    }

    void optimizerMixChartSolvesThenDraws()
    {
        // The optimizer's plan, solved on the spot as `solve` solves it: the
        // chart's subtitle says how it was found, as `solve --json` says.
        QFETCH(QStringList, options);
        QFETCH(QString, objective);
        QTemporaryDir dir;
        const CliRun solved = runCli(QStringList{"solve", ":sample", "--json"} + options);
        QCOMPARE(solved.exitCode, 0);
        const QString status =
            QJsonDocument::fromJson(solved.out.toUtf8()).object().value("status").toString();
        // A plan either way ("feasible": CBC stopped within the relative gap).
        QVERIFY2(status == QStringLiteral("optimal") || status == QStringLiteral("feasible"),
                 qPrintable(status));
        const QString path = dir.filePath(QStringLiteral("optimizer.svg"));
        const CliRun run = runCli(
            QStringList{"chart", ":sample", "--kind", "optimizer-mix", "--slide", "-o", path} +
            options);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(run.out.contains(QStringLiteral("optimizer-mix")));
        QFile svg(path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(svg.readAll());
        QVERIFY(text.contains(QStringLiteral("regime mix: GPUs held and paid, by month")));
        QVERIFY2(text.contains(QStringLiteral("Exact solve: ") + status), "no solve status");
        QVERIFY(!text.contains(QStringLiteral("Solving")));
        QVERIFY(text.contains(QStringLiteral("Bare metal")));
        QCOMPARE(text.contains(QStringLiteral("most margin")), !objective.isEmpty());
        if (!objective.isEmpty())
            QVERIFY2(text.contains(objective), "no objective");
    }

    void optimizerOptionsAreCheckedAsSolveChecksThem()
    {
        QTemporaryDir dir;
        // The same checks and words as solve's, naming the command.
        for (const char* command : {"solve", "chart", "deck", "workbook"}) {
            const QString out = dir.filePath(
                QStringLiteral("x.") +
                (QLatin1String(command) == QLatin1String("deck")    ? QStringLiteral("pptx")
                 : QLatin1String(command) == QLatin1String("chart") ? QStringLiteral("png")
                                                                    : QStringLiteral("xlsx")));
            QStringList base{command, ":sample", "-o", out};
            if (QLatin1String(command) == QLatin1String("chart"))
                base << "--kind"
                     << "optimizer-mix";
            if (QLatin1String(command) == QLatin1String("solve"))
                base = QStringList{command, ":sample"};
            const CliRun objective = runCli(base + QStringList{"--objective", "profit"});
            QCOMPARE(objective.exitCode, 1);
            QVERIFY2(objective.err.contains(
                         QStringLiteral("fleetplanner-cli %1: --objective must be cost or margin; "
                                        "got 'profit'")
                             .arg(QLatin1String(command))),
                     qPrintable(objective.err));
            for (const char* limit : {"0", "-3", "ten", "90000"}) {
                const CliRun time = runCli(base + QStringList{"--time-limit", limit});
                QCOMPARE(time.exitCode, 1);
                QVERIFY2(time.err.contains(QStringLiteral("fleetplanner-cli %1: --time-limit")
                                               .arg(QLatin1String(command))),
                         qPrintable(time.err));
            }
            QVERIFY(!QFileInfo::exists(out));
        }
    }

    void chartIsWrittenHeadless_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QSize>("pixels");
        QTest::newRow("png 1x") << "chart.png" << QStringList{} << QSize(1280, 720);
        QTest::newRow("png 2x small")
            << "chart2x.png" << QStringList{"--width", "640", "--height", "360", "--scale", "2"}
            << QSize(1280, 720);
        QTest::newRow("svg") << "chart.svg" << QStringList{} << QSize();
    }

    void chartIsWrittenHeadless()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, extra);
        QFETCH(QSize, pixels);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        const CliRun run = runCli(QStringList{"chart", "--kind", "compute-price", "--price-book",
                                              "market-2026", "-o", path} +
                                  extra);
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(path));
        if (pixels.isValid()) {
            const QImage image(path);
            QCOMPARE(image.size(), pixels);
            // Not a blank image: bars are drawn in the theme's colours.
            int nonWhite = 0;
            for (int y = 0; y < image.height(); y += 4)
                for (int x = 0; x < image.width(); x += 4)
                    nonWhite += image.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
            QVERIFY2(nonWhite > 1000, qPrintable(QString::number(nonWhite)));
        } else {
            QFile svg(path);
            QVERIFY(svg.open(QIODevice::ReadOnly));
            const QByteArray text = svg.readAll();
            QVERIFY(text.contains("<svg"));
            QVERIFY(text.contains("USD per PFLOP-hour"));
        }
    }
};

FLEET_TEST_MAIN(TestCliCharts)
#include "test_cli_charts.moc"
