// The LP relaxation by column generation (optimize/column_generation) against
// CLP on the whole model: on customer-sized projects (the sample's workloads
// repeated and scaled, as scripts/scaled_project.py makes them) both end at
// the same optimum, the column-generation values satisfy every row of the
// model, and an infeasible fleet is infeasible either way.

#include "optimize/column_generation.h"
#include "optimize/regime_mix.h"
#include "optimize/regime_mix_model.h"
#include "optimize/rounding.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>
#include <string>

using namespace fleet;

namespace {

/// The sample's workloads repeated to `count`, each copy's demand scaled by
/// a factor in [0.5, 2] ÷ (count ÷ 8) and its segment drawn from the three
/// (scripts/scaled_project.py's rule); `mode` "size" drops the pools, and
/// `fleetGpus` (fixed mode) sets the first pool's count, `months` the horizon.
Result<Project> repeatedSample(int count, const std::string& mode, int fleetGpus = -1,
                               int months = 0)
{
    namespace bj = boost::json;
    bj::value document = bj::parse(sampleProjectJson());
    bj::object& root = document.as_object();
    const bj::array sample = root["workloads"].as_array();
    const char* segments[] = {"early-stage", "mid-stage", "enterprise"};
    std::mt19937 random(7);
    std::uniform_real_distribution<double> uniform(0.5, 2.0);
    const double share = std::max(1.0, count / double(sample.size()));
    bj::array workloads;
    for (int i = 0; i < count; ++i) {
        bj::object w = sample[std::size_t(i) % sample.size()].as_object();
        w["id"] = std::string(w["id"].as_string()) + "-" + std::to_string(i);
        w["name"] = std::string(w["name"].as_string()) + " #" + std::to_string(i);
        w.erase("note");
        w.erase("choice");
        w["segment"] = segments[random() % 3];
        const std::string kind(w["kind"].as_string());
        const std::string key = kind == "training"    ? "tokens_per_run"
                                : kind == "batch"     ? "gpu_hours_per_month"
                                : kind == "inference" ? "requests_per_second"
                                                      : "users";
        const double factor = uniform(random) / share;
        double value = bj::value_to<double>(w[key]) * factor;
        if (kind == "notebooks")
            value = std::max(1.0, std::round(value));
        if (kind == "training") {
            const double gpus = bj::value_to<double>(w["gpus_per_job"]);
            w["gpus_per_job"] = std::max(64.0, std::min(gpus, 8 * std::round(gpus * factor / 8)));
        }
        w[key] = value;
        workloads.push_back(std::move(w));
    }
    root["workloads"] = std::move(workloads);
    root["scenarios"] = bj::array{};
    // The sample's input ranges name rows by id: those of the renamed
    // workloads (and of the pools, when they go) go too; a price's stays.
    bj::array ranges;
    for (const bj::value& range : root["ranges"].as_array()) {
        const std::string_view path = range.at("path").as_string();
        if (!path.starts_with("/workloads/") &&
            !(mode == "size" && path.starts_with("/fleet/pools/")))
            ranges.push_back(range);
    }
    root["ranges"] = std::move(ranges);
    if (months > 0)
        root["horizon"].as_object()["months"] = months;
    bj::object& fleet = root["fleet"].as_object();
    fleet["mode"] = mode;
    if (mode == "size")
        fleet["pools"] = bj::array{};
    else if (fleetGpus >= 0)
        fleet["pools"].as_array()[0].as_object()["count"] = fleetGpus;
    return parseProject(bj::serialize(document), "scaled-sample.json");
}

/// Both ways to the LP: the same status and, when optimal, the same value;
/// the column-generation values a point of the whole model's LP.
void expectSameLp(const Project& project, Objective objective)
{
    const Model model = buildRegimeMixModel(project, objective);
    QVERIFY2(model.milp.columns.size() > kColumnGenerationAbove,
             qPrintable(QStringLiteral("%1 columns").arg(model.milp.columns.size())));
    QVERIFY2(usesColumnGeneration(model, model.milp),
             "the master would not be much smaller than the LP: the two ways are one");
    SolveOptions options;
    options.relaxation = true;
    const auto whole = solveMilp(model.milp, options);
    const auto generated = solveRelaxation(model, model.milp, options);
    QVERIFY2(whole.ok(), whole.ok() ? "" : whole.error().toString().c_str());
    QVERIFY2(generated.ok(), generated.ok() ? "" : generated.error().toString().c_str());
    QCOMPARE(int(generated.value().status), int(whole.value().status));
    if (whole.value().status != SolveStatus::Optimal)
        return;
    const double a = whole.value().objective, b = generated.value().objective;
    QVERIFY2(std::abs(a - b) <= 1e-7 * std::max(1.0, std::abs(a)),
             qPrintable(QStringLiteral("whole LP %1, column generation %2")
                            .arg(a, 0, 'f', 4)
                            .arg(b, 0, 'f', 4)));
    QCOMPARE(generated.value().values.size(), model.milp.columns.size());
    QCOMPARE(generated.value().reducedCosts.size(), model.milp.columns.size());
    QVERIFY(satisfies(model.milp, generated.value().values));
    QVERIFY(std::abs(objectiveOf(model.milp, generated.value().values) - b) <=
            1e-6 * std::max(1.0, std::abs(b)));
}

} // namespace

