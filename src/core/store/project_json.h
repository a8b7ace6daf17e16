#pragma once

// Reading a project from its JSON form (.fleetplan.json): strict validation
// naming the path of every problem, then the scenario's overrides if one is chosen.

#include "model/project.h"
#include "util/result.h"

#include <boost/json/fwd.hpp>

#include <string>
#include <string_view>

namespace fleet {

inline constexpr std::string_view kProjectFormat = "fleetplanner-project";
/// Format 2: scenario overrides name pool, workload and segment rows by id
/// ("/workloads/chat-70b/users", see row_paths.h). Format 1 named them by
/// position; such files are read, their paths turned into id paths against
/// the file's rows. Format 3 adds the segments' tenants (a top-level list
/// `tenants`); a format-2 document reads as one without tenants. Format 4
/// adds an inference workload's `model` and `total_params`; a format-3
/// document reads as one whose services name no model. Files are always
/// written back in the newest format.
inline constexpr int kProjectFormatVersion = 7;

/// The refusal of a document of a newer format version.
std::string newerFormatMessage(double version);

/// Parses a project. With `scenario` (id or name), its overrides are applied
/// to the document first; every scenario is checked to apply cleanly.
Result<Project> parseProject(std::string_view text, const std::string& file,
                             const std::string& scenario = {});

/// The same, for a document already parsed (from SQLite rows, say).
Result<Project> parseProjectValue(const boost::json::value& root, const std::string& file,
                                  const std::string& scenario = {});

/// Reads and parses a project file (at most 64 MiB).
Result<Project> loadProjectFile(const std::string& path, const std::string& scenario = {});

/// The bundled sample project (resources/sample/sample.fleetplan.json, compiled in).
std::string_view sampleProjectJson();
Result<Project> loadSampleProject(const std::string& scenario = {});

/// The project with `scenario` (id or name) applied, through its canonical
/// JSON so the overrides are validated exactly as on load.
Result<Project> applyScenario(const Project& project, const std::string& scenario);

/// Loads `path` — a .fleetplan (SQLite) or .fleetplan.json file, told apart by
/// content — or the bundled sample when `path` is ":sample".
Result<Project> loadProject(const std::string& path, const std::string& scenario = {});

} // namespace fleet
