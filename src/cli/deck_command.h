#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli deck PROJECT [--scenario S] -o F.pptx|F.pdf`
int runDeckCommand(const QStringList& args);

} // namespace fleet::cli
