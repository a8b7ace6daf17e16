#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli workbook PROJECT [--scenario S] -o F.xlsx`
int runWorkbookCommand(const QStringList& args);

} // namespace fleet::cli
