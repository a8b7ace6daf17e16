// The regime-mix model against the solver: the sample under every pool plan,
// price book and fleet mode ends in an answer or a clear refusal, models
// that would trip CBC/CLP are refused or built so they cannot, and the MPS
// export names rows and columns. (Optima on small instances: test_optimizer.)

#include "engine/evaluate.h"
#include "optimize/milp_check.h"
#include "optimize/regime_mix.h"
#include "store/catalog_loader.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

using namespace fleet;

namespace {

/// A project-held book that prices the H100 under every plan (the built-in
/// books price two or three), so that every pool plan reaches the solver.
boost::json::object everyPlanBook()
{
    namespace bj = boost::json;
    const auto figure = [](double value) {
        return bj::object{{"value", value}, {"source", "seed-2024-example"}, {"as_of", "2024"}};
    };
    const auto price = [](double usd) {
        return bj::object{
            {"usd_per_gpu_hour", usd}, {"source", "seed-2024-example"}, {"as_of", "2024"}};
    };
    const bj::object owned{{"capex_usd_per_gpu", figure(30000)},
                           {"amortization_years", figure(4)},
                           {"hosting_usd_per_gpu_month", figure(150)},
                           {"pue", figure(1.3)},
                           {"usd_per_kwh", figure(0.1)}};
    const bj::object h100{{"gpu", "h100-sxm-80gb"},     {"on_demand", price(2.99)},
                          {"reserved_1y", price(1.89)}, {"reserved_3y", price(1.49)},
                          {"spot", price(2.2)},         {"owned", owned}};
    return bj::object{{"id", "test-every-plan"},
                      {"name", "Test: every plan"},
                      {"currency", "USD"},
                      {"as_of", "2024"},
                      {"gpus", bj::array{h100}}};
}

/// The sample with its pools' plans, the active book and the fleet mode set
/// in its JSON (as a user's edit would), read by the project validator.
Result<Project> sampleWith(const std::vector<std::string>& poolPlans, const std::string& book,
                           const std::string& mode)
{
    boost::json::value document = boost::json::parse(sampleProjectJson());
    boost::json::object& root = document.as_object();
    if (book == "test-every-plan")
        root["price_books"] = boost::json::array{everyPlanBook()};
    root["active_price_book"] = book;
    boost::json::object& fleet = root["fleet"].as_object();
    fleet["mode"] = mode;
    boost::json::array& pools = fleet["pools"].as_array();
    for (std::size_t i = 0; i < poolPlans.size() && i < pools.size(); ++i)
        pools[i].as_object()["plan"] = poolPlans[i];
    return parseProject(boost::json::serialize(document), "sample-variant.json");
}

/// An outcome is an answer or a clear refusal: a plan serving every
/// workload; an infeasible model with its reasons; or issues with messages.
QString unclearOutcome(const Project& project, const Result<RegimeMixResult>& outcome)
{
    if (!outcome) {
        for (const Issue& issue : outcome.error().issues)
            if (issue.message.empty())
                return QStringLiteral("a refusal without a message");
        return outcome.error().issues.empty() ? QStringLiteral("a refusal without issues")
                                              : QString();
    }
    const RegimeMixResult& r = outcome.value();
    switch (r.status) {
    case SolveStatus::Optimal:
    case SolveStatus::Feasible:
        if (r.assignments.size() != project.workloads.size())
            return QStringLiteral("%1 of %2 workloads assigned")
                .arg(r.assignments.size())
                .arg(project.workloads.size());
        if (!std::isfinite(r.objectiveUsd) || r.objectiveUsd <= 0)
            return QStringLiteral("objective %1").arg(r.objectiveUsd);
        return {};
    case SolveStatus::Infeasible:
        return r.reasons.empty() ? QStringLiteral("infeasible without a reason") : QString();
    case SolveStatus::Stopped:    // the time limit, with or without a plan
    case SolveStatus::NoSolution: // the fast path's rounding did not fit a fixed fleet
        return {};
    }
    return QStringLiteral("unknown status");
}

} // namespace

class TestOptimizerModels : public QObject
{
    Q_OBJECT

private slots:
    void bothPoolsOnDemandSolves()
    {
        // Issue 13: both sample pools on demand aborted the process in CLP
        // (ClpNonLinearCost.cpp:1064, lowerValue <= upperValue).
        const auto project = sampleWith({"on_demand", "on_demand"}, "example-2024", "fixed");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        for (const bool fastPath : {false, true}) {
            OptimizeOptions options;
            options.fastPath = fastPath;
            const auto solved = optimizeRegimeMix(project.value(), options);
            QVERIFY2(solved.ok(), solved.ok() ? "" : solved.error().toString().c_str());
            const RegimeMixResult& result = solved.value();
            QVERIFY(result.status == SolveStatus::Optimal ||
                    result.status == SolveStatus::Feasible);
            QCOMPARE(result.assignments.size(), project.value().workloads.size());
            for (const PoolCount& pool : result.pools)
                QCOMPARE(pool.plan, Plan::OnDemand);
        }
    }

