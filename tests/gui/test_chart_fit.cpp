// Charts that fit a slide: every chart kind, with and without the slide
// preset, at 1920×1080, 1280×720 and 960×540, of projects with long names,
// 1 and 30 workloads, 1 and 60 months, exported to SVG: no text is cut ("…"
// or "...") and no number is in scientific notation. Category labels that
// cannot be read under the bars turn the bars on their side, for that size
// only. The tornado's default KPI moves in a fixed fleet and names the
// inputs it leaves out. Value axes never repeat a label (nor write "nan");
// a chart with nothing to draw (new empty projects, a workload asking for
// nothing, not simulated, not solved) says why instead of drawing axes.

#include "charts/band_style.h"
#include "charts/chart_export.h"
#include "charts/chart_fit.h"
#include "charts/chart_kinds.h"
#include "charts/chart_style.h"
#include "charts/empty_chart.h"
#include "charts/tornado_chart.h"
#include "compute/optimizer_plan.h"
#include "compute/plan_results.h"
#include "store/project_json.h"
#include "store/project_templates.h"
#include "support/fleet_test.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QValueAxis>
#include <QtTest>

#include <cmath>
#include <memory>
#include <vector>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// The sample with `workloads` workloads (its own, renamed long, repeated)
/// over `months` months.
Project variant(const Project& sample, int workloads, int months)
{
    Project project = sample;
    project.name = "A fleet plan for the enterprise inference and training platform in Europe";
    project.horizonMonths = months;
    std::vector<Workload> all;
    for (int i = 0; i < workloads; ++i) {
        // The inference workloads first, so a project of one has a token chart.
        Workload w = sample.workloads[std::size_t(3 + i) % sample.workloads.size()];
        w.id += "-" + std::to_string(i);
        w.name = "Retail banking support assistant, region " + std::to_string(i + 1) + " (" +
                 w.name + ")";
        w.startMonth = 1;
        w.endMonth = 0;
        all.push_back(std::move(w));
    }
    project.workloads = std::move(all);
    for (Scenario& s : project.scenarios)
        s.name += " with a much longer name than anyone should give a scenario";
    return project;
}

/// The texts an SVG file draws.
QStringList svgTexts(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {QStringLiteral("<unreadable %1>").arg(path)};
    const QString svg = QString::fromUtf8(file.readAll());
    QStringList texts;
    static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
    for (auto match = text.globalMatch(svg); match.hasNext();)
        texts << QTextDocumentFragment::fromHtml(match.next().captured(1)).toPlainText().trimmed();
    return texts;
}

} // namespace

class TestChartFit : public QObject
{
    Q_OBJECT

    Project m_sample;
    std::vector<std::pair<QString, PlanResults>> m_projects;
    QTemporaryDir m_dir;

    /// Rows of every project and chart kind (packing: no trace replayed, so
    /// its empty state).
    void everyProjectAndKind()
    {
        QTest::addColumn<int>("project");
        QTest::addColumn<int>("kind");
        for (std::size_t p = 0; p < m_projects.size(); ++p)
            for (ChartKind kind : allChartKinds())
                QTest::newRow(qPrintable(m_projects[p].first + "/" + chartKindKey(kind)))
                    << int(p) << int(kind);
    }

    /// The chart of the current row's kind and project.
    QChart* rowChart()
    {
        QFETCH(int, project);
        QFETCH(int, kind);
        return createChart(ChartKind(kind), m_projects[std::size_t(project)].second);
    }

    void addSolved(const QString& name, const Project& project)
    {
        PlanResults results = computePlanResults(project, {}, defaultTornadoKpi(project));
        results.frontiers = computeFrontiers(results.project, results.evaluation, nullptr, {}, 1);
        solveOptimizerPlan(results);
        m_projects.emplace_back(name, std::move(results));
    }

    /// Writes `chart` at half a slide where a person reviews it: FILE.png in the build's tests.
    static bool writeForReview(QChart* chart, const PlanResults& results, const QString& file,
                               QString* error)
    {
        ExportOptions options;
        options.size = QSize(960, 540);
        options.slide = true;
        options.footer = chartFooter(results);
        return exportChart(chart, QStringLiteral(FLEET_BINARY_DIR "/%1.png").arg(file),
                           ChartFormat::Png, options, error);
    }

