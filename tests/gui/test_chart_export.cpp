// Every chart kind, built from the sample project's results, exports to a
// valid PNG (1× and 2×), SVG and PDF; the slide preset carries its footer;
// the data behind the charts is the engine's.

#include "charts/chart_export.h"
#include "charts/chart_kinds.h"
#include "compute/optimizer_plan.h"
#include "compute/plan_results.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QChart>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;

class TestChartExport : public QObject
{
    Q_OBJECT

    PlanResults m_results;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        auto project = loadSampleProject();
        QVERIFY(project);
        m_results = computePlanResults(project.value());
        m_results.frontiers =
            computeFrontiers(m_results.project, m_results.evaluation, nullptr, {}, 1); // one seed
        QCOMPARE(m_results.frontiers.size(), std::size_t(3));
        // A small cluster replayed under three packing policies.
        std::vector<pack::Node> nodes;
        for (int i = 0; i < 6; ++i)
            nodes.push_back({"n" + std::to_string(i), 64000, 262144, 4, "T4"});
        std::vector<pack::Pod> pods;
        for (int i = 0; i < 40; ++i)
            pods.push_back({"p" + std::to_string(i), 2000, 4096, 1, i % 2 ? 600 : 300, {}});
        m_results.packing = std::make_shared<const PackingReport>(replayPolicies(
            nodes, pods, {pack::Policy::Random, pack::Policy::BestFit, pack::Policy::Fgd}, 2, 1.3,
            QStringLiteral("pods on nodes")));
        QCOMPARE(m_results.packing->policies.size(), std::size_t(3));
        // The optimizer's plan (unsolved, its chart would only say "Solving").
        solveOptimizerPlan(m_results);
        QVERIFY(m_results.optimizer);
        QVERIFY(m_dir.isValid());
    }

    void chartDataIsTheEngines()
    {
        // Regime mix: the one count of GPUs (engine/gpu_counts.h), the GPUs
        // paid in month 1: held by regime plus those paid but not held.
        const double month1 = m_results.evaluation.gpus.months.front().paid;
        double stacked = 0;
        for (const auto& regime : m_results.regimeMix.gpus)
            stacked += regime.front();
        QVERIFY2(std::abs(stacked - month1) < 1e-9 * std::max(1.0, month1),
                 qPrintable(QString::number(stacked) + " vs " + QString::number(month1)));
        // Scenarios: the baseline first, then one per scenario of the project.
        QCOMPARE(m_results.scenarios.size(), m_results.project.scenarios.size() + 1);
        QCOMPARE(m_results.scenarios.front().kpis.meanMonthlyCostUsd,
                 m_results.evaluation.kpis.meanMonthlyCostUsd);
        // Break-even of the 2024 book's H100: 1.89 / 2.99.
        bool found = false;
        for (const BreakEvenLine& line : m_results.breakEven.lines)
            if (line.plan == Plan::Reserved1y) {
                QVERIFY(line.breakEvenUtilization);
                QVERIFY(std::abs(*line.breakEvenUtilization - 1.89 / 2.99) < 1e-9);
                found = true;
            }
        QVERIFY(found);
        // Cost per output token: every inference workload has a group.
        int inference = 0;
        for (const Workload& w : m_results.project.workloads)
            inference += w.kind() == WorkloadKind::Inference ? 1 : 0;
        QCOMPARE(int(m_results.costPerOutputToken.workloadNames.size()), inference);
    }

    void everyKindExports_data()
    {
        QTest::addColumn<int>("kind");
        for (ChartKind kind : allChartKinds())
            QTest::newRow(qPrintable(chartKindKey(kind))) << int(kind);
    }

    void everyKindExports()
    {
        QFETCH(int, kind);
        std::unique_ptr<QChart> chart(createChart(ChartKind(kind), m_results));
        QVERIFY(!chart->title().isEmpty());
        QVERIFY(!chart->series().isEmpty());
        QVERIFY(chart->axes(Qt::Horizontal).size() >= 1 && chart->axes(Qt::Vertical).size() >= 1);
        for (QAbstractAxis* axis : chart->axes())
            QVERIFY2(!axis->titleText().isEmpty() ||
                         axis->type() == QAbstractAxis::AxisTypeBarCategory,
                     "a value axis without its unit");
        const QString base = m_dir.filePath(chartKindKey(ChartKind(kind)));
        ExportOptions options;
        options.footer = chartFooter(m_results);
        QString error;
        for (qreal scale : {1.0, 2.0}) {
            options.scale = scale;
            const QString png = base + QStringLiteral("-%1x.png").arg(scale);
            QVERIFY2(exportChart(chart.get(), png, ChartFormat::Png, options, &error),
                     qPrintable(error));
            QImage image(png);
            QCOMPARE(image.size(), QSize(1280, 720) * scale);
            // Something was drawn: not a blank page.
            QSet<QRgb> colours;
            for (int y = 0; y < image.height(); y += 7)
                for (int x = 0; x < image.width(); x += 7)
                    colours.insert(image.pixel(x, y));
            QVERIFY(colours.size() > 5);
        }
        QVERIFY(exportChart(chart.get(), base + ".svg", ChartFormat::Svg, options, &error));
        QSvgRenderer svg(base + ".svg");
        QVERIFY(svg.isValid());
        QFile svgFile(base + ".svg");
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QVERIFY(svgFile.readAll().contains("Sample AI cloud"));
        options.slide = true;
        QVERIFY(exportChart(chart.get(), base + ".pdf", ChartFormat::Pdf, options, &error));
        QFile pdf(base + ".pdf");
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        // One page the chart's size, in points.
        QVERIFY(QRegularExpression(QStringLiteral(R"(/MediaBox \[0 0 1280(\.0+)? 720(\.0+)?\])"))
                    .match(QString::fromLatin1(bytes))
                    .hasMatch());
    }

    void unwritablePathIsAnErrorAndNothingIsLeft()
    {
        std::unique_ptr<QChart> chart(createChart(ChartKind::Tornado, m_results));
        QString error;
        const QString path = m_dir.filePath(QStringLiteral("missing/dir/chart.png"));
        QVERIFY(!exportChart(chart.get(), path, ChartFormat::Png, ExportOptions{}, &error));
        QVERIFY(error.contains(QStringLiteral("cannot be written")));
        QVERIFY(!QFile::exists(path));
    }
};

FLEET_TEST_MAIN(TestChartExport)
#include "test_chart_export.moc"
