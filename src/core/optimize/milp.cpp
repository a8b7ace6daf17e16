#include "optimize/milp.h"

#include "optimize/child_process.h"
#include "optimize/milp_check.h"

#include <CoinError.hpp>
#include <CoinMpsIO.hpp>
#include <CoinPackedMatrix.hpp>

#include <CbcEventHandler.hpp>
#include <CbcModel.hpp>
#include <CbcSolver.hpp>
#include <OsiClpSolverInterface.hpp>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace fleet {

namespace {

/// Stops branch and bound when the cancel flag is raised.
class CancelHandler : public CbcEventHandler
{
public:
    explicit CancelHandler(const std::atomic<bool>* cancel) : m_cancel(cancel) {}
    CbcEventHandler* clone() const override { return new CancelHandler(*this); }
    CbcAction event(CbcEvent) override { return m_cancel && m_cancel->load() ? stop : noAction; }

private:
    const std::atomic<bool>* m_cancel;
};

std::unique_ptr<OsiClpSolverInterface> buildSolver(const Milp& milp, bool withIntegers)
{
    // The whole row-ordered matrix at once: appending row by row reallocates
    // and copies the matrix on every row (CoinPackedMatrix keeps no spare
    // room), which grew as rows² and took 4 s of a 1,000-workload fast path.
    std::size_t entries = 0;
    for (const MilpRow& row : milp.rows)
        entries += row.terms.size();
    std::vector<int> indices, starts, lengths;
    std::vector<double> elements, rowLower, rowUpper;
    indices.reserve(entries);
    elements.reserve(entries);
    starts.reserve(milp.rows.size() + 1);
    lengths.reserve(milp.rows.size());
    for (const MilpRow& row : milp.rows) {
        starts.push_back(static_cast<int>(indices.size()));
        lengths.push_back(static_cast<int>(row.terms.size()));
        for (const auto& [column, coefficient] : row.terms) {
            indices.push_back(column);
            elements.push_back(coefficient);
        }
        rowLower.push_back(row.lower);
        rowUpper.push_back(row.upper);
    }
    starts.push_back(static_cast<int>(indices.size()));
    const CoinPackedMatrix matrix(false, static_cast<int>(milp.columns.size()),
                                  static_cast<int>(milp.rows.size()),
                                  static_cast<CoinBigIndex>(entries), elements.data(),
                                  indices.data(), starts.data(), lengths.data());
    std::vector<double> columnLower, columnUpper, objective;
    for (const MilpColumn& column : milp.columns) {
        columnLower.push_back(column.lower);
        columnUpper.push_back(column.upper);
        objective.push_back(column.objective);
    }
    auto solver = std::make_unique<OsiClpSolverInterface>();
    solver->loadProblem(matrix, columnLower.data(), columnUpper.data(), objective.data(),
                        rowLower.data(), rowUpper.data());
    for (std::size_t i = 0; i < milp.columns.size(); ++i) {
        solver->setColName(static_cast<int>(i), milp.columns[i].name);
        if (withIntegers && milp.columns[i].integer)
            solver->setInteger(static_cast<int>(i));
    }
    for (std::size_t i = 0; i < milp.rows.size(); ++i)
        solver->setRowName(static_cast<int>(i), milp.rows[i].name);
    solver->messageHandler()->setLogLevel(0);
    return solver;
}

constexpr double kOptimalGap = 1e-7;

double relativeGap(double objective, double bound)
{
    return std::abs(objective - bound) / std::max(1e-9, std::abs(objective));
}

/// Runs `work` (which calls into CBC, CLP or CoinUtils), turning whatever
/// they throw into an issue: no third-party exception leaves the core.
template <typename T, typename Work> Result<T> guarded(const char* what, Work&& work)
{
    const auto failed = [what](const std::string& detail) {
        return Error({Issue{
            kMilpCheckSource, {}, {}, std::string(what) + " failed inside the solver: " + detail}});
    };
    try {
        return work();
    } catch (const CoinError& error) {
        return failed(error.className() + "::" + error.methodName() + ": " + error.message());
    } catch (const std::exception& error) {
        return failed(error.what());
    } catch (...) {
        return failed("an unknown exception");
    }
}

MilpSolution solveChecked(const Milp& milp, const SolveOptions& options);

} // namespace