    static bool reviewShot(const char* tag)
    {
        // Written where a person reviews them.
        return QByteArray(tag).startsWith("empty-fixed/") || QByteArray(tag).startsWith("one-");
    }

private slots:
    void initTestCase()
    {
        auto sample = loadSampleProject();
        QVERIFY(sample);
        m_sample = sample.value();
        QVERIFY(m_dir.isValid());
        PlanResults base = computePlanResults(m_sample, {}, defaultTornadoKpi(m_sample));
        base.frontiers = computeFrontiers(base.project, base.evaluation, nullptr, {}, 1);
        solveOptimizerPlan(base); // the others' optimizer chart: no plan yet, its title only
        m_projects.emplace_back(QStringLiteral("sample"), std::move(base));
        for (int workloads : {1, 30})
            for (int months : {1, 60}) {
                const Project project = variant(m_sample, workloads, months);
                m_projects.emplace_back(
                    QStringLiteral("w%1-m%2").arg(workloads).arg(months),
                    computePlanResults(project, {}, defaultTornadoKpi(project)));
            }
        // Nothing to draw: a new project (File → New, "empty"; `new -o F`), in
        // a fixed and a sized fleet, and the sample cut to one workload that
        // asks for nothing; simulated and solved, as `chart --all` draws them.
        for (FleetMode mode : {FleetMode::Fixed, FleetMode::Size}) {
            NewProjectSettings settings;
            settings.startMonth = "2027-01";
            settings.mode = mode;
            auto empty = emptyProject(settings);
            QVERIFY(empty);
            addSolved(mode == FleetMode::Fixed ? QStringLiteral("empty-fixed")
                                               : QStringLiteral("empty-sized"),
                      empty.value());
        }
        for (WorkloadKind kind : {WorkloadKind::Inference, WorkloadKind::Notebooks}) {
            Project one = m_sample;
            const auto it = std::find_if(one.workloads.begin(), one.workloads.end(),
                                         [kind](const Workload& w) { return w.kind() == kind; });
            QVERIFY(it != one.workloads.end());
            Workload idle = *it;
            if (auto* inference = std::get_if<InferenceSpec>(&idle.spec))
                inference->requestsPerSecond = 0;
            if (auto* notebooks = std::get_if<NotebookSpec>(&idle.spec))
                notebooks->users = 0;
            one.workloads = {idle};
            one.scenarios.clear();
            addSolved(kind == WorkloadKind::Inference ? QStringLiteral("one-no-requests")
                                                      : QStringLiteral("one-no-users"),
                      one);
            if (auto* notebooks = std::get_if<NotebookSpec>(&one.workloads[0].spec)) {
                // A tiny range: one user holds a fraction of a GPU (0 to 0.3).
                notebooks->users = 1;
                addSolved(QStringLiteral("one-user"), one);
            }
        }
    }

    void nothingIsCutAtAnySize_data() { everyProjectAndKind(); }

    void nothingIsCutAtAnySize()
    {
        QFETCH(int, project);
        QFETCH(int, kind);
        const PlanResults& results = m_projects[std::size_t(project)].second;
        std::unique_ptr<QChart> chart(createChart(ChartKind(kind), results));
        static const QRegularExpression scientific(QStringLiteral("\\d[eE][+-]?\\d"));
        for (bool slide : {true, false})
            for (QSize size : {QSize(1920, 1080), QSize(1280, 720), QSize(960, 540)}) {
                ExportOptions options;
                options.size = size;
                options.slide = slide;
                options.footer = chartFooter(results);
                const QString path = m_dir.filePath(
                    QStringLiteral("%1-%2-%3x%4%5.svg")
                        .arg(m_projects[std::size_t(project)].first, chartKindKey(ChartKind(kind)))
                        .arg(size.width())
                        .arg(size.height())
                        .arg(slide ? "-slide" : ""));
                QString error;
                QVERIFY2(exportChart(chart.get(), path, ChartFormat::Svg, options, &error),
                         qPrintable(error));
                const QStringList texts = svgTexts(path);
                // A title, a footer and axis labels; or, with nothing to draw, its reason.
                QVERIFY(texts.size() > (emptyChartMessage(chart.get()).isEmpty() ? 3 : 2));
                for (const QString& text : texts) {
                    QVERIFY2(!text.contains(QStringLiteral("...")) && !text.contains(QChar(0x2026)),
                             qPrintable(QStringLiteral("cut at %1×%2%3: %4")
                                            .arg(size.width())
                                            .arg(size.height())
                                            .arg(slide ? " (slide)" : "", text)));
                    QVERIFY2(!scientific.match(text).hasMatch(),
                             qPrintable(QStringLiteral("scientific notation: %1").arg(text)));
                }
            }
        // The chart is as it was after fitting and painting (it may be drawn again).
        std::unique_ptr<QChart> fresh(createChart(ChartKind(kind), results));
        QCOMPARE(chart->title(), fresh->title());
        QCOMPARE(chart->series().size(), fresh->series().size());
        for (qsizetype i = 0; i < chart->series().size(); ++i)
            QCOMPARE(chart->series()[i]->type(), fresh->series()[i]->type());
    }

