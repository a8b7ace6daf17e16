#pragma once

// The tornado of the input ranges (issue 31, item 6): each ranged input at its
// own low and its own high (the others as stated), ranked by its share of
// the KPI's variance in the Monte Carlo (engine/monte_carlo.h), not by the
// swing of a ±x % move.

#include "engine/monte_carlo.h"
#include "engine/sensitivity.h"

namespace fleet {

/// Draws the ranking's Monte Carlo takes (the shares need fewer than the percentiles).
inline constexpr int kRangeTornadoDraws = 200;

/// The tornado of `project`'s ranges for `kpi`: a bar per range, its key the
/// range's path, its label the field and its share of the variance ("chat-70b ›
/// requests_per_second: 59 % of the variance"), largest share first.
/// `fraction` is 0: the bars span each input's own range. Empty bars when the
/// project has no ranges or the run fails or is cancelled.
Tornado rangeTornado(const Project& project, Kpi kpi, const RangeOptions& options);

} // namespace fleet
