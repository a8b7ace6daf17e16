#pragma once

// What an export shows, asked before its file is chosen (issue 32 item 6):
// the scenario on screen, the baseline, or (a deck) every scenario compared;
// the dialog names the scenario and the price book each choice is priced
// from, so an export never takes the scenario on screen without saying so.

#include "compute/plan_results.h"

#include <QDialog>

class QButtonGroup;
class QLabel;

namespace fleet::gui {

enum class ExportScope
{
    Shown,       ///< the scenario on screen (the baseline when none is)
    Baseline,    ///< the project without a scenario
    AllScenarios ///< the baseline and every scenario, compared (a deck)
};

/// "Scenario «A100 price −20 %»", "Baseline".
QString scopeScenarioText(const PlanResults& shown, ExportScope scope);
/// "price book «Cloud list prices» (as of 2025-06-01)" of the project `scope` exports.
QString scopePriceText(const PlanResults& shown, ExportScope scope);
/// A file name's tail for the scope: "baseline", "a100-price-20", "all-scenarios".
QString scopeFileTail(const PlanResults& shown, ExportScope scope);

class ExportScopeDialog : public QDialog
{
    Q_OBJECT

public:
    /// `what`: "workbook", "deck", "charts"; `comparison`: offers every
    /// scenario compared (the deck).
    ExportScopeDialog(const PlanResults& shown, const QString& what, bool comparison,
                      QWidget* parent = nullptr);

    ExportScope scope() const;
    void setScope(ExportScope scope);
    /// What the dialog says of the choice made (tests).
    QString summary() const;

private:
    void describe();

    const PlanResults& m_shown;
    QButtonGroup* m_choices = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace fleet::gui
