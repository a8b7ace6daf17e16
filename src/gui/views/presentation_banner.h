#pragma once

// Presentation mode: the scenario's name, large, and the optimizer's regime
// mix (status, gap, GPUs by regime and plan in the first month), as the fast
// path and then the exact solve report it.

#include "compute/plan_results.h"

#include <QLabel>

namespace fleet::gui {

class PresentationBanner : public QLabel
{
    Q_OBJECT

public:
    explicit PresentationBanner(QWidget* parent = nullptr);
    void showResults(const PlanResults& results);

    /// "Reserve 60 % of the H100s" (the scenario's name), "Baseline".
    static QString scenarioName(const PlanResults& results);
    /// "Optimizer (exact, optimal, gap 0.0 %): Bare metal 1,127 · …", or why none.
    static QString optimizerLine(const PlanResults& results);
};

} // namespace fleet::gui
