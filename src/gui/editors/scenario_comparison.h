#pragma once

// Scenarios side by side: a check list of the project's scenarios (and the
// baseline), a table of KPIs per chosen scenario, and the scenario chart of
// the same ones. Each scenario is evaluated by the core engine on
// applyScenario(project, id), as the CLI does, on a worker thread: the table
// and chart stay on screen, marked "Updating…", until the newest are in.

#include "document/project_document.h"

#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>

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

    ~ScenarioComparison() override;

    /// Recomputes now (otherwise after the document settles), on a worker
    /// thread; the table follows when it is done (updating() until then).
    void refresh();
    QTableWidget* table() const { return m_table; }
    /// Newer figures are being computed; the table shows earlier ones.
    bool updating() const { return m_running != nullptr; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    /// Refreshes soon when shown, else when next shown: each refresh
    /// evaluates every ticked scenario on the GUI thread.
    void scheduleRefresh();
    struct Columns;
    void showColumns(const Columns& columns);

    ProjectDocument* m_document;
    bool m_stale = false;
    /// MeasuredKnees::generation() of the knees the columns were planned on.
    std::uint64_t m_kneesSeen = 0;
    QListWidget* m_choices = nullptr;
    QTableWidget* m_table = nullptr;
    QChartView* m_chart = nullptr;
    QLabel* m_refusals = nullptr;
    QLabel* m_updating = nullptr;
    /// The running evaluation's cancel flag (raised when a newer one starts).
    std::shared_ptr<std::atomic<bool>> m_running;
    QTimer* m_pending = nullptr;
    QStringList m_unchecked; ///< the scenario ids unticked (new ones start ticked)
};

} // namespace fleet::gui
