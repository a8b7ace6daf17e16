#pragma once

// A new workload of each kind, as "Add workload…" inserts it: a row the
// project reader accepts, with figures a PM recognises and then replaces.

#include "model/project.h"

#include <QString>

#include <boost/json/object.hpp>

#include <variant>

namespace fleet::gui {

/// The new workload (a project-document row) of `kind`: a free id such as
/// "inference-1", segment `segmentId` (the first segment when empty), and the
/// defaults documented in workload_defaults.cpp; or why none can be added
/// ("add a segment first").
std::variant<boost::json::object, QString> newWorkloadRow(const Project& project, WorkloadKind kind,
                                                          const std::string& segmentId = {});

/// "Training", "Inference", "Notebooks", "Batch": the kind chooser's labels.
QString workloadKindLabel(WorkloadKind kind);

} // namespace fleet::gui