class TestColumnGeneration : public QObject
{
    Q_OBJECT

private slots:
    void sizedFleetAtLeastCost()
    {
        const auto project = repeatedSample(160, "size");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        expectSameLp(project.value(), Objective::Cost);
    }

    void sizedFleetAtMostMargin()
    {
        const auto project = repeatedSample(160, "size");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        expectSameLp(project.value(), Objective::Margin);
    }

    void fixedFleet()
    {
        const auto project = repeatedSample(160, "fixed");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        expectSameLp(project.value(), Objective::Cost);
    }

    void fleetTooSmallIsInfeasibleEitherWay()
    {
        const auto project = repeatedSample(160, "fixed", 8);
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        expectSameLp(project.value(), Objective::Cost);
    }

    void fewWorkloadsOverManyMonthsSolveWhole()
    {
        // Column generation pays by the rows it takes out of the LP; eight
        // workloads over ten years keep most of them (property project 1855:
        // 400 pricing rounds, 12 s, where the whole LP takes 1.2 s).
        const auto project = repeatedSample(8, "size", -1, 120);
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        const Model model = buildRegimeMixModel(project.value(), Objective::Margin);
        QVERIFY2(model.milp.columns.size() > kColumnGenerationAbove,
                 qPrintable(QStringLiteral("%1 columns").arg(model.milp.columns.size())));
        QVERIFY(!usesColumnGeneration(model, model.milp));
    }

    void fastPathAnswersAlike()
    {
        // The whole path through optimizeRegimeMix: a plan for every
        // workload, within its gap of the (column-generation) LP bound.
        const auto project = repeatedSample(160, "size");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        OptimizeOptions options;
        options.fastPath = true;
        const auto solved = optimizeRegimeMix(project.value(), options);
        QVERIFY2(solved.ok(), solved.ok() ? "" : solved.error().toString().c_str());
        QCOMPARE(solved.value().assignments.size(), project.value().workloads.size());
        QVERIFY(solved.value().bestBoundUsd <= solved.value().objectiveUsd + 1e-6);
        QVERIFY(solved.value().gap < 0.05);
    }

    void aRaisedCancelFlagStopsTheFastPath()
    {
        // A newer edit supersedes this one (RecomputeService raises the
        // flag): the fast path ends `stopped` without a plan, and column
        // generation stops between its pricing rounds.
        const auto project = repeatedSample(160, "size");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        std::atomic<bool> cancel{true};
        OptimizeOptions options;
        options.fastPath = true;
        options.solve.cancel = &cancel;
        const auto stopped = optimizeRegimeMix(project.value(), options);
        QVERIFY2(stopped.ok(), stopped.ok() ? "" : stopped.error().toString().c_str());
        QCOMPARE(int(stopped.value().status), int(SolveStatus::Stopped));
        QVERIFY(stopped.value().assignments.empty());
        QCOMPARE(stopped.value().columns, 0); // stopped before its model was built
        const Model model = buildRegimeMixModel(project.value(), Objective::Cost);
        QVERIFY(usesColumnGeneration(model, model.milp));
        SolveOptions lp;
        lp.relaxation = true;
        lp.cancel = &cancel;
        const auto relaxed = solveRelaxation(model, model.milp, lp);
        QVERIFY2(relaxed.ok(), relaxed.ok() ? "" : relaxed.error().toString().c_str());
        QCOMPARE(int(relaxed.value().status), int(SolveStatus::Stopped));
        QVERIFY(relaxed.value().values.empty());
        // Lowered, the same calls answer.
        cancel = false;
        const auto solved = optimizeRegimeMix(project.value(), options);
        QVERIFY2(solved.ok(), solved.ok() ? "" : solved.error().toString().c_str());
        QCOMPARE(solved.value().assignments.size(), project.value().workloads.size());
    }
};

FLEET_TEST_MAIN(TestColumnGeneration)
#include "test_column_generation.moc"