int Milp::addColumn(std::string name, double lower, double upper, double objective, bool integer)
{
    columns.push_back({std::move(name), lower, upper, objective, integer});
    return static_cast<int>(columns.size()) - 1;
}

int Milp::addRow(std::string name, std::vector<std::pair<int, double>> terms, double lower,
                 double upper)
{
    rows.push_back({std::move(name), std::move(terms), lower, upper});
    return static_cast<int>(rows.size()) - 1;
}

std::string_view solveStatusKey(SolveStatus status)
{
    switch (status) {
    case SolveStatus::Optimal: return "optimal";
    case SolveStatus::Feasible: return "feasible";
    case SolveStatus::Infeasible: return "infeasible";
    case SolveStatus::Stopped: return "stopped";
    case SolveStatus::NoSolution: return "no_solution";
    }
    return "no_solution";
}

Result<MilpSolution> solveMilp(const Milp& milp, const SolveOptions& options)
{
    if (std::vector<Issue> issues = checkMilp(milp, options.start); !issues.empty())
        return Error(std::move(issues));
    return guarded<MilpSolution>(options.relaxation ? "the LP relaxation" : "the MILP solve",
                                 [&] { return solveChecked(milp, options); });
}

namespace {

/// What one branch-and-bound run found, as the child process sends it back.
struct BranchAndBoundAnswer
{
    bool hasSolution = false;
    bool provenInfeasible = false;
    bool secondsLimitReached = false;
    bool stopped = false; ///< the stop flag was raised
    double objective = 0;
    double bestBound = 0;
    std::vector<double> values;
};

std::string encodeAnswer(const BranchAndBoundAnswer& answer)
{
    const std::uint64_t count = answer.values.size();
    const char flags[4] = {char(answer.hasSolution), char(answer.provenInfeasible),
                           char(answer.secondsLimitReached), char(answer.stopped)};
    std::string bytes(flags, sizeof flags);
    bytes.append(reinterpret_cast<const char*>(&answer.objective), sizeof(double));
    bytes.append(reinterpret_cast<const char*>(&answer.bestBound), sizeof(double));
    bytes.append(reinterpret_cast<const char*>(&count), sizeof count);
    if (count > 0) // data() may be null when empty, and append(nullptr, 0) is undefined
        bytes.append(reinterpret_cast<const char*>(answer.values.data()), count * sizeof(double));
    return bytes;
}

std::optional<BranchAndBoundAnswer> decodeAnswer(const std::string& bytes, std::size_t columns)
{
    constexpr std::size_t header = 4 + 2 * sizeof(double) + sizeof(std::uint64_t);
    if (bytes.size() < header)
        return std::nullopt;
    BranchAndBoundAnswer answer;
    answer.hasSolution = bytes[0] != 0;
    answer.provenInfeasible = bytes[1] != 0;
    answer.secondsLimitReached = bytes[2] != 0;
    answer.stopped = bytes[3] != 0;
    std::memcpy(&answer.objective, bytes.data() + 4, sizeof(double));
    std::memcpy(&answer.bestBound, bytes.data() + 4 + sizeof(double), sizeof(double));
    std::uint64_t count = 0;
    std::memcpy(&count, bytes.data() + 4 + 2 * sizeof(double), sizeof count);
    if ((count != 0 && count != columns) || bytes.size() != header + count * sizeof(double) ||
        answer.hasSolution != (count == columns && columns > 0))
        return std::nullopt;
    answer.values.resize(count);
    if (count > 0)
        std::memcpy(answer.values.data(), bytes.data() + header, count * sizeof(double));
    return answer;
}

/// The settings of the first try, and of the second after a crash.
enum class Settings
{
    Default,
    Conservative
};

// CBC's standalone driver, as the cbc program runs it: preprocessing, cut
// generators and heuristics, which a bare CbcModel::branchAndBound lacks.
// Three rounds of root cuts instead of up to 100: on the sample project
// the root then takes ~0.15 s instead of ~0.8 s for the same bound within
// 0.01 % (measured; see docs/OPTIMIZER.md).
//
// The DiveCoefficient heuristic (on by default) is off: in CBC 2.10.8
// (Debian 12) its rounding tolerance can put a lower bound of n on a
// column at n − 1e-4 and, a round later, an upper bound of n − 1, and CLP
// then aborts the process (ClpNonLinearCost.cpp:1064, `lowerValue <=
// upperValue`; coin-or/Clp#299, fixed upstream after 2.10). The sample
// with both pools on demand, started from the rounded plan, hit it
// (issue 13); with the heuristic off the same model solves to optimality.
//
// Pseudo-costs are trusted after 9 branches (-trust 9), not CBC's default
// 10. CBC 2.10.8's CbcNode::chooseDynamicBranch has a path, taken only
// when that number is exactly 10, that gives up on strong branching when
// it stops paying (past 100 nodes, depth >= 4: skipAll = -1) and then sets
// its candidate count to 1 ("if (skipAll < 0) numberToDo = 1") even when
// its scan listed no candidate. Per the 2.10 source that happens when the
// node's LP solution is integral within tolerance but rounding it breaks a
// row by more than 1e-5 (likely with coefficients of 1e10 GPU-hours): CBC
// then branches on the column furthest from its rounded value without
// listing it. The strong-branching loop reads the uninitialised
// whichObject[0] and crashes (SIGSEGV). Found on the restricted model of
// tests/data/regressions/restricted-model-duplicate-columns.fleetplan.json
// once market-2026 priced more GPUs. Traced in gdb (libCbc.so.3,
// chooseDynamicBranch+0x368c sets the count to 1): the 6th time, 130
// branching scans in, the scan had stored no candidate, and the loop
// indexed the objects with heap garbage. With -trust 9 the path is
// unreachable (-trust 5 and 11 also pass); the sample's search is
// unchanged (6 nodes, 1,275 iterations) and the benchmarks' CBC solves end
// at the root either way. The model from `--mps` does not crash the cbc
// program: the path depends on the in-memory model's exact numbers.
//
// The RINS heuristic (on by default) is off: its sub-MIP's primal simplex
// aborts the process in Debian's CLP, which keeps its assertions
// (ClpPrimalColumnSteepest.cpp:729, `reducedCost(bestSequence) > 0.0`),
// on a generated project of the property test (index 1635, kept in
// tests/data/regressions/rins-clp-assertion.fleetplan.json) once the
// calibrated performance model changed its coefficients. With RINS off
// the same model solves; the sample's solve is unchanged.
//
// The conservative settings, for a second try after a crash, also turn off
// strong branching and pseudo-cost trust (-strong 0 -trust 0: CBC then takes
// the simple branching rule instead of chooseDynamicBranch, where the crashes
// found so far happened) and the remaining primal heuristics.
BranchAndBoundAnswer branchAndBound(const Milp& milp, const SolveOptions& options,
                                    const std::atomic<bool>& stop, Settings settings)
{
    auto solver = buildSolver(milp, true);
    CbcModel model(*solver);
    CancelHandler handler(&stop);
    model.passInEventHandler(&handler);
    if (options.start.size() == milp.columns.size()) {
        // A known feasible plan: branch and bound starts from it.
        std::vector<const char*> names;
        for (const MilpColumn& column : milp.columns)
            names.push_back(column.name.c_str());
        model.setMIPStart(static_cast<int>(names.size()), names.data(), options.start.data());
    }
    const std::string seconds = std::to_string(options.timeLimitSeconds);
    const std::string ratio = std::to_string(options.relativeGap);
    std::vector<const char*> arguments = {
        "fleetplanner", "-log", "0",         "-sec", seconds.c_str(),      "-ratio", ratio.c_str(),
        "-threads",     "0",    "-passCuts", "3",    "-DivingCoefficient", "off",    "-Rins",
        "off"};
    if (settings == Settings::Default) {
        arguments.insert(arguments.end(), {"-trust", "9"});
    } else {
        arguments.insert(arguments.end(), {"-strong", "0", "-trust", "0", "-heuristicsOnOff", "off",
                                           "-feasibilityPump", "off"});
    }
    arguments.insert(arguments.end(), {"-solve", "-quit"});
    {
        // CbcMain0/CbcMain1 keep static state: one solve at a time (in a
        // child process there is only this one; where there is no child
        // process, solves from several threads queue here).
        static std::mutex cbcDriver;
        const std::lock_guard<std::mutex> lock(cbcDriver);
        CbcMain0(model);
        model.messageHandler()->setLogLevel(0);
        CbcMain1(static_cast<int>(arguments.size()), arguments.data(), model);
    }
    BranchAndBoundAnswer answer;
    answer.stopped = stop.load();
    answer.provenInfeasible = model.isProvenInfeasible();
    answer.secondsLimitReached = model.isSecondsLimitReached();
    if (model.bestSolution()) {
        answer.hasSolution = true;
        answer.objective = model.getObjValue();
        answer.bestBound = model.getBestPossibleObjValue();
        answer.values.assign(model.bestSolution(), model.bestSolution() + model.getNumCols());
    }
    return answer;
}

MilpSolution toSolution(const BranchAndBoundAnswer& answer)
{
    MilpSolution solution;
    if (answer.hasSolution) {
        solution.objective = answer.objective;
        solution.bestBound = answer.bestBound;
        solution.gap = relativeGap(solution.objective, solution.bestBound);
        solution.values = answer.values;
        // "Optimal" only when nothing better can exist; stopping at the gap
        // target is "feasible", with the gap reported.
        if (solution.gap <= kOptimalGap)
            solution.status = SolveStatus::Optimal;
        else
            solution.status = answer.stopped ? SolveStatus::Stopped : SolveStatus::Feasible;
    } else if (answer.provenInfeasible) {
        solution.status = SolveStatus::Infeasible;
    } else {
        solution.status = answer.stopped || answer.secondsLimitReached ? SolveStatus::Stopped
                                                                       : SolveStatus::NoSolution;
    }
    return solution;
}

/// True when `values` is a plan of `milp`: one value per column, within its
/// bounds, whole where the column is integer, every row within its range.
bool isFeasiblePlan(const Milp& milp, const std::vector<double>& values)
{
    constexpr double kTolerance = 1e-6;
    if (values.size() != milp.columns.size())
        return false;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const MilpColumn& column = milp.columns[i];
        const double v = values[i];
        if (!std::isfinite(v) || v < column.lower - kTolerance || v > column.upper + kTolerance ||
            (column.integer && std::abs(v - std::round(v)) > kTolerance))
            return false;
    }
    for (const MilpRow& row : milp.rows) {
        double activity = 0;
        for (const auto& [column, coefficient] : row.terms)
            activity += coefficient * values[std::size_t(column)];
        const double slack = kTolerance * std::max(1.0, std::abs(activity));
        if (activity < row.lower - slack || activity > row.upper + slack)
            return false;
    }
    return true;
}

