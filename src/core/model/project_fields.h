#pragma once

// The field tables of the project's own fields (name, horizon, price book,
// fleet mode, scheduler policy: the SQLite table `project`) and of a
// scenario's own fields (its overrides are a list of JSON pointer and value,
// not fields). The shape of a row is in model/field_table.h; a key with a '/'
// ("horizon/months") is a path into nested objects of the project file.

#include "model/field_table.h"
#include "model/project.h"

#include <span>

namespace fleet {

std::span<const Field<Project>> projectFields();
const Field<Project>& projectField(std::string_view key); ///< one that exists
const RecordFields& projectRecord();                      ///< "project", SQLite table project

std::span<const Field<Scenario>> scenarioFields();
const RecordFields& scenarioRecord(); ///< "scenario", SQLite table scenario

} // namespace fleet
