#pragma once

// A collected sweep's slides (issue 34 item 3): a cover naming the sweep and
// its file, the heat map and the fan chart as chosen on screen, each drawn
// as every chart slide is (deck_export.h), written as .pptx or .pdf.

#include "charts/sweep_charts.h"
#include "export/deck_export.h"

namespace fleet::gui {

std::vector<DeckSlide> sweepDeckSlides(const sweep::SweepResults& results,
                                       const SweepHeatMapChoice& heat, const SweepFanChoice& fan);

/// "Sweep sample-20 · sample-20.sqlite · 20 points, 20 tasks": under each
/// sweep chart exported.
QString sweepFooter(const sweep::SweepResults& results);

} // namespace fleet::gui
