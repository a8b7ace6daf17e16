#include "optimize/column_generation.h"

// Dantzig–Wolfe on the regime-mix LP. A workload's block — its option
// columns x (Σ x = 1, or ≤ 1 for margin) and each option's elastic columns
// e (0 ≤ e ≤ u·x, row elastic_take) — has as vertices one option with, per
// month, its elastic column at 0 or at u. The master keeps every other row
// (GPU counts, capacities, terms, spot, the elastic pools: the rows that link
// workloads, a few hundred) and every column outside the blocks, plus one
// column per (option, months on demand) found so far, with a convexity row
// per workload in place of its assign row. Pricing is per option: its
// reduced cost at the master's duals, with each elastic month taken when
// its saving beats the pool's shadow price. When no pattern prices out, the
// master's optimum is the LP's. At 1,000 workloads the master has ~1,300
// rows instead of 33,687. docs/OPTIMIZER.md, "The LP at scale".

#include "optimize/milp_check.h"

#include <CoinError.hpp>

#include <ClpSimplex.hpp>
#include <ClpSolve.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace fleet {

namespace {

/// Rounds of pricing before giving up on column generation (the LP is then
/// solved whole): the sample's scaled projects end in 3–6.
constexpr int kMaxPricingRounds = 200;
/// Masters of more rows than this start by the barrier (Master::solve).
constexpr int kBarrierAboveRows = 1500;

/// Column generation is used only where the master keeps less than this
/// fraction (1/k) of the LP's rows (usesColumnGeneration).
constexpr std::size_t kMasterRowsAtMost = 4;

double clpBound(double value)
{
    return value >= kMilpInfinity ? COIN_DBL_MAX : value <= -kMilpInfinity ? -COIN_DBL_MAX : value;
}

using Entries = std::vector<std::pair<int, double>>; ///< (master row, coefficient)

/// One option column of a workload and what it needs from the master.
struct BlockOption
{
    int column = -1; ///< the option's column in the model
    Entries rows;    ///< its entries in the master's linking rows
    /// Its elastic columns: (column in the model, master row of the pool, u).
    std::vector<std::tuple<int, int, double>> elastic;
};

struct Block
{
    int convexityRow = -1; ///< master row
    std::vector<BlockOption> options;
};

/// A master column of a block: an option with the elastic columns taken at u.
struct Pattern
{
    std::size_t block;
    std::size_t option;
    std::vector<int> elastic; ///< indices into BlockOption::elastic
};

class Master
{
public:
    Master(const Model& model, const Milp& milp, const std::atomic<bool>* cancel)
        : m_model(model), m_milp(milp), m_cancel(cancel)
    {
        build();
    }

    Result<MilpSolution> solve();

private:
    void build();
    /// The pattern's cost and master column (the convexity row included).
    double patternColumn(const Pattern& pattern, Entries& entries) const;
    void addPatterns(const std::vector<Pattern>& patterns);
    /// Adds each option's pattern without elastic months; false when all were there.
    bool addCommittedPatterns();
    /// The reduced cost of the block's option at `duals`, and the elastic
    /// columns its best pattern takes.
    double price(const Block& block, const BlockOption& option, const double* duals,
                 std::vector<int>& taken) const;
    MilpSolution solution(const ClpSimplex& clp) const;

