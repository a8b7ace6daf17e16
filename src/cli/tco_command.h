#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli tco [--gpu ID] [--set KEY=VALUE]... [--json]`: the owned-
/// hardware TCO per GPU-hour, component by component, from the sourced
/// defaults (data/defaults/owned-tco.json), and the price-book owned entry
/// that costs the same.
int runTcoCommand(const QStringList& args);

} // namespace fleet::cli
