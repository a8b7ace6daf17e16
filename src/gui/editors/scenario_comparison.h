#pragma once

// Scenarios side by side: a check list of the project's scenarios (and the
// baseline), a table of KPIs per chosen scenario, and the scenario chart of
// the same ones. Each scenario is evaluated by the core engine on
// applyScenario(project, id), as the CLI does.

#include "document/project_document.h"

#include <QWidget>

class QChartView;
class QLabel;
class QListWidget;
class QTableWidget;
class QTimer;

namespace fleet::gui {

class ScenarioComparison : public QWidget
{
    Q_OBJECT

public:
    explicit ScenarioComparison(ProjectDocument* document, QWidget* parent = nullptr);

    /// Recomputes now (otherwise after the document settles).
    void refresh();
    QTableWidget* table() const { return m_table; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    /// Refreshes soon when shown, else when next shown: each refresh
    /// evaluates every ticked scenario on the GUI thread.
    void scheduleRefresh();

    ProjectDocument* m_document;
    bool m_stale = false;
    QListWidget* m_choices = nullptr;
    QTableWidget* m_table = nullptr;
    QChartView* m_chart = nullptr;
    QLabel* m_refusals = nullptr;
    QTimer* m_pending = nullptr;
    QStringList m_unchecked; ///< the scenario ids unticked (new ones start ticked)
};

} // namespace fleet::gui
