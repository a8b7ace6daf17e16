// Input ranges (issue 31, item 6): what the reader accepts and refuses, how a
// range follows its row, and the Monte Carlo's own guarantees (the same
// figures on any number of threads, the distributions it draws from).

#include "engine/evaluate.h"
#include "engine/evaluate_steps.h"
#include "engine/monte_carlo.h"
#include "engine/range_curve.h"
#include "engine/range_tornado.h"
#include "evaluation_text.h"
#include "model/project_refs.h"
#include "model/range_target.h"
#include "project_generator.h"
#include "store/project_edit.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QTemporaryDir>
#include <QtTest>

#include <boost/json.hpp>

#include <cmath>

using namespace fleet;
namespace bj = boost::json;

namespace {

/// The sample with `ranges` instead of its own, read as a file is; the error otherwise.
Result<Project> sampleWithRanges(const bj::array& ranges)
{
    bj::value document = bj::parse(sampleProjectJson());
    document.as_object()["ranges"] = ranges;
    return parseProject(bj::serialize(document), "ranges.fleetplan.json");
}

bj::object rangeOf(const char* path, double low, double likely, double high)
{
    return bj::object{{"path", path}, {"low", low}, {"likely", likely}, {"high", high}};
}

std::string refusal(const bj::array& ranges)
{
    auto project = sampleWithRanges(ranges);
    return project ? std::string("(accepted)") : project.error().toString();
}

bool mentions(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestInputRanges : public QObject
{
    Q_OBJECT

private slots:
    void theSampleCarriesRanges()
    {
        const Project sample = loadSampleProject().value();
        QCOMPARE(sample.ranges.size(), std::size_t(4));
        QCOMPARE(sample.ranges[0].path, std::string("/workloads/chat-70b/requests_per_second"));
        QVERIFY(sample.ranges[0].shape == RangeShape::Triangular);
        // Canonical: written back byte for byte.
        QCOMPARE(projectToJsonText(sample), std::string(sampleProjectJson()));
    }

    void rangesGoThroughSqlite()
    {
        QTemporaryDir dir;
        Project sample = loadSampleProject().value();
        sample.ranges[1].shape = RangeShape::Pert;
        const std::string file = dir.filePath("ranges.fleetplan").toStdString();
        QVERIFY(saveProjectFile(sample, file).ok());
        auto reopened = openProjectFile(file);
        QVERIFY2(reopened.ok(), reopened ? "" : reopened.error().toString().c_str());
        QCOMPARE(projectToJsonText(reopened.value()), projectToJsonText(sample));
    }

    void theReaderRefusesBadRanges_data()
    {
        QTest::addColumn<QString>("ranges");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, bj::array ranges, const char* expected) {
            QTest::newRow(name) << QString::fromStdString(bj::serialize(ranges))
                                << QString::fromUtf8(expected);
        };
        row("unknown row", {rangeOf("/workloads/no-such/users", 1, 2, 3)},
            "/ranges/0/path: /workloads/no-such/users names /workloads row \"no-such\", and no "
            "row has that id");
        row("unknown field", {rangeOf("/workloads/chat-70b/users", 1, 2, 3)},
            "has no numeric field \"users\"");
        row("not a number", {rangeOf("/workloads/chat-70b/precision", 1, 2, 3)},
            "\"precision\" is not a number");
        row("not an input", {rangeOf("/horizon/months", 1, 2, 3)},
            "is not an input a range may cover");
        row("low above high", {rangeOf("/workloads/chat-70b/requests_per_second", 5, 4, 3)},
            "/ranges/0/low: is 5, above high (3): low ≤ likely ≤ high");
        row("likely outside", {rangeOf("/workloads/chat-70b/requests_per_second", 1, 4, 3)},
            "/ranges/0/likely: is 4, outside low 1 … high 3");
        row("beyond the field's rule",
            {rangeOf("/workloads/pretrain-70b/efficiency", 0.3, 0.4, 1.2)},
            "/ranges/0/high: is 1.2, but pretrain-70b › efficiency must be > 0 and ≤ 1");
        row("not whole", {rangeOf("/workloads/dev-notebooks/users", 300, 420.5, 500)},
            "/ranges/0/likely: is 420.5, but dev-notebooks › users must be");
        row("twice",
            {rangeOf("/assumptions/gpu_mtbf_hours", 1e4, 2e4, 3e4),
             rangeOf("/assumptions/gpu_mtbf_hours", 1e4, 2e4, 3e4)},
            "/ranges/1/path: a second range of /assumptions/gpu_mtbf_hours");
        row("unpriced plan",
            {rangeOf("/price_books/example-2024/gpus/h100-sxm-80gb/spot/usd_per_gpu_hour", 1, 2,
                     3)},
            "which the book lacks");
        row("unknown book",
            {rangeOf("/price_books/nope/gpus/h100-sxm-80gb/on_demand/usd_per_gpu_hour", 1, 2, 3)},
            "names price book \"nope\"");
        bj::object badShape = rangeOf("/workloads/chat-70b/requests_per_second", 1, 2, 3);
        badShape["distribution"] = "normal";
        row("unknown distribution", {badShape}, "/ranges/0/distribution");
    }
    void theReaderRefusesBadRanges()
    {
        QFETCH(QString, ranges);
        QFETCH(QString, expected);
        const std::string text = refusal(bj::parse(ranges.toStdString()).as_array());
        QVERIFY2(mentions(text, expected.toStdString()), text.c_str());
    }

    void everyKindOfTargetIsAccepted()
    {
        auto project = sampleWithRanges(
            {rangeOf("/fleet/pools/h100-reserved/count", 1400, 1600, 1800),
             rangeOf("/segments/enterprise/price_usd_per_gpu_hour", 4, 4.29, 5),
             rangeOf("/assumptions/gpu_mtbf_hours", 2e4, 5e4, 8e4),
             rangeOf("/regimes/time_sliced/throughput_overhead", 0.05, 0.1, 0.2),
             rangeOf("/scheduler/utilization_ceiling/topology_aware", 0.65, 0.75, 0.85),
             rangeOf("/price_books/example-2024/gpus/h100-sxm-80gb/reserved_1y/usd_per_gpu_hour",
                     1.5, 1.89, 2.2)});
        QVERIFY2(project.ok(), project ? "" : project.error().toString().c_str());
        QCOMPARE(project.value().ranges.size(), std::size_t(6));
    }

    /// A regime's tenants per GPU is a whole number held in an int: its
    /// range draws whole numbers into that member and nothing else (it had
    /// no member pointer, and a draw wrote through a null one).
    void aRegimesTenantsPerGpuTakesWholeDraws()
    {
        auto project = sampleWithRanges({rangeOf("/regimes/mps/max_tenants_per_gpu", 4, 8, 16)});
        QVERIFY2(project.ok(), project ? "" : project.error().toString().c_str());
        Project p = project.value();
        const auto target = rangeTarget(p, "/regimes/mps/max_tenants_per_gpu");
        QVERIFY2(target.ok(), target ? "" : target.error().toString().c_str());
        QVERIFY(target.value().integer);
        const auto mps = static_cast<std::size_t>(RegimeKind::Mps);
        const Regime before = p.regimes[mps];
        QCOMPARE(target.value().get(p), double(before.maxTenantsPerGpu));
        target.value().set(p, 12.4);
        QCOMPARE(p.regimes[mps].maxTenantsPerGpu, 12);
        QVERIFY(p.regimes[mps].kind == before.kind);
        QCOMPARE(p.regimes[mps].throughputOverhead, before.throughputOverhead);
        QVERIFY(
            mentions(refusal(bj::array{rangeOf("/regimes/mps/max_tenants_per_gpu", 4, 8.5, 16)}),
                     "/ranges/0/likely: is 8.5"));
    }

    void aScenarioMayNotChangeTheRanges()
    {
        bj::value document = bj::parse(sampleProjectJson());
        document.at("scenarios")
            .as_array()[0]
            .at("overrides")
            .as_array()
            .push_back(bj::object{{"path", "/ranges"}, {"value", bj::array{}}});
        auto project = parseProject(bj::serialize(document), "p.json");
        QVERIFY(!project.ok());
        QVERIFY2(mentions(project.error().toString(),
                          "may not change the format, the scenarios or the ranges"),
                 project.error().toString().c_str());
    }

    void aRangeFollowsItsRow()
    {
        const Project sample = loadSampleProject().value();
        auto renamed = renameRow(sample, RowList::Workloads, "chat-70b", "chat-llama");
        QVERIFY(renamed.ok());
        QCOMPARE(renamed.value().ranges[0].path,
                 std::string("/workloads/chat-llama/requests_per_second"));
        QVERIFY(parseProject(projectToJsonText(renamed.value()), "r.json").ok());
        auto removed = removeRow(sample, RowList::Workloads, "chat-70b", {});
        QVERIFY2(removed.ok(), removed ? "" : removed.error().toString().c_str());
        QCOMPARE(removed.value().ranges.size(), sample.ranges.size() - 1);
        QVERIFY(parseProject(projectToJsonText(removed.value()), "r.json").ok());
        // The app's route: the whole-list edits between the two projects,
        // applied to the document and re-read. Without "/ranges" among them
        // the re-read refused the edit (a range naming a row that is gone).
        for (const Project* changed : {&renamed.value(), &removed.value()}) {
            auto applied = applyFieldEdits(sample, listEdits(sample, *changed), "r.json");
            QVERIFY2(applied.ok(), applied ? "" : applied.error().toString().c_str());
            QCOMPARE(projectToJsonText(applied.value().project), projectToJsonText(*changed));
        }
    }

    /// A project derived by clearing its lists (the tests' empty projects, the
    /// scaled samples) drops the ranges of the rows that went, and only those.
    void staleRangesAreDropped()
    {
        Project project = loadSampleProject().value();
        project.workloads.clear();
        project.scenarios.clear();
        QVERIFY(!parseProject(projectToJsonText(project), "r.json").ok());
        std::vector<std::string> workloadPaths;
        for (const InputRange& range : project.ranges)
            if (range.path.starts_with("/workloads/"))
                workloadPaths.push_back(range.path);
        const std::size_t before = project.ranges.size();
        QVERIFY(!workloadPaths.empty() && workloadPaths.size() < before);
        QCOMPARE(dropStaleRanges(project), workloadPaths);
        QCOMPARE(project.ranges.size(), before - workloadPaths.size());
        QVERIFY(parseProject(projectToJsonText(project), "r.json").ok());
        QVERIFY(dropStaleRanges(project).empty());
    }

    void theFiguresDoNotDependOnTheThreads()
    {
        const Project sample = loadSampleProject().value();
        RangeOptions options;
        options.draws = 64;
        options.seed = 7;
        options.threads = 1;
        const RangeRun one = runRanges(sample, options).value();
        options.threads = 3;
        const RangeRun three = runRanges(sample, options).value();
        QCOMPARE(three.threads, 3);
        for (std::size_t k = 0; k < one.kpis.size(); ++k) {
            QCOMPARE(one.kpis[k].band.has_value(), three.kpis[k].band.has_value());
            if (!one.kpis[k].band)
                continue;
            QCOMPARE(one.kpis[k].band->p10, three.kpis[k].band->p10);
            QCOMPARE(one.kpis[k].band->p50, three.kpis[k].band->p50);
            QCOMPARE(one.kpis[k].band->p90, three.kpis[k].band->p90);
        }
        // Another seed, other draws.
        options.seed = 8;
        const RangeRun other = runRanges(sample, options).value();
        QVERIFY(other.of(Kpi::MeanMonthlyCost)->band->p50 !=
                one.of(Kpi::MeanMonthlyCost)->band->p50);
    }

    // A draw of prices alone is priced again, not sized again (the Monte
    // Carlo's fast path): from the requirements built under the project as
    // stated, every price drawn low, likely or high gives exactly the
    // Evaluation evaluate() gives — on the sample and on generated projects
    // in both fleet modes, each rented price of its active book at once.
    void priceDrawsArePricedAgainExactly()
    {
        Project sample = loadSampleProject().value();
        std::vector<Project> projects{sample};
        testing::ProjectGenerator generator(sample, 9);
        for (int i = 0; i < 8; ++i)
            projects.push_back(generator.next());
        QVERIFY(!rangeTarget(sample, "/workloads/pretrain-70b/efficiency").value().priceOnly);
        int compared = 0;
        for (const Project& project : projects) {
            const PriceBook* book = project.activePriceBook();
            QVERIFY(book);
            std::vector<RangeTarget> prices;
            for (const GpuPrices& gpu : book->gpus)
                for (Plan plan : kAllPlans)
                    if (plan != Plan::Owned && gpu.has(plan))
                        prices.push_back(rangeTarget(project, "/price_books/" + book->id +
                                                                  "/gpus/" + gpu.gpuId + "/" +
                                                                  std::string(planKey(plan)) +
                                                                  "/usd_per_gpu_hour")
                                             .value());
            QVERIFY(!prices.empty());
            const Project naive = baselineProject(project);
            std::vector<WorkloadRequirements> built;
            for (const Workload& workload : project.workloads)
                built.push_back(workloadRequirements(project, naive, workload));
            // As a Monte Carlo thread draws: one project and one repriced
            // evaluation kept from draw to draw (nothing of the draw before
            // may stay), and each draw priced afresh too.
            Project drawn = project;
            Project drawnNaive = naive;
            RepricedEvaluation kept = startRepricing(project, built);
            for (const double factor : {0.5, 1.0, 1.7, 0.5}) {
                for (std::size_t j = 0; j < prices.size(); ++j) {
                    QVERIFY(prices[j].priceOnly);
                    // Alternate directions, so the cheapest GPU and plan change too.
                    const double price = prices[j].get(project) * (j % 2 ? factor : 1 / factor);
                    prices[j].set(drawn, price);
                    prices[j].set(drawnNaive, price);
                }
                const std::string full = fleet::test::text(evaluate(drawn));
                const QString where = QStringLiteral("%1 at ×%2")
                                          .arg(QString::fromStdString(project.name))
                                          .arg(factor);
                QVERIFY2(fleet::test::text(evaluateRepriced(drawn, built)) == full,
                         qPrintable(where));
                reprice(drawn, drawnNaive, kept);
                QVERIFY2(fleet::test::text(kept.evaluation) == full,
                         qPrintable(where + QStringLiteral(", repriced in place")));
                ++compared;
            }
        }
        QCOMPARE(compared, 36);
    }

    void theSamplesCostMovesWithItsRanges()
    {
        const Project sample = loadSampleProject().value();
        RangeOptions options;
        options.draws = 200;
        const RangeRun run = runRanges(sample, options).value();
        QCOMPARE(run.failedDraws, 0);
        const KpiRange* cost = run.of(Kpi::MeanMonthlyCost);
        QVERIFY(cost && cost->band && cost->point);
        QVERIFY(cost->band->p10 < cost->band->p50 && cost->band->p50 < cost->band->p90);
        QCOMPARE(cost->band->defined, 200);
        QCOMPARE(run.monthlyCostUsd.size(), std::size_t(sample.horizonMonths));
        // The MFU range is the one input a training token's cost depends on.
        const KpiRange* training = run.of(Kpi::CostPerTrillionTrainingTokens);
        QVERIFY(training && !training->shares.empty());
        QCOMPARE(training->shares.front().path, std::string("/workloads/pretrain-70b/efficiency"));
        QVERIFY2(training->shares.front().share > 0.9,
                 std::to_string(training->shares.front().share).c_str());
    }

    void drawsFollowTheirDistribution()
    {
        // Means of 20,000 draws: triangular (a + c + b) / 3, uniform (a + b) / 2,
        // PERT (a + 4c + b) / 6; every draw within [low, high].
        const InputRange triangular{"/x", 1, 2, 7, RangeShape::Triangular, {}};
        const InputRange uniform{"/x", 1, 2, 7, RangeShape::Uniform, {}};
        const InputRange pert{"/x", 1, 2, 7, RangeShape::Pert, {}};
        for (const auto& [range, mean] : {std::pair{triangular, 10.0 / 3.0},
                                          std::pair{uniform, 4.0}, std::pair{pert, 16.0 / 6.0}}) {
            double sum = 0, lowest = 1e9, highest = -1e9;
            const int n = 20000;
            for (int i = 0; i < n; ++i) {
                const double x = drawFromRange(range, 11, std::uint64_t(i), 0);
                sum += x;
                lowest = std::min(lowest, x);
                highest = std::max(highest, x);
            }
            QVERIFY2(std::abs(sum / n - mean) < 0.03,
                     (std::string(rangeShapeKey(range.shape)) + " mean " + std::to_string(sum / n))
                         .c_str());
            QVERIFY(lowest >= 1 && highest <= 7);
        }
    }

    void theCostCurveHasItsFan()
    {
        // Every point is the Monte Carlo of the project scaled to it, with
        // the same draws: at today's fleet (factor 1) it is the project's own run.
        const Project sample = loadSampleProject().value();
        const CostCurveData curve = costCurve(sample);
        RangeOptions options;
        options.draws = 20;
        const CostCurveBand band = costCurveBand(sample, curve, options).value();
        QCOMPARE(band.monthlyCostUsd.size(), curve.x.size());
        for (const auto& point : band.monthlyCostUsd)
            QVERIFY(point && point->p10 <= point->p50 && point->p50 <= point->p90);
        const std::size_t today = 10; // factor 0.5 + 0.05 × 10
        QCOMPARE(curve.x[today], curve.current);
        const RangeRun run = runRanges(sample, options).value();
        QCOMPARE(band.monthlyCostUsd[today]->p10, run.of(Kpi::MeanMonthlyCost)->band->p10);
        QCOMPARE(band.monthlyCostUsd[today]->p90, run.of(Kpi::MeanMonthlyCost)->band->p90);
    }

    void theCostPerTokenBarsHaveTheirFans()
    {
        // A range on the H100's on-demand price alone (the bars' prices):
        // every bar gets a band that is ordered, wider than nothing, and
        // whose P50 lies within the band's spread of the bar itself.
        Project project = loadSampleProject().value();
        std::erase_if(project.ranges, [](const InputRange& range) {
            return range.path.find("/price_books/") != 0;
        });
        QCOMPARE(project.ranges.size(), std::size_t(1));
        RangeOptions options;
        options.draws = 60;
        const ChartBands bands = chartBands(project, options).value();
        const Evaluation point = evaluate(project);
        const CostPerTokenData bars = costPerToken(project, point, WorkloadKind::Inference);
        QVERIFY(!bars.workloadIndices.empty());
        QCOMPARE(bands.outputTokens.draws, 60);
        int banded = 0;
        for (std::size_t r = 0; r < bars.regimes.size(); ++r)
            for (std::size_t c = 0; c < bars.workloadIndices.size(); ++c) {
                if (!bars.usd[r][c])
                    continue;
                const Percentiles* band =
                    bands.outputTokens.of(bars.workloadIndices[c], bars.gpuIds[c], bars.regimes[r]);
                QVERIFY(band);
                QVERIFY(band->p10 <= band->p50 && band->p50 <= band->p90);
                QVERIFY2(band->p90 > band->p10 * 1.01, bars.workloadNames[c].c_str());
                QVERIFY(std::abs(band->p50 - *bars.usd[r][c]) <= band->p90 - band->p10);
                ++banded;
            }
        QVERIFY(banded > 0);
        // The curve's band is of the curve's own x, each P50 near the curve.
        const CostCurveData curve = costCurve(project);
        QCOMPARE(bands.costCurve.x, curve.x);
        QCOMPARE(bands.costCurve.draws, kCurveBandDraws);
        for (std::size_t i = 0; i < curve.x.size(); ++i) {
            const auto& band = bands.costCurve.monthlyCostUsd[i];
            QVERIFY(band && curve.monthlyCostUsd[i]);
            QVERIFY(band->p10 <= band->p50 && band->p50 <= band->p90);
            QVERIFY(std::abs(band->p50 - *curve.monthlyCostUsd[i]) <= band->p90 - band->p10);
        }
        // Today's fleet pays its on-demand pool by the hour: the price moves
        // its cost (a fleet grown until reserved GPUs serve all may not).
        const auto& today = bands.costCurve.monthlyCostUsd[10];
        QVERIFY(today->p90 > today->p10 * 1.001);
        // The cells of a draw are the bars themselves when nothing is drawn.
        const std::vector<double> cells = costPerTokenCells(bars, point);
        QCOMPARE(cells.size(), bars.regimes.size() * bars.workloadIndices.size());
        for (std::size_t r = 0; r < bars.regimes.size(); ++r)
            for (std::size_t c = 0; c < bars.workloadIndices.size(); ++c)
                if (bars.usd[r][c])
                    QCOMPARE(cells[r * bars.workloadIndices.size() + c], *bars.usd[r][c]);
    }

    void theTornadoRanksBySharesOfTheVariance()
    {
        const Project sample = loadSampleProject().value();
        RangeOptions options;
        options.draws = 200;
        const Tornado ranked = rangeTornado(sample, Kpi::CostPerTrillionTrainingTokens, options);
        QCOMPARE(ranked.fraction, 0.0);
        QCOMPARE(ranked.bars.size(), sample.ranges.size());
        // A training token's cost moves with MFU alone.
        QCOMPARE(ranked.bars.front().key, std::string("/workloads/pretrain-70b/efficiency"));
        QVERIFY2(mentions(ranked.bars.front().label, "% of the variance"),
                 ranked.bars.front().label.c_str());
        // Lower MFU, dearer tokens.
        QVERIFY(*ranked.bars.front().low > *ranked.base &&
                *ranked.bars.front().high < *ranked.base);
    }

    void aCancelledRunSaysSo()
    {
        const Project sample = loadSampleProject().value();
        std::atomic<bool> cancel{true};
        RangeOptions options;
        options.cancel = &cancel;
        const RangeRun run = runRanges(sample, options).value();
        QVERIFY(run.cancelled);
        QVERIFY(run.kpis.empty());
    }
};

FLEET_TEST_MAIN(TestInputRanges)
#include "test_input_ranges.moc"
