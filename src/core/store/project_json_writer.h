#pragma once

// A project in its canonical JSON form (.fleetplan.json): a fixed key order,
// two-space indentation, shortest round-trip numbers, optional fields written
// only when they differ from their defaults. Reading a canonical file and
// writing it again gives the same bytes.

#include "model/project.h"
#include "model/project_refs.h"

#include <boost/json.hpp>

#include <string>
#include <vector>

namespace fleet {

boost::json::object projectToJson(const Project& project);
/// One workload as projectToJson writes it (the app re-reads one edited row alone).
boost::json::object workloadToJson(const Workload& workload);
std::string projectToJsonText(const Project& project);

/// The whole-list edits ("/fleet/pools", "/segments", "/workloads",
/// "/tenants", "/scenarios", "/ranges" → the new list) that turn `before` into `after`;
/// lists that did not change are left out (their canonical JSON is compared). The
/// input ranges are among them: removing or renaming a row drops or renames the
/// ranges of its fields (model/project_refs.h), and the document re-read without
/// that change would refuse a range naming a row that is gone.
std::vector<DocumentEdit> listEdits(const Project& before, const Project& after);

} // namespace fleet
