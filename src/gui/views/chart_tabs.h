#pragma once

// The charts, one tab per kind, redrawn from each new results snapshot: the
// visible tab at once, the others when they are shown.

#include "charts/chart_kinds.h"
#include "compute/recompute_service.h"

#include <QTabWidget>

#include <map>

class QChartView;
class QPushButton;

namespace fleet::gui {

class ChartTabs : public QTabWidget
{
    Q_OBJECT

public:
    explicit ChartTabs(QWidget* parent = nullptr);

    void showResults(ResultsPtr results);
    ChartKind currentKind() const;
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

private:
    void redraw(int index);
    void updateKneeButton();

    std::vector<ChartKind> m_kinds;
    std::vector<QChartView*> m_views;
    std::vector<bool> m_stale;
    bool m_large = false;
    ResultsPtr m_results;
    QPushButton* m_knee = nullptr;
};

} // namespace fleet::gui
