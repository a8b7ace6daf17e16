#pragma once

// evaluate's statement of the utilization ceiling it plans on: assumed, and
// measured for this project when it was (the project's own measured ceiling,
// or the knee simulated now with --measure-ceiling), and whether the two
// differ by more than kCeilingToleranceFraction (docs/MODEL.md, "Ceilings
// from the simulator").

#include "engine/evaluate.h"
#include "model/project.h"

#include <QString>

#include <boost/json.hpp>

#include <optional>
#include <string>

namespace fleet::cli {

struct CeilingReport
{
    SchedulerPolicy policy = SchedulerPolicy::TopologyAware;
    double assumed = 0;
    std::optional<double> measured;
    std::string how;       ///< where `measured` comes from; empty when not measured
    std::string statement; ///< assumedVersusMeasured(); empty when within the tolerance
};

/// The project's ceiling against its measured one: the knee simulated now
/// when `measure` (the project's policy, default loads and days, `seeds`
/// seeds from 42), else the project's measured ceiling when its inputs are
/// unchanged since (not stale).
CeilingReport ceilingReport(const Project& project, const Evaluation& evaluation, bool measure,
                            int seeds);

QString ceilingReportText(const CeilingReport& report);
boost::json::object ceilingReportJson(const CeilingReport& report);

} // namespace fleet::cli