    void valueAxesNeverRepeatALabel_data() { everyProjectAndKind(); }

    void valueAxesNeverRepeatALabel()
    {
        // A value axis draws tickCount labels evenly from min to max in its
        // format (Qt's fixed ticks), or one every interval from its anchor
        // (dynamic ticks: the frontier's 0 … 100 % on an axis a little
        // wider): "1, 1, 1, 0, 0, 0" over 0..1 is read as broken; so are
        // "nan" and "inf".
        std::unique_ptr<QChart> chart(rowChart());
        for (QAbstractAxis* axis : chart->axes()) {
            auto* values = qobject_cast<QValueAxis*>(axis);
            if (!values || qobject_cast<QCategoryAxis*>(axis)) // months: labels of their own
                continue;
            QVERIFY2(std::isfinite(values->min()) && std::isfinite(values->max()) &&
                         values->max() > values->min(),
                     qPrintable(values->titleText()));
            std::vector<double> ticks;
            if (values->tickType() == QValueAxis::TicksDynamic) {
                QVERIFY(values->tickInterval() > 0);
                const double interval = values->tickInterval();
                for (double at =
                         values->tickAnchor() +
                         std::ceil((values->min() - values->tickAnchor()) / interval) * interval;
                     at <= values->max() + 1e-9; at += interval)
                    ticks.push_back(at);
            } else {
                QVERIFY(values->tickCount() >= 2);
                const double step = (values->max() - values->min()) / (values->tickCount() - 1);
                for (int i = 0; i < values->tickCount(); ++i)
                    ticks.push_back(values->min() + i * step);
            }
            QVERIFY(ticks.size() >= 2);
            QStringList labels;
            for (const double at : ticks)
                labels << QString::asprintf(values->labelFormat().toLatin1().constData(), at);
            const QString said = values->titleText() + QStringLiteral(": ") + labels.join(", ");
            QVERIFY2(QSet<QString>(labels.begin(), labels.end()).size() == labels.size(),
                     qPrintable(said));
            for (const QString& label : labels) {
                bool number = false;
                QVERIFY2(std::isfinite(label.toDouble(&number)) && number, qPrintable(said));
            }
            if (QTest::currentDataTag() == QLatin1String("one-user/regime-mix"))
                qInfo() << said;
        }
    }

    void tickDecimalsFollowTheInterval()
    {
        QCOMPARE(tickDecimals(0, 1, 6, 0), 1);   // 0, 0.2, …, 1
        QCOMPARE(tickDecimals(0, 1, 5, 0), 2);   // 0, 0.25, …
        QCOMPARE(tickDecimals(0, 100, 6, 0), 0); // 0, 20, …
        QCOMPARE(tickDecimals(0, 100, 6, 2), 2); // never fewer than asked
        QCOMPARE(tickDecimals(-0.3, 0.3, 7, 0), 1);
        QCOMPARE(tickDecimals(0, 1e-9, 2, 0), 6); // at most six
        std::unique_ptr<QValueAxis> axis(valueAxis(QStringLiteral("GPUs"), 0, 0));
        QCOMPARE(axis->min(), 0.0);
        QCOMPARE(axis->max(), 1.0);
        QVERIFY(axis->labelFormat() != QStringLiteral("%.0f"));
    }

