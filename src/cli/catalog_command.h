#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli catalog [--json] [--catalog FILE]...`: GPUs, their specs
/// and partition profiles, and the price books.
int runCatalogCommand(const QStringList& args);

} // namespace fleet::cli