    const Model& m_model;
    const Milp& m_milp;
    const std::atomic<bool>* m_cancel; ///< raised: stop between rounds
    ClpSimplex m_clp;
    std::vector<int> m_masterRowOf;  ///< per model row: its master row, -1 inside a block
    std::vector<int> m_otherColumns; ///< model columns outside the blocks (master 0..)
    std::vector<Block> m_blocks;
    std::vector<Pattern> m_patterns; ///< master columns after the other columns
    std::vector<int> m_settled;      ///< option columns at 1: their workload's only option
    double m_constant = 0;           ///< the settled columns' cost
    std::set<std::pair<int, std::vector<int>>> m_known; ///< (option column, elastic) added
};

void Master::build()
{
    const std::size_t rows = m_milp.rows.size();
    std::vector<bool> inBlock(rows, false);
    for (const WorkloadOptions& entry : m_model.workloads)
        if (entry.assignRow >= 0)
            inBlock[std::size_t(entry.assignRow)] = true;
    for (const ElasticColumn& ec : m_model.elastic)
        inBlock[std::size_t(ec.takeRow)] = true;
    m_masterRowOf.assign(rows, -1);
    std::vector<double> rowLower, rowUpper;
    for (std::size_t r = 0; r < rows; ++r)
        if (!inBlock[r]) {
            m_masterRowOf[r] = int(rowLower.size());
            rowLower.push_back(clpBound(m_milp.rows[r].lower));
            rowUpper.push_back(clpBound(m_milp.rows[r].upper));
        }
    // The model's entries by column, in the master's rows.
    std::vector<Entries> byColumn(m_milp.columns.size());
    for (std::size_t r = 0; r < rows; ++r)
        if (m_masterRowOf[r] >= 0)
            for (const auto& [column, coefficient] : m_milp.rows[r].terms)
                byColumn[std::size_t(column)].emplace_back(m_masterRowOf[r], coefficient);
    std::vector<bool> blockColumn(m_milp.columns.size(), false);
    std::map<int, std::vector<const ElasticColumn*>> elasticOf; // by option column
    for (const ElasticColumn& ec : m_model.elastic)
        elasticOf[ec.optionColumn].push_back(&ec);
    for (const WorkloadOptions& entry : m_model.workloads) {
        Block block;
        const MilpRow& assign = m_milp.rows[std::size_t(entry.assignRow)];
        double fixedLower = 0; // options whose column is fixed at 1 (the marginal-value LPs)
        for (const OptionColumn& oc : entry.columns) {
            blockColumn[std::size_t(oc.column)] = true;
            const MilpColumn& column = m_milp.columns[std::size_t(oc.column)];
            fixedLower += column.lower;
            if (column.upper < 0.5)
                continue; // fixed at 0: no pattern may use it
            BlockOption option;
            option.column = oc.column;
            option.rows = byColumn[std::size_t(oc.column)];
            for (const ElasticColumn* ec : elasticOf[oc.column]) {
                const Entries& pool = byColumn[std::size_t(ec->column)];
                if (pool.size() != 1)
                    continue; // not the model's shape: never taken (bound at 0)
                option.elastic.emplace_back(ec->column, pool.front().first,
                                            m_milp.columns[std::size_t(ec->column)].upper *
                                                pool.front().second);
            }
            block.options.push_back(std::move(option));
        }
        const double lower = std::max(assign.lower, std::min(1.0, fixedLower));
        if (block.options.size() == 1 && lower >= 1.0) {
            // A workload with one option to take: its column is 1, its
            // terms move to the rows' bounds and its elastic columns into
            // the master as they are (e ≤ u·1 is their bound). 38 % of the
            // 10,000 scaled workloads; no convexity row for them.
            const BlockOption& option = block.options.front();
            m_settled.push_back(option.column);
            m_constant += m_milp.columns[std::size_t(option.column)].objective;
            for (const auto& [row, coefficient] : option.rows) {
                if (rowLower[std::size_t(row)] > -COIN_DBL_MAX)
                    rowLower[std::size_t(row)] -= coefficient;
                if (rowUpper[std::size_t(row)] < COIN_DBL_MAX)
                    rowUpper[std::size_t(row)] -= coefficient;
            }
            continue;
        }
        for (const BlockOption& option : block.options)
            for (const ElasticColumn* ec : elasticOf[option.column])
                blockColumn[std::size_t(ec->column)] = true;
        block.convexityRow = int(rowLower.size());
        rowLower.push_back(clpBound(lower));
        rowUpper.push_back(clpBound(assign.upper));
        m_blocks.push_back(std::move(block));
    }
    // Elastic columns of options a block left out (fixed at 0) stay at 0.
    for (const ElasticColumn& ec : m_model.elastic)
        if (m_milp.columns[std::size_t(ec.optionColumn)].upper < 0.5)
            blockColumn[std::size_t(ec.column)] = true;
    std::vector<CoinBigIndex> starts{0};
    std::vector<int> indices;
    std::vector<double> elements, columnLower, columnUpper, objective;
    for (std::size_t c = 0; c < m_milp.columns.size(); ++c) {
        if (blockColumn[c])
            continue;
        m_otherColumns.push_back(int(c));
        for (const auto& [row, coefficient] : byColumn[c]) {
            indices.push_back(row);
            elements.push_back(coefficient);
        }
        starts.push_back(CoinBigIndex(indices.size()));
        columnLower.push_back(clpBound(m_milp.columns[c].lower));
        columnUpper.push_back(clpBound(m_milp.columns[c].upper));
        objective.push_back(m_milp.columns[c].objective);
    }
    m_clp.setLogLevel(0);
    m_clp.loadProblem(int(m_otherColumns.size()), int(rowLower.size()), starts.data(),
                      indices.data(), elements.data(), columnLower.data(), columnUpper.data(),
                      objective.data(), rowLower.data(), rowUpper.data());
    // Start with each option renting every month it saves in (where it
    // saves in none, on committed GPUs only): one column per option, the
    // pattern the LP mostly ends at. Pricing adds the others.
    std::vector<Pattern> start;
    for (std::size_t b = 0; b < m_blocks.size(); ++b)
        for (std::size_t o = 0; o < m_blocks[b].options.size(); ++o) {
            std::vector<int> saving;
            const BlockOption& option = m_blocks[b].options[o];
            for (std::size_t i = 0; i < option.elastic.size(); ++i)
                if (m_milp.columns[std::size_t(std::get<0>(option.elastic[i]))].objective < 0)
                    saving.push_back(int(i));
            start.push_back({b, o, std::move(saving)});
        }
    addPatterns(start);
}

bool Master::addCommittedPatterns()
{
    // Every option on committed GPUs only: with these the master holds
    // every plan of the options (elastic columns at 0 are always feasible),
    // so it is feasible exactly when the LP is.
    const int before = m_clp.numberColumns();
    std::vector<Pattern> committed;
    for (std::size_t b = 0; b < m_blocks.size(); ++b)
        for (std::size_t o = 0; o < m_blocks[b].options.size(); ++o)
            committed.push_back({b, o, {}});
    addPatterns(committed);
    return m_clp.numberColumns() > before;
}

double Master::patternColumn(const Pattern& pattern, Entries& entries) const
{
    const Block& block = m_blocks[pattern.block];
    const BlockOption& option = block.options[pattern.option];
    entries = option.rows;
    double cost = m_milp.columns[std::size_t(option.column)].objective;
    for (int i : pattern.elastic) {
        const auto& [column, poolRow, gpus] = option.elastic[std::size_t(i)];
        entries.emplace_back(poolRow, gpus);
        cost += m_milp.columns[std::size_t(column)].objective * gpus;
    }
    entries.emplace_back(block.convexityRow, 1.0);
    std::sort(entries.begin(), entries.end());
    Entries merged;
    for (const auto& entry : entries)
        if (!merged.empty() && merged.back().first == entry.first)
            merged.back().second += entry.second;
        else
            merged.push_back(entry);
    entries = std::move(merged);
    return cost;
}

void Master::addPatterns(const std::vector<Pattern>& patterns)
{
    std::vector<CoinBigIndex> starts{0};
    std::vector<int> indices;
    std::vector<double> elements, lower, upper, objective;
    Entries entries;
    for (const Pattern& pattern : patterns) {
        const int column = m_blocks[pattern.block].options[pattern.option].column;
        if (!m_known.insert({column, pattern.elastic}).second)
            continue;
        objective.push_back(patternColumn(pattern, entries));
        for (const auto& [row, coefficient] : entries) {
            indices.push_back(row);
            elements.push_back(coefficient);
        }
        starts.push_back(CoinBigIndex(indices.size()));
        lower.push_back(0.0);
        upper.push_back(1.0);
        m_patterns.push_back(pattern);
    }
    if (!objective.empty())
        m_clp.addColumns(int(objective.size()), lower.data(), upper.data(), objective.data(),
                         starts.data(), indices.data(), elements.data());
}

double Master::price(const Block& block, const BlockOption& option, const double* duals,
                     std::vector<int>& taken) const
{
    double reduced = m_milp.columns[std::size_t(option.column)].objective -
                     duals[std::size_t(block.convexityRow)];
    for (const auto& [row, coefficient] : option.rows)
        reduced -= coefficient * duals[std::size_t(row)];
    taken.clear();
    for (std::size_t i = 0; i < option.elastic.size(); ++i) {
        const auto& [column, poolRow, gpus] = option.elastic[i];
        const double gain =
            gpus * (m_milp.columns[std::size_t(column)].objective - duals[std::size_t(poolRow)]);
        if (gain < 0) {
            reduced += gain;
            taken.push_back(int(i));
        }
    }
    return reduced;
}

Result<MilpSolution> Master::solve()
{
    // The first master from scratch, through CLP's presolve; later rounds
    // start from the basis found. Large masters by CLP's barrier (interior
    // point) and a crossover to a vertex, small ones by CLP's own choice of
    // method. Measured on masters written out and solved by each method
    // (2026-12-07, this machine; docs/OPTIMIZER.md, "The master's first
    // solve"), CPU s, CLP's choice against barrier: `scripts/scaled_project.py`
    // at 1,000 workloads (835 rows) 0.05 / 0.16, 1,500 (1,142) 0.11 / 0.25,
    // 2,000 (1,452) 0.15 / 0.38, 3,000 (2,054) 1.42 / 0.56, 10,000 (6,433)
    // 12.9 / 2.8; bench_optimizer's 1,000 generated workloads over 9 GPU
    // models (2,823) 10.2 / 5.6 (there the dual simplex alone takes 2.5, and
    // on the 10,000 master 13.8; the idiot crash 15.0 and 1.2: no method
    // but the barrier is near the fastest on both).
    if (m_clp.numberRows() > kBarrierAboveRows) {
        ClpSolve barrier;
        barrier.setSolveType(ClpSolve::useBarrier);
        m_clp.initialSolve(barrier);
    } else {
        m_clp.initialSolve();
    }
    for (int round = 0; round < kMaxPricingRounds; ++round) {
        if (m_cancel && m_cancel->load()) { // superseded: no answer is wanted
            MilpSolution stopped;
            stopped.status = SolveStatus::Stopped;
            return stopped;
        }
        if (m_clp.status() == 1 && addCommittedPatterns()) {
            m_clp.dual();
            continue;
        }
        if (m_clp.status() == 1) { // primal infeasible: so is the LP (addCommittedPatterns)
            MilpSolution infeasible;
            infeasible.status = SolveStatus::Infeasible;
            return infeasible;
        }
        if (m_clp.status() != 0)
            break;
        const double* duals = m_clp.dualRowSolution();
        std::vector<Pattern> found;
        std::vector<int> taken;
        for (std::size_t b = 0; b < m_blocks.size(); ++b) {
            double best = 0;
            Pattern pattern{b, 0, {}};
            for (std::size_t o = 0; o < m_blocks[b].options.size(); ++o) {
                const double reduced = price(m_blocks[b], m_blocks[b].options[o], duals, taken);
                const double tolerance =
                    1e-9 * std::max(1.0, std::abs(duals[m_blocks[b].convexityRow]));
                if (reduced < best - tolerance &&
                    !m_known.count({m_blocks[b].options[o].column, taken})) {
                    best = reduced;
                    pattern.option = o;
                    pattern.elastic = taken;
                }
            }
            if (best < 0)
                found.push_back(std::move(pattern));
        }
        if (found.empty())
            return solution(m_clp);
        addPatterns(found);
        m_clp.primal(); // from the last basis: the new columns enter
    }
    return Error({Issue{kMilpCheckSource,
                        {},
                        {},
                        "column generation did not settle (CLP status " +
                            std::to_string(m_clp.status()) + ")"}});
}

MilpSolution Master::solution(const ClpSimplex& clp) const
{
    MilpSolution solution;
    solution.status = SolveStatus::Optimal;
    solution.objective = solution.bestBound = clp.objectiveValue() + m_constant;
    const std::size_t columns = m_milp.columns.size();
    solution.values.assign(columns, 0.0);
    solution.reducedCosts.assign(columns, 0.0);
    const double* primal = clp.primalColumnSolution();
    const double* reduced = clp.dualColumnSolution();
    const double* duals = clp.dualRowSolution();
    for (std::size_t i = 0; i < m_otherColumns.size(); ++i) {
        solution.values[std::size_t(m_otherColumns[i])] = primal[i];
        solution.reducedCosts[std::size_t(m_otherColumns[i])] = reduced[i];
    }
    for (int column : m_settled)
        solution.values[std::size_t(column)] = 1.0;
    for (std::size_t p = 0; p < m_patterns.size(); ++p) {
        const double weight = primal[m_otherColumns.size() + p];
        if (weight <= 0)
            continue;
        const BlockOption& option = m_blocks[m_patterns[p].block].options[m_patterns[p].option];
        solution.values[std::size_t(option.column)] += weight;
        for (int i : m_patterns[p].elastic)
            solution.values[std::size_t(std::get<0>(option.elastic[std::size_t(i)]))] +=
                weight * std::get<2>(option.elastic[std::size_t(i)]);
    }
    std::vector<int> taken;
    for (const Block& block : m_blocks)
        for (const BlockOption& option : block.options) {
            solution.reducedCosts[std::size_t(option.column)] = price(block, option, duals, taken);
            for (const auto& [column, poolRow, gpus] : option.elastic)
                solution.reducedCosts[std::size_t(column)] =
                    m_milp.columns[std::size_t(column)].objective - duals[std::size_t(poolRow)];
        }
    // Options fixed at 0 keep a reduced cost of 0; the restricted solve only
    // ranks the options a block may use.
    return solution;
}

} // namespace

