#pragma once

// Starting points for a new project: an empty one from a few settings, or one
// of the sourced templates compiled into the binary (resources/templates/).

#include "model/project.h"
#include "util/result.h"

#include <span>
#include <string>

namespace fleet {

/// What a new, empty project is made from. Each is checked by emptyProject.
struct NewProjectSettings
{
    std::string name = "Untitled fleet";
    int horizonMonths = 12;                  ///< 1–120
    std::string startMonth;                  ///< "YYYY-MM"; empty: the month after today
    std::string priceBookId = "market-2026"; ///< a built-in book
    FleetMode mode = FleetMode::Fixed;
};

inline constexpr int kMinHorizonMonths = 1;
inline constexpr int kMaxHorizonMonths = 120;

/// A project with no pools, segments, workloads or scenarios, which the
/// reader accepts and the engine evaluates. A bad setting is an issue whose
/// path names the project field it would fill (e.g. "/horizon/months").
Result<Project> emptyProject(const NewProjectSettings& settings);

/// The calendar month after `today`'s local date, "YYYY-MM".
std::string monthAfterToday();

struct ProjectTemplate
{
    std::string id;
    std::string title;
    std::string description;
};

/// The built-in templates: "inference-saas", "training-lab", "private-cloud".
std::span<const ProjectTemplate> projectTemplates();

/// The template `id` (resources/templates/<id>.fleetplan.json, compiled in);
/// an unknown id is an error listing the known ones.
Result<Project> loadTemplate(const std::string& id);

} // namespace fleet
