#pragma once

// The charts, one tab per kind, redrawn from each new results snapshot: the
// visible tab at once, the others when they are shown. The regime-mix tab
// shows the optimizer's plan (its status and gap; the fast path's while inputs
// move, the exact one once they settle) or the engine's choice per workload.

#include "charts/chart_kinds.h"
#include "compute/recompute_service.h"

#include <QTabWidget>

#include <map>

class QChartView;
class QComboBox;
class QLabel;
class QPushButton;

namespace fleet::gui {

class FittedChartView;

class ChartTabs : public QTabWidget
{
    Q_OBJECT

public:
    explicit ChartTabs(QWidget* parent = nullptr);

    void showResults(ResultsPtr results);
    /// The same snapshot with the optimizer's plan (fast path) added: only
    /// the optimizer's chart is redrawn.
    void showOptimizer(ResultsPtr results);
    /// The same snapshot with its fans over the input ranges: only the cost
    /// curve and the cost-per-token charts are redrawn.
    void showBands(ResultsPtr results);
    /// Marks the charts as of an earlier state while newer results are
    /// computed ("Updating…" over them); showResults clears it.
    void setUpdating(bool updating);
    bool updating() const;
    /// The regime-mix tab shows the optimizer's plan (true, the default) or
    /// the engine's choice per workload.
    void setOptimizerMixShown(bool shown);
    bool optimizerMixShown() const { return m_optimizerMix; }
    /// A new chart of the tab shown, as shown (for export; the caller owns
    /// it), and its file-name key ("regime-mix", "optimizer-mix", …).
    QChart* createCurrentChart() const;
    /// The tab shown's chart, as shown, of other results (an export of the
    /// baseline while a scenario is on screen).
    QChart* createCurrentChart(const PlanResults& results) const;
    QString currentChartKey() const;
    ChartKind currentKind() const;
    /// The optimizer's mix is the regime-mix tab in its first mode: setting
    /// it shows that tab in that mode, and its view is that tab's.
    void setCurrentKind(ChartKind kind);
    QChartView* view(ChartKind kind) const;
    /// Presentation mode: the slide preset's large type on screen.
    void setLarge(bool large);
    /// The results the charts show (for export: the same snapshot).
    ResultsPtr results() const { return m_results; }
    /// The frontier tab's "Use the knee as the ceiling" button.
    QPushButton* kneeButton() const { return m_knee; }

signals:
    /// The knee button was pressed: write the knee of the project's policy
    /// as its ceiling (views/frontier_ceiling.h).
    void kneeAsCeilingRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void placeUpdatingLabel();
    void redraw(int index);
    QChart* createShown(ChartKind kind, const PlanResults& results) const;
    void updateKneeButton();

    std::vector<ChartKind> m_kinds;
    std::vector<FittedChartView*> m_views;
    std::vector<bool> m_stale;
    bool m_large = false;
    bool m_optimizerMix = true;
    QComboBox* m_mixSource = nullptr;
    ResultsPtr m_results;
    QPushButton* m_knee = nullptr;
    QLabel* m_updating = nullptr; ///< over the charts while they are of an earlier state
};

} // namespace fleet::gui