bool usesColumnGeneration(const Model& model, const Milp& milp)
{
    if (milp.columns.size() <= kColumnGenerationAbove ||
        milp.columns.size() != model.milp.columns.size() ||
        milp.rows.size() != model.milp.rows.size())
        return false;
    std::set<int> blockRows;
    for (const WorkloadOptions& entry : model.workloads)
        if (entry.assignRow >= 0)
            blockRows.insert(entry.assignRow);
    for (const ElasticColumn& ec : model.elastic)
        blockRows.insert(ec.takeRow);
    const std::size_t masterRows = milp.rows.size() - blockRows.size() + model.workloads.size();
    return masterRows * kMasterRowsAtMost < milp.rows.size();
}

Result<MilpSolution> solveRelaxation(const Model& model, const Milp& milp,
                                     const SolveOptions& options)
{
    SolveOptions relaxation = options;
    relaxation.relaxation = true;
    if (!usesColumnGeneration(model, milp))
        return solveMilp(milp, relaxation);
    if (std::vector<Issue> issues = checkMilp(milp); !issues.empty())
        return Error(std::move(issues));
    const auto start = std::chrono::steady_clock::now();
    try {
        Master master(model, milp, options.cancel);
        auto solved = master.solve();
        if (!solved) // did not settle: the whole LP, as small models are solved
            return solveMilp(milp, relaxation);
        solved.value().seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return solved;
    } catch (const CoinError& error) {
        return Error({Issue{kMilpCheckSource,
                            {},
                            {},
                            "the LP relaxation failed inside the solver: " + error.className() +
                                "::" + error.methodName() + ": " + error.message()}});
    }
}

} // namespace fleet
