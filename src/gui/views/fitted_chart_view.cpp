#include "views/fitted_chart_view.h"

#include <QChart>
#include <QResizeEvent>

namespace fleet::gui {

namespace {
/// A window being dragged larger resizes the view many times a second: the
/// fit waits until the size has held this long.
constexpr int kFitDelayMs = 40;
} // namespace

FittedChartView::FittedChartView(QWidget* parent) : QChartView(parent)
{
    m_fitLater.setSingleShot(true);
    m_fitLater.setInterval(kFitDelayMs);
    connect(&m_fitLater, &QTimer::timeout, this, &FittedChartView::fitNow);
}

void FittedChartView::showChart(QChart* chart)
{
    m_undo = FitUndo(); // of the chart replaced: nothing to put back
    m_fitted.clear();
    setChart(chart);
    m_fitLater.start();
}

void FittedChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    if (!m_fitting)
        m_fitLater.start();
}

void FittedChartView::showEvent(QShowEvent* event)
{
    QChartView::showEvent(event);
    if (!isFitted())
        m_fitLater.start();
}

void FittedChartView::fitNow()
{
    m_fitLater.stop();
    QChart* shown = chart();
    // The size QChartView gave the chart (the view's, less its frame).
    const QSize size = shown ? shown->size().toSize() : QSize();
    // A view in a tab not shown waits: it is fitted at its real size when shown.
    if (!shown || !scene() || m_fitting || size.isEmpty() || !isVisible())
        return;
    if (m_fitted == shown)
        m_undo.restore(); // fitted at another size: start from the chart as built
    m_fitting = true;
    m_undo = fitChart(shown, scene(), QSizeF(size));
    m_fitting = false;
    m_fitted = shown;
    m_fittedSize = size;
}

bool FittedChartView::isFitted() const
{
    return m_fitted && m_fitted == chart() && m_fittedSize == m_fitted->size().toSize();
}

} // namespace fleet::gui
