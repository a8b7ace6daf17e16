#pragma once

// The name a scenario is shown by: what people named it, not the id (or the
// name) that selected it.

#include "model/project.h"

#include <QString>

#include <string>

namespace fleet::gui {

/// The name of the scenario of `project` that `selector` (its id or its
/// name) selects; its id when it has no name; `selector` itself when no
/// scenario matches; "" when `selector` is "" (no scenario: the baseline).
QString scenarioName(const Project& project, const std::string& selector);

} // namespace fleet::gui
