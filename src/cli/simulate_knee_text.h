#pragma once

// What `simulate` says of a frontier's knee and load: a knee at the edge of
// the sweep as a bound ("below 0.30", "above 0.95"), the seeds' knees and
// their median, and the points whose delivered load is not the load asked.

#include "simulate/frontier.h"
#include "simulate/knee_spread.h"

#include <QString>

#include <boost/json.hpp>

namespace fleet::cli {

/// The load delivered (busy share of the GPUs over the measured window)
/// said to differ from the load asked beyond this (absolute; ours).
inline constexpr double kDeliveredLoadTolerance = 0.05;

/// A knee at the edge of the sweep is a bound: "below" (found at the first
/// load) or "above" (none within the last); null inside.
boost::json::value kneeBoundJson(const Frontier& frontier);

/// The knee in words, a bound said as one: "knee below 0.30 (…; useful
/// utilization at most 48.2 %; sweep lower loads)".
QString kneeSentence(const Frontier& frontier, double utilization);

/// Each seed's knee, and their median (the knee reported and applied;
/// `frontier` carries it, withMedianKnee).
QString kneeText(const KneeSpread& spread, const Frontier& frontier);

/// The points whose delivered load differs from the asked beyond the
/// tolerance, in a sentence (empty when none).
QString deliveredLoadNote(const Frontier& frontier);

} // namespace fleet::cli
