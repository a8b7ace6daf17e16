#pragma once

// A mixed-integer linear program with named rows and columns, solved in
// process with COIN-OR CBC (or its LP relaxation with CLP), and written as MPS.

#include "util/result.h"

#include <atomic>
#include <string>
#include <utility>
#include <vector>

namespace fleet {

/// A bound at or beyond this magnitude is no bound (CLP's COIN_DBL_MAX stand-in,
/// as HiGHS's kHighsInf): rows and columns use ±kMilpInfinity for "unbounded".
inline constexpr double kMilpInfinity = 1e30;
/// The largest finite bound or coefficient the model may hold: beyond it CLP's
/// scaling and tolerances stop meaning anything, so the model is refused.
inline constexpr double kMilpLargestFinite = 1e15;

struct MilpColumn
{
    std::string name;
    double lower = 0;
    double upper = kMilpInfinity;
    double objective = 0;
    bool integer = false;
};

struct MilpRow
{
    std::string name;
    std::vector<std::pair<int, double>> terms; ///< (column, coefficient)
    double lower = -kMilpInfinity;
    double upper = kMilpInfinity;
};

/// Always a minimisation; a maximisation is stated by negating the objective.
struct Milp
{
    std::vector<MilpColumn> columns;
    std::vector<MilpRow> rows;

    int addColumn(std::string name, double lower, double upper, double objective, bool integer);
    int addRow(std::string name, std::vector<std::pair<int, double>> terms, double lower,
               double upper);
};

enum class SolveStatus
{
    Optimal,
    Feasible,
    Infeasible,
    Stopped,
    NoSolution
};
std::string_view solveStatusKey(SolveStatus status); ///< "optimal", "feasible", ...

struct SolveOptions
{
    double timeLimitSeconds = 10.0;
    double relativeGap = 1e-4;                 ///< stop when within this fraction of the bound
    const std::atomic<bool>* cancel = nullptr; ///< set from another thread to stop early
    bool relaxation = false;                   ///< solve the LP relaxation only
    std::vector<double> start;                 ///< a feasible solution to start from (optional)
};

struct MilpSolution
{
    SolveStatus status = SolveStatus::NoSolution;
    double objective = 0;
    double bestBound = 0;
    double gap = 0; ///< relative: (objective − bound) / |objective|
    double seconds = 0;
    std::vector<double> values;       ///< per column, when a solution exists
    std::vector<double> reducedCosts; ///< per column, for LP solves
    /// Set when the solver crashed on the first try and this answer is the
    /// second's (with conservative settings): what happened, in a sentence.
    std::string note;
};

/// Checks the model (checkMilp) and solves it. A model that fails the check
/// never reaches the solver, and an exception from CBC or CoinUtils
/// (CoinError) is caught: both come back as issues naming the column, row or
/// solver routine.
Result<MilpSolution> solveMilp(const Milp& milp, const SolveOptions& options);

/// Writes the model in free MPS format with its row and column names (after
/// the same check).
Result<bool> writeMps(const Milp& milp, const std::string& path);

} // namespace fleet
