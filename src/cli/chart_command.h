#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli chart --kind compute-price [--price-book ID] [--format png|svg]
/// -o FILE [--width W --height H] [--scale S]`: renders a chart headless.
int runChartCommand(const QStringList& args);

} // namespace fleet::cli
