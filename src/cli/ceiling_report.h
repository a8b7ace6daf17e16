#pragma once

// evaluate's statement of the utilization ceiling it plans on: the knee
// measured for the project's inputs when there is one and the assumed ceiling
// is not pinned, else the assumed one (simulate/planned_ceiling.h), and
// whether assumed and measured differ by more than kCeilingToleranceFraction
// (docs/MODEL.md, "Planning on the measured knee").

#include "engine/evaluate.h"
#include "model/project.h"
#include "simulate/planned_ceiling.h"

#include <QCommandLineParser>
#include <QString>

#include <boost/json.hpp>

#include <optional>
#include <string>

namespace fleet::cli {

struct CeilingReport
{
    PlannedCeiling planned;
    std::string how; ///< where `planned.measured` comes from, or why there is none
    /// Assumed and measured differ by more than kCeilingToleranceFraction.
    bool differs = false;
    /// assumedVersusMeasured() when the plan is on the assumed ceiling and
    /// they differ (planned on the measured one, `sentence` says both).
    std::string statement;
    std::string sentence; ///< plannedCeilingSentence()
};

/// The knee of `project`'s policy simulated now on its evaluation as stated
/// (default loads and days, `seeds` seeds from 42): the knee, or why none
/// (in `how`).
std::optional<double> kneeMeasuredNow(const Project& project, const Evaluation& evaluation,
                                      int seeds, std::string* how);

/// The ceiling `project` is planned on: the knee simulated now when given
/// (`measuredNow`, with `nowHow` saying how or why not), else the project's
/// measured ceiling when its inputs are the project's now. `stated` is the
/// project without its scenario when one is applied.
CeilingReport ceilingReport(const Project& project, const Project* stated, bool measured,
                            std::optional<double> measuredNow, const std::string& nowHow);

/// The project as stated when PROJECT was loaded with --scenario (its
/// measured ceiling is the scenario's too, docs/MODEL.md); none without one.
std::optional<Project> statedProject(const QCommandLineParser& parser);

QString ceilingReportText(const CeilingReport& report);
boost::json::object ceilingReportJson(const CeilingReport& report);

} // namespace fleet::cli
