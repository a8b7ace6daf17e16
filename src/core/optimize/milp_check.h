#pragma once

// The last gate before a model reaches CBC/CLP: every bound, objective
// coefficient and matrix entry checked, so that an inconsistent model is
// refused with the name of the column or row and the rule it breaks instead
// of tripping an assertion inside the solver (which aborts the process).

#include "optimize/milp.h"
#include "util/result.h"

#include <vector>

namespace fleet {

/// Where the issues of a model check say they come from (Issue::file).
inline constexpr const char* kMilpCheckSource = "regime-mix model";

/// The problems of `milp` (empty when it is consistent):
/// - bounds are numbers; a finite bound is at most kMilpLargestFinite in
///   magnitude, anything at or beyond ±kMilpInfinity means "no bound";
/// - lower ≤ upper for every column and row; an integer column's range holds
///   an integer;
/// - objective coefficients and matrix entries are finite and at most
///   kMilpLargestFinite in magnitude; a row names existing columns, each once;
/// - a start solution, when given, has one finite value per column.
std::vector<Issue> checkMilp(const Milp& milp, const std::vector<double>& start = {});

} // namespace fleet