    void restrictedModelHasNoDuplicateColumns()
    {
        // Found by the property test (issue 13): the restricted exact path
        // kept an option once per column (on spot and not), so the small
        // model held two columns of one name and CBC 2.10.8 crashed in
        // CbcNode::chooseDynamicBranch (fleetplanner-cli solve exited 139).
        // Once market-2026 priced more GPUs, the restricted model crashed
        // there again for another reason: CBC 2.10.8 reads an empty candidate
        // list when pseudo-costs are trusted after exactly 10 branches (its
        // default), so the solve passes -trust 9 (see milp.cpp).
        auto project = loadProjectFile(
            FLEET_TEST_DATA_DIR "/regressions/restricted-model-duplicate-columns.fleetplan.json");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        OptimizeOptions options;
        options.objective = Objective::Margin;
        // About 1.3 s here; 30 s of room for the sanitizer build, which is
        // several times slower and must still reach the optimum.
        options.solve.timeLimitSeconds = 30;
        // Since this session's merges (2026-12-06: canonical fixed-fleet sums,
        // the engine's plan as a start, a larger catalog) the rounded LP meets
        // the bound exactly here, so a gap target of 0 would accept it. A
        // target below 0 is met by no rounded plan and sends the exact path
        // through the restricted model (CBC reads it as 0: "-ratio -0.000000").
        options.solve.relativeGap = -1e-12;
        const auto solved = optimizeRegimeMix(project.value(), options);
        QVERIFY2(solved.ok(), solved.ok() ? "" : solved.error().toString().c_str());
        QCOMPARE(solved.value().method, std::string("exact_restricted"));
        QVERIFY(solved.value().status == SolveStatus::Optimal ||
                solved.value().status == SolveStatus::Feasible);
        // And a model with two columns of one name never reaches CBC.
        Milp milp;
        milp.addColumn("x", 0, 1, 1, true);
        milp.addColumn("x", 0, 1, 1, true);
        const auto refused = solveMilp(milp, {});
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().toString().find("each column's name must be unique") !=
                     std::string::npos,
                 refused.error().toString().c_str());
    }

    void rinsHeuristicNeverReachesClpsAssertion()
    {
        // Found by the property test (project 1635) once the calibrated
        // performance model changed the coefficients: CBC's RINS heuristic
        // ran a sub-MIP whose primal simplex aborted the process in Debian's
        // CLP (ClpPrimalColumnSteepest.cpp:729). The solve turns RINS off
        // (milp.cpp); the project, with its first scenario as the test ran
        // it, now solves, fast and then exact, for the margin.
        auto project =
            loadProjectFile(FLEET_TEST_DATA_DIR "/regressions/rins-clp-assertion.fleetplan.json");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        Project solvedProject = project.value();
        if (!solvedProject.scenarios.empty()) {
            auto applied = applyScenario(solvedProject, solvedProject.scenarios.front().id);
            QVERIFY(applied.ok());
            solvedProject = applied.value();
        }
        OptimizeOptions options;
        options.objective = Objective::Margin;
        options.solve.timeLimitSeconds = 5;
        for (const bool fast : {true, false}) {
            options.fastPath = fast;
            const auto solved = optimizeRegimeMix(solvedProject, options);
            // An answer (reaching here at all means no abort).
            QVERIFY2(solved.ok(), solved.ok() ? "" : solved.error().toString().c_str());
            QVERIFY(solved.value().status == SolveStatus::Optimal ||
                    solved.value().status == SolveStatus::Feasible);
        }
    }

    void inconsistentModelsAreRefusedBeforeTheSolver_data()
    {
        QTest::addColumn<int>("defect");
        QTest::addColumn<QString>("message");
        QTest::newRow("column lower > upper") << 0
                                              << "column `y`: lower bound 3 exceeds upper "
                                                 "bound 2";
        QTest::newRow("-0 above a tiny negative") << 1
                                                  << "column `y`: lower bound -0 exceeds upper "
                                                     "bound -1e-17";
        QTest::newRow("row lower > upper") << 2 << "row `r`: lower bound 5 exceeds upper bound 4";
        QTest::newRow("NaN coefficient") << 3 << "row `r`: coefficient of `x` is NaN";
        QTest::newRow("infinite objective")
            << 4 << "column `x`: objective coefficient is +infinity";
        QTest::newRow("integer range without an integer")
            << 5 << "column `y`: integer column's range [0.2, 0.7] holds no integer";
        QTest::newRow("column twice in a row") << 6 << "row `r`: names column `x` twice";
        QTest::newRow("no such column") << 7 << "row `r`: names column 9 of 2";
        QTest::newRow("NaN bound") << 8 << "column `x`: a bound is NaN";
        QTest::newRow("huge finite bound") << 9 << "column `x`: bound 1e+20 is too large";
    }

    void inconsistentModelsAreRefusedBeforeTheSolver()
    {
        QFETCH(int, defect);
        QFETCH(QString, message);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        Milp milp;
        const int x = milp.addColumn("x", 0, 10, 1, true);
        const int y = milp.addColumn("y", 0, 10, 1, true);
        milp.addRow("r", {{x, 1.0}, {y, 1.0}}, 1, kMilpInfinity);
        switch (defect) {
        case 0: milp.columns[1].lower = 3, milp.columns[1].upper = 2; break;
        case 1: milp.columns[1].lower = -0.0, milp.columns[1].upper = -1e-17; break;
        case 2: milp.rows[0].lower = 5, milp.rows[0].upper = 4; break;
        case 3: milp.rows[0].terms[0].second = nan; break;
        case 4: milp.columns[0].objective = std::numeric_limits<double>::infinity(); break;
        case 5: milp.columns[1].lower = 0.2, milp.columns[1].upper = 0.7; break;
        case 6: milp.rows[0].terms.emplace_back(x, 2.0); break;
        case 7: milp.rows[0].terms.emplace_back(9, 1.0); break;
        case 8: milp.columns[0].upper = nan; break;
        case 9: milp.columns[0].upper = 1e20; break;
        }
        for (const bool relaxation : {true, false}) {
            SolveOptions options;
            options.relaxation = relaxation;
            const auto solved = solveMilp(milp, options);
            QVERIFY(!solved.ok());
            const QString text = QString::fromStdString(solved.error().toString());
            QVERIFY2(text.contains(message), qPrintable(text));
            QVERIFY2(text.startsWith(QLatin1String(kMilpCheckSource)), qPrintable(text));
        }
        QTemporaryDir dir;
        QVERIFY(!writeMps(milp, dir.filePath(QStringLiteral("m.mps")).toStdString()).ok());
        // The same model made consistent solves.
        QVERIFY(checkMilp(Milp{}).empty());
    }

    void builtModelsPassTheCheck()
    {
        // Every model the builder makes from the sample passes, both objectives.
        for (const Objective objective : {Objective::Cost, Objective::Margin}) {
            const Milp milp = buildRegimeMixMilp(loadSampleProject().value(), objective);
            const auto issues = checkMilp(milp);
            QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().toString().c_str());
        }
    }

    void everyPoolPlanBookAndModeEndsInAnAnswerOrARefusal()
    {
        // Each sample pool under each plan, × every built-in price book ×
        // fleet mode, through the exact solve and the fast path.
        const std::vector<std::string> plans = {"on_demand", "reserved_1y", "reserved_3y", "spot",
                                                "owned"};
        // A plan a book does not price is refused by the project validator;
        // the project-held book prices them all.
        std::vector<std::string> books;
        const Catalog catalog = loadBuiltinCatalog().value();
        for (const PriceBook& book : catalog.priceBooks)
            books.push_back(book.id);
        QVERIFY(books.size() >= 2);
        books.push_back("test-every-plan");
        QElapsedTimer clock;
        clock.start();
        int solves = 0, refusedProjects = 0, refusedModels = 0, infeasible = 0;
        for (const std::string& book : books)
            for (const std::string mode : {"fixed", "size"})
                for (const std::string& first : plans)
                    for (const std::string& second : plans) {
                        const auto project = sampleWith({first, second}, book, mode);
                        const QString where =
                            QStringLiteral("%1, %2 fleet, pools %3 + %4")
                                .arg(QString::fromStdString(book), QString::fromStdString(mode),
                                     QString::fromStdString(first), QString::fromStdString(second));
                        if (!project) {
                            // The validator's refusal: it must say what and where.
                            QVERIFY2(!project.error().issues.empty() &&
                                         !project.error().issues.front().message.empty(),
                                     qPrintable(where));
                            ++refusedProjects;
                            continue;
                        }
                        for (const bool fastPath : {false, true}) {
                            OptimizeOptions options;
                            options.fastPath = fastPath;
                            // The default gap, so that CBC runs (the rounded
                            // plan is within 0.2 % of the bound); a short limit.
                            options.solve.timeLimitSeconds = 1;
                            const auto solved = optimizeRegimeMix(project.value(), options);
                            ++solves;
                            const QString problem = unclearOutcome(project.value(), solved);
                            QVERIFY2(problem.isEmpty(),
                                     qPrintable(where + (fastPath ? " (fast): " : " (exact): ") +
                                                problem));
                            if (!solved)
                                ++refusedModels;
                            else if (solved.value().status == SolveStatus::Infeasible)
                                ++infeasible;
                        }
                    }
        qInfo("%d solves (%d infeasible with reasons, %d models refused), %d projects refused by "
              "validation, in %.1f s",
              solves, infeasible, refusedModels, refusedProjects, double(clock.elapsed()) / 1000.0);
        QVERIFY(solves >= 100); // every plan of the every-plan book reaches the solver
    }

    void mpsNamesRowsAndColumns()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("sample.mps")).toStdString();
        QVERIFY(
            writeMps(buildRegimeMixMilp(loadSampleProject().value(), Objective::Cost), path).ok());
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        QVERIFY(text.str().find("assign|pretrain-70b") != std::string::npos);
        QVERIFY(text.str().find("gpus|h100-sxm-80gb|reserved_1y|1") != std::string::npos);
        QVERIFY(text.str().find(" UI BOUND ") != std::string::npos ||
                text.str().find(" BV BOUND ") != std::string::npos);
    }
};

FLEET_TEST_MAIN(TestOptimizerModels)
#include "test_optimizer_models.moc"
