#pragma once

// The workload entries of a project file, one reader per kind.

#include "io/json_reader.h"
#include "model/project.h"

namespace fleet {

/// Parses workload `item` at `path`; problems go to `reader`.
std::optional<Workload> parseWorkload(json::Reader& reader, const boost::json::object& item,
                                      const std::string& path, const Project& project);

} // namespace fleet
