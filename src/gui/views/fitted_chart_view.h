#pragma once

// A chart view that fits its chart to the size it is shown at (chart_fit):
// titles wrapped to two lines, category labels wrapped or upright, value
// labels dropped where they would overlap, as exported slides are. The fit
// runs after a resize or a new chart, once the events of that settle, and is
// undone before the next one.

#include "charts/chart_fit.h"

#include <QChartView>
#include <QPointer>
#include <QTimer>

namespace fleet::gui {

class FittedChartView : public QChartView
{
    Q_OBJECT

public:
    explicit FittedChartView(QWidget* parent = nullptr);

    /// Shows `chart` (the view owns it; the caller deletes the one it
    /// replaces) and fits it once it is laid out.
    void showChart(QChart* chart);
    /// Fits the chart shown now (tests; otherwise the timer does).
    void fitNow();
    /// Whether the chart shown has been fitted to the view's size.
    bool isFitted() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QTimer m_fitLater;
    FitUndo m_undo;
    QPointer<QChart> m_fitted;
    QSize m_fittedSize;
    bool m_fitting = false;
};

} // namespace fleet::gui
