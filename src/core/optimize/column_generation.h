#pragma once

// The regime-mix model's LP relaxation at scale: the workloads' options and
// their elastic columns as a Dantzig–Wolfe master (one column per option and
// set of months it rents on demand), priced workload by workload. Private to
// src/core/optimize/. docs/OPTIMIZER.md, "The LP at scale".

#include "optimize/milp.h"
#include "optimize/regime_mix_model.h"

#include <cstddef>

namespace fleet {

/// Above this many columns the LP relaxation is solved by column generation:
/// its elastic columns and their rows (per option and month) grew CLP's dual
/// simplex faster than the work (36,087 columns at 1,000 workloads, 7 s).
inline constexpr std::size_t kColumnGenerationAbove = 4000;

/// Whether solveRelaxation takes `milp` by column generation: above
/// kColumnGenerationAbove columns, with `model`'s structure, and only where
/// the master keeps under a quarter of the LP's rows. Column generation pays
/// by the rows it takes out of CLP's basis (a workload's assign row and its
/// elastic rows, one per option and month) and costs a master re-solve per
/// pricing round: at 1,000 workloads 33,687 rows become ~1,300; with few
/// workloads over many months (property project 1855: 28 workloads, 120
/// months) the master kept 7,347 of 16,467 rows and took 400 rounds and 12 s
/// where the whole LP takes 1.2 s.
bool usesColumnGeneration(const Model& model, const Milp& milp);

/// The LP relaxation of `milp`, a model with `model`'s structure (its own
/// bounds: a copy of model.milp with some changed, as the marginal-value and
/// resize solves make). Small models go to CLP whole (solveMilp); larger ones
/// by column generation, which ends at the same optimum value (a vertex of
/// its own among ties). Values and reduced costs come back per column of
/// `milp`; an option column's reduced cost is that of its best pattern.
Result<MilpSolution> solveRelaxation(const Model& model, const Milp& milp,
                                     const SolveOptions& options);

} // namespace fleet