    void nothingToDrawSaysWhy_data()
    {
        QTest::addColumn<int>("project");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("why"); ///< in the message; empty: not an empty chart
        const auto row = [&](const char* project, ChartKind kind, const QString& why) {
            for (std::size_t p = 0; p < m_projects.size(); ++p)
                if (m_projects[p].first == QLatin1String(project))
                    QTest::newRow(
                        qPrintable(QStringLiteral("%1/%2").arg(project, chartKindKey(kind))))
                        << int(p) << int(kind) << why;
        };
        for (const char* empty : {"empty-fixed", "empty-sized"})
            for (ChartKind kind : allChartKinds())
                row(empty, kind,
                    kind == ChartKind::ComputePrice ? QString()
                    : kind == ChartKind::Packing    ? QStringLiteral("No trace replayed yet")
                    : kind == ChartKind::BreakEven && QLatin1String(empty) == "empty-fixed"
                        ? QStringLiteral("No GPUs in the fleet yet: add a pool on the Fleet page")
                        : noWorkloadsMessage());
        row("one-no-requests", ChartKind::CostPerToken,
            QStringLiteral("No inference workload serves any requests yet"));
        row("one-no-requests", ChartKind::CostPerTrainingToken,
            QStringLiteral("No training workload trains any tokens yet"));
        row("one-no-users", ChartKind::CostPerToken,
            QStringLiteral("No inference workload serves any requests yet"));
        row("w1-m1", ChartKind::Frontier, QStringLiteral("Not simulated yet"));
        row("sample", ChartKind::Frontier, QString());
        row("one-user", ChartKind::RegimeMix, QString());
        row("sample", ChartKind::OptimizerMix, QString());
        row("w1-m1", ChartKind::OptimizerMix, QStringLiteral("Solving"));
    }

    void nothingToDrawSaysWhy()
    {
        // The chart's title and one centred line saying why: no axes, no
        // series, no legend; exported, the line is drawn.
        QFETCH(int, project);
        QFETCH(int, kind);
        QFETCH(QString, why);
        const PlanResults& results = m_projects[std::size_t(project)].second;
        std::unique_ptr<QChart> chart(createChart(ChartKind(kind), results));
        const QString message = emptyChartMessage(chart.get());
        if (why.isEmpty()) {
            QVERIFY2(message.isEmpty(), qPrintable(message));
            QVERIFY(!chart->series().isEmpty());
            return;
        }
        QVERIFY2(message.startsWith(why), qPrintable(message));
        QVERIFY(chart->axes().isEmpty());
        QVERIFY(chart->series().isEmpty());
        QVERIFY(!chart->legend()->isVisible());
        QVERIFY(chart->property(kTitleProperty).toString().size() > 3);
        for (bool slide : {true, false}) {
            ExportOptions options;
            options.size = QSize(1280, 720);
            options.slide = slide;
            options.footer = chartFooter(results);
            const QString path =
                m_dir.filePath(QStringLiteral("why-%1-%2.svg").arg(project).arg(kind));
            QString error;
            QVERIFY2(exportChart(chart.get(), path, ChartFormat::Svg, options, &error),
                     qPrintable(error));
            const QString drawn = svgTexts(path).join(QLatin1Char(' '));
            // The first words of the line (a long one wraps over several texts).
            QVERIFY2(drawn.contains(why.section(QLatin1Char(' '), 0, 2)), qPrintable(drawn));
            static const QRegularExpression broken(QStringLiteral("\\b(nan|inf)\\b"),
                                                   QRegularExpression::CaseInsensitiveOption);
            QVERIFY2(!broken.match(drawn).hasMatch(), qPrintable(drawn));
        }
        if (reviewShot(QTest::currentDataTag())) {
            QString error;
            QVERIFY2(writeForReview(chart.get(), results,
                                    QStringLiteral("chart_empty_%1")
                                        .arg(QString::fromLatin1(QTest::currentDataTag())
                                                 .replace(QLatin1Char('/'), QLatin1Char('_'))),
                                    &error),
                     qPrintable(error));
        }
    }

