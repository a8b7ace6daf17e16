#pragma once

// Authoring scenarios: new, duplicate, rename, delete, and an override's
// value set or removed — each the one edit of /scenarios that makes it, so
// every action is one undo step validated like any other edit.

#include "document/project_document.h"
#include "util/result.h"

#include <string>

namespace fleet::gui {

/// The edit of /scenarios that makes them `scenarios`.
FieldEdit scenariosEdit(const std::vector<Scenario>& scenarios);

struct NewScenario
{
    FieldEdit edit;
    std::string id;
};

/// A scenario named `name` without overrides, with an id made from the name.
Result<NewScenario> addScenario(const Project& project, const std::string& name);
/// A copy of scenario `id`, "NAME (copy)".
Result<NewScenario> duplicateScenario(const Project& project, const std::string& id);
Result<FieldEdit> renameScenario(const Project& project, const std::string& id,
                                 const std::string& name);
Result<FieldEdit> deleteScenario(const Project& project, const std::string& id);
/// Scenario `id` moved `delta` places (-1: up); the order is the list's, the
/// comparison's and presentation mode's. Fails past either end.
Result<FieldEdit> moveScenario(const Project& project, const std::string& id, int delta);

/// Override `index` of scenario `id` set to `valueText`: JSON (a number,
/// true, [..]) or, when it does not read as JSON, a string.
Result<FieldEdit> setOverrideValue(const Project& project, const std::string& id, std::size_t index,
                                   const std::string& valueText);
Result<FieldEdit> removeOverride(const Project& project, const std::string& id, std::size_t index);

/// The value `path` (an id path or a JSON pointer) has in the project as
/// stated, as JSON text; empty when it names nothing there.
std::string baseValueText(const Project& project, const std::string& path);

} // namespace fleet::gui