MilpSolution solveChecked(const Milp& milp, const SolveOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    MilpSolution solution;
    const auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    if (options.relaxation) {
        auto solver = buildSolver(milp, false);
        solver->initialSolve();
        solution.seconds = elapsed();
        if (solver->isProvenOptimal()) {
            solution.status = SolveStatus::Optimal;
            solution.objective = solution.bestBound = solver->getObjValue();
            solution.values.assign(solver->getColSolution(),
                                   solver->getColSolution() + solver->getNumCols());
            solution.reducedCosts.assign(solver->getReducedCost(),
                                         solver->getReducedCost() + solver->getNumCols());
        } else if (solver->isProvenPrimalInfeasible()) {
            solution.status = SolveStatus::Infeasible;
        }
        return solution;
    }
    // Branch and bound runs in a child process: CBC 2.10.8 and Debian's CLP
    // have crashed and aborted on models of ours (the notes at branchAndBound),
    // and a crash there must end a solve, not the app. A child that crashes is
    // tried once more with the conservative settings; a second crash is an
    // error that names the solver. The LP relaxation (every edit's fast path)
    // stays in process: CLP's simplex on its own has not failed here.
    // A child that still beats may overrun its time limit (CBC checks it
    // between nodes) up to killAfter; one that stopped answering (SIGSTOP,
    // frozen) is killed at the limit itself (child_process.h).
    const double killAfter = options.timeLimitSeconds * 2 + 30;
    std::string crashes;
    for (const Settings settings : {Settings::Default, Settings::Conservative}) {
        static std::atomic<int> childrenStarted{0};
        const int childIndex = childrenStarted++;
        const auto child = runInChild(
            [&](const std::atomic<bool>& stop) {
                // FLEET_FAULT_SOLVER_STOP=first stops (SIGSTOP) this process's
                // first child before it solves: a child that stops answering.
                if (const char* fault = std::getenv("FLEET_FAULT_SOLVER_STOP");
                    fault && std::string_view(fault) == "first" && childIndex == 0)
                    std::raise(SIGSTOP);
                // Fault injection for the tests of this path (as SQLite's
                // test hooks): FLEET_FAULT_SOLVER_CRASH=first crashes the
                // first try's child, =every every child.
                if (const char* fault = std::getenv("FLEET_FAULT_SOLVER_CRASH");
                    fault &&
                    (std::string_view(fault) == "every" ||
                     (std::string_view(fault) == "first" && settings == Settings::Default)))
                    std::raise(SIGSEGV);
                return encodeAnswer(branchAndBound(milp, options, stop, settings));
            },
            options.cancel, killAfter, options.timeLimitSeconds);
        if (!child)
            throw std::runtime_error(child.error().toString());
        const ChildOutcome& outcome = child.value();
        if (outcome.end == ChildOutcome::End::Killed) {
            // Said, with the time: the exact solve did not end by itself.
            solution.seconds = elapsed();
            solution.status = SolveStatus::Stopped;
            solution.note = "the exact solve was stopped: CBC's process " + outcome.describe();
            // The plan it was started from, when it is one, is what a
            // stopped solve has (CBC would have kept at least that).
            if (isFeasiblePlan(milp, options.start)) {
                solution.values = options.start;
                solution.objective = 0;
                for (std::size_t i = 0; i < milp.columns.size(); ++i)
                    solution.objective += milp.columns[i].objective * options.start[i];
                solution.bestBound = -kMilpInfinity;
                solution.gap = 1;
                solution.note += "; the plan is the one it was started from";
            }
            return solution;
        }
        if (outcome.end == ChildOutcome::End::Crashed) {
            crashes += (crashes.empty() ? "" : "; then, with conservative settings, ") +
                       outcome.describe();
            continue;
        }
        const auto answer = decodeAnswer(outcome.output, milp.columns.size());
        if (!answer)
            throw std::runtime_error("the solver's answer was malformed");
        solution = toSolution(*answer);
        solution.seconds = elapsed();
        if (!crashes.empty())
            solution.note = "CBC " + crashes +
                            " with its default settings; this answer is from a second try with "
                            "conservative settings (no strong branching, fewer heuristics)";
        return solution;
    }
    throw std::runtime_error("CBC " + crashes +
                             " on this model; no plan was found by the exact solve");
}

