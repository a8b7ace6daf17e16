#pragma once

// An uncertain input: a range (low, likely, high) over one numeric field of
// the project, named by the path scenarios use (`/workloads/chat-70b/
// requests_per_second`, `/fleet/pools/h100-reserved/count`,
// `/assumptions/gpu_mtbf_hours`; docs/FILE_FORMAT.md, "Input ranges"). The
// Monte Carlo (engine/monte_carlo.h) draws each field from its range and
// gives every KPI as P10 / P50 / P90 (docs/MODEL.md, "Ranges").

#include <optional>
#include <string>
#include <string_view>

namespace fleet {

/// The distribution a range is drawn from. Triangular by default: three
/// figures a planner can state, a mode at "likely", and no tails beyond the
/// stated low and high (docs/MODEL.md says why).
enum class RangeShape
{
    Triangular,
    Uniform, ///< every value in [low, high] alike; `likely` is the point estimate only
    Pert     ///< Beta-PERT: a smoother triangular, mean (low + 4·likely + high) / 6
};
std::string_view rangeShapeKey(RangeShape shape); ///< "triangular", "uniform", "pert"
std::optional<RangeShape> rangeShapeFromKey(std::string_view key);

struct InputRange
{
    std::string path; ///< the field, as a scenario names it
    double low = 0.0;
    double likely = 0.0;
    double high = 0.0;
    RangeShape shape = RangeShape::Triangular;
    std::string note; ///< where the figures come from
};

} // namespace fleet