    void unreadableCategoriesTurnTheBars_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QSizeF>("size");
        QTest::addColumn<qreal>("smallestPt");
        // The chart of a deck's slide (1280 × 620) and of half a slide, less
        // the footer's band; the smallest type the labels may take at each.
        // (The training chart's names stand upright at a deck's size: read.)
        QTest::newRow("cost-per-token/deck")
            << int(ChartKind::CostPerToken) << QSizeF(1280, 620) << 8.0;
        for (ChartKind kind : {ChartKind::CostPerToken, ChartKind::CostPerTrainingToken})
            QTest::newRow(qPrintable(chartKindKey(kind) + "/half"))
                << int(kind) << QSizeF(960, 500) << 6.0;
    }

    void unreadableCategoriesTurnTheBars()
    {
        // Thirty workloads with long names (the twelve largest drawn): under
        // the bars their names would stand upright in 5-point type; the bars
        // turn on their side instead, every name whole and across, none over
        // another.
        QFETCH(int, kind);
        QFETCH(QSizeF, size);
        QFETCH(qreal, smallestPt);
        const PlanResults& many = m_projects[3].second; // w30-m1
        QGraphicsScene scene; // before the chart: a chart left in it is the scene's
        std::unique_ptr<QChart> chart(createChart(ChartKind(kind), many));
        applySlidePreset(chart.get());
        auto* built = qobject_cast<QAbstractBarSeries*>(chart->series().front());
        QVERIFY(built);
        const QList<QBarSet*> sets = built->barSets();
        QList<QColor> colors;
        QList<QList<qreal>> values;
        for (QBarSet* set : sets) { // color() is not const in Qt 6.4
            colors << set->color();
            values << QList<qreal>();
            for (int i = 0; i < set->count(); ++i)
                values.back() << set->at(i);
        }
        const QStringList names =
            qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Horizontal).front())->categories();
        scene.addItem(chart.get());
        scene.setSceneRect(QRectF(QPointF(0, 0), size));
        FitUndo undo = fitChart(chart.get(), &scene, size);

        // One bar series (and, the project having input ranges, the hidden
        // legend line saying their fan is being computed: band_style.h).
        QList<QAbstractSeries*> plotted = chart->series();
        plotted.removeIf([](QAbstractSeries* series) { return belongsToBand(series); });
        QCOMPARE(plotted.size(), 1);
        auto* turned = qobject_cast<QAbstractBarSeries*>(plotted.front());
        QCOMPARE(turned->type(), QAbstractSeries::SeriesTypeHorizontalBar);
        QCOMPARE(turned->barSets(), sets); // the same bars, in their colours
        for (qsizetype i = 0; i < sets.size(); ++i)
            QCOMPARE(sets[i]->color(), colors[i]);
        auto* labels = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Vertical).front());
        QVERIFY(labels);
        QCOMPARE(labels->labelsAngle(), 0);
        // The first on top: listed bottom up while turned, values alike.
        QCOMPARE(
            QTextDocumentFragment::fromHtml(labels->categories().back()).toPlainText().simplified(),
            names.front().simplified());
        QCOMPARE(sets.front()->at(sets.front()->count() - 1), values.front().front());
        QVERIFY2(labels->labelsFont().pointSizeF() >= smallestPt,
                 qPrintable(QString::number(labels->labelsFont().pointSizeF())));
        QVERIFY2(cutTexts(&scene).isEmpty(), qPrintable(cutTexts(&scene).join(" | ")));
        // Each name drawn whole, on its own: no two label boxes overlap.
        QList<QRectF> boxes;
        for (const QGraphicsItem* item : scene.items()) {
            const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
            if (!text || !text->isVisible())
                continue;
            const QString drawn = text->toPlainText().simplified();
            for (const QString& name : names)
                if (!drawn.isEmpty() &&
                    QTextDocumentFragment::fromHtml(name).toPlainText().simplified() == drawn)
                    boxes << text->sceneBoundingRect().adjusted(4, 4, -4, -4); // less margins
        }
        QCOMPARE(boxes.size(), names.size());
        for (qsizetype a = 0; a < boxes.size(); ++a)
            for (qsizetype b = a + 1; b < boxes.size(); ++b)
                QVERIFY2(!boxes[a].intersects(boxes[b]), qPrintable(names[a] + " / " + names[b]));

        // Put back as built: bars upright, names under them, same bars.
        undo.restore();
        auto* back = qobject_cast<QAbstractBarSeries*>(chart->series().front());
        QCOMPARE(back, built);
        QCOMPARE(back->type(), QAbstractSeries::SeriesTypeBar);
        QCOMPARE(back->barSets(), sets);
        auto* under = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Horizontal).front());
        QVERIFY(under);
        QCOMPARE(under->categories(), names);
        for (qsizetype i = 0; i < sets.size(); ++i)
            for (int v = 0; v < sets[i]->count(); ++v)
                QCOMPARE(sets[i]->at(v), values[i][v]);
        QCOMPARE(chart->axes(Qt::Vertical).size(), 1);
        QVERIFY(qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).front()));
        scene.removeItem(chart.get());
    }

    void readableCategoriesStayUnderTheBars()
    {
        // The sample's four workloads at a full slide: wrapped, not turned.
        QGraphicsScene scene;
        std::unique_ptr<QChart> chart(createChart(ChartKind::CostPerToken, m_projects[0].second));
        applySlidePreset(chart.get());
        scene.addItem(chart.get());
        FitUndo undo = fitChart(chart.get(), &scene, QSizeF(1280, 660));
        QCOMPARE(chart->series().front()->type(), QAbstractSeries::SeriesTypeBar);
        QVERIFY(cutTexts(&scene).isEmpty());
        undo.restore();
        scene.removeItem(chart.get());
    }

    void lookAtSome()
    {
        // Written where a person reviews them: the hardest cases at half a slide.
        for (const auto& [name, results] : m_projects)
            for (ChartKind kind :
                 {ChartKind::CostPerToken, ChartKind::CostPerTrainingToken, ChartKind::RegimeMix,
                  ChartKind::Tornado, ChartKind::Scenarios}) {
                std::unique_ptr<QChart> chart(createChart(kind, results));
                QString error;
                QVERIFY2(
                    writeForReview(chart.get(), results,
                                   QStringLiteral("chart_fit_%1_%2").arg(name, chartKindKey(kind)),
                                   &error),
                    qPrintable(error));
            }
    }

    void monthsReadLikeMonths()
    {
        std::unique_ptr<QChart> chart(createChart(ChartKind::RegimeMix, m_projects[0].second));
        auto* axis = qobject_cast<QCategoryAxis*>(chart->axes(Qt::Horizontal).front());
        QVERIFY(axis);
        QCOMPARE(axis->categoriesLabels().front(), QStringLiteral("Jan 27"));
        QCOMPARE(monthLabel("2027-12"), QStringLiteral("Dec 27"));
        QCOMPARE(monthLabel("M3"), QStringLiteral("M3"));
        // 60 months: a label every 6th, so none is cut.
        std::unique_ptr<QChart> longer(createChart(ChartKind::RegimeMix, m_projects[2].second));
        auto* sixty = qobject_cast<QCategoryAxis*>(longer->axes(Qt::Horizontal).front());
        QCOMPARE(sixty->count(), 10);
        QCOMPARE(sixty->categoriesLabels().at(1), QStringLiteral("Jul 27"));
    }

    void tornadoDefaultMovesInAFixedFleet()
    {
        QCOMPARE(m_sample.fleet.mode, FleetMode::Fixed);
        QCOMPARE(defaultTornadoKpi(m_sample), Kpi::CostPerMillionOutputTokens);
        Project sized = m_sample;
        sized.fleet.mode = FleetMode::Size;
        QCOMPARE(defaultTornadoKpi(sized), Kpi::MeanMonthlyCost);
        const Tornado& tornado = m_projects[0].second.tornado;
        QCOMPARE(tornado.kpi, Kpi::CostPerMillionOutputTokens);
        std::unique_ptr<QChart> chart(createChart(ChartKind::Tornado, m_projects[0].second));
        auto* labels = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Vertical).front());
        QVERIFY(labels);
        const QString subtitle = chart->property(kSubtitleProperty).toString();
        int moving = 0;
        for (const TornadoBar& bar : tornado.bars) {
            const bool still = bar.swing() <= 1e-9 * std::max(1.0, std::abs(*tornado.base));
            moving += still ? 0 : 1;
            // A bar for every input that moves it; the others named, not drawn.
            QCOMPARE(labels->categories().contains(QString::fromStdString(bar.label)), !still);
            QCOMPARE(subtitle.contains(QString::fromStdString(bar.label)), still);
        }
        QVERIFY(moving >= 2);
        QCOMPARE(labels->count(), moving);
    }

    void valueLabelsHaveSeparatorsNotExponents()
    {
        QCOMPARE(chartLocale().toString(1090.4, 'g', 4), QStringLiteral("1,090"));
        std::unique_ptr<QChart> chart(
            createChart(ChartKind::CostPerTrainingToken, m_projects[0].second));
        auto* series = qobject_cast<QAbstractBarSeries*>(chart->series().front());
        QVERIFY(series);
        double top = 0;
        for (const QBarSet* set : series->barSets())
            for (int i = 0; i < set->count(); ++i)
                top = std::max(top, set->at(i));
        // The precision covers the whole part, so %g never turns to an exponent.
        QVERIFY(series->labelsPrecision() >= int(std::floor(std::log10(top))) + 1);
        QVERIFY(!chartLocale().toString(top, 'g', series->labelsPrecision()).contains('e'));
    }
};

FLEET_TEST_MAIN(TestChartFit)
#include "test_chart_fit.moc"