Result<bool> writeCheckedMps(const Milp& milp, const std::string& path)
{
    auto solver = buildSolver(milp, true);
    std::vector<const char*> rowNames, columnNames;
    for (const MilpRow& row : milp.rows)
        rowNames.push_back(row.name.c_str());
    for (const MilpColumn& column : milp.columns)
        columnNames.push_back(column.name.c_str());
    std::vector<char> integrality;
    for (const MilpColumn& column : milp.columns)
        integrality.push_back(column.integer ? 1 : 0);
    CoinMpsIO writer;
    writer.messageHandler()->setLogLevel(0);
    writer.setProblemName("fleetplanner_regime_mix");
    writer.setMpsData(*solver->getMatrixByRow(), solver->getInfinity(), solver->getColLower(),
                      solver->getColUpper(), solver->getObjCoefficients(), integrality.data(),
                      solver->getRowLower(), solver->getRowUpper(), columnNames.data(),
                      rowNames.data());
    // Uncompressed, free format (the names are longer than 8 characters),
    // with full precision so that another solver reproduces the objective.
    if (writer.writeMps(path.c_str(), 0, 1, 2) != 0)
        return Error({Issue{path, {}, {}, "the MPS file could not be written"}});
    return true;
}

} // namespace

Result<bool> writeMps(const Milp& milp, const std::string& path)
{
    if (std::vector<Issue> issues = checkMilp(milp); !issues.empty())
        return Error(std::move(issues));
    return guarded<bool>("writing the MPS file", [&] { return writeCheckedMps(milp, path); });
}

} // namespace fleet
