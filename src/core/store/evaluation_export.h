#pragma once

// The engine's evaluation as JSON (fleetplanner-cli evaluate --json): plain
// numbers in the units their names state.

#include "engine/evaluation.h"

#include <boost/json.hpp>

namespace fleet {

boost::json::object evaluationToJson(const Project& project, const Evaluation& evaluation,
                                     const std::string& scenario);

} // namespace fleet
