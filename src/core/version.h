#pragma once

// FleetPlanner's version and the versions of the libraries it was built with.

#include <string>

namespace fleet {

std::string versionString();
/// One line per library: "SQLite 3.40.1", "COIN-OR CBC 2.10.8", ...
std::string libraryVersions();

} // namespace fleet
