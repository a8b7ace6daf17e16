#pragma once

// The sheet of a project's own tenants (project format 3): per tenant its
// segment, count, GPU-hours held, workload cost, shared fleet cost, total,
// quota GPU-hours and use ÷ quota, from the evaluation the app already made
// (engine/tenant_totals.h); and stacked charts of cost and GPU-hours by
// tenant and month with the quotas as entitlement lines. Refreshed with every
// result while shown, on showing when results came while hidden (edits never
// wait for it). docs/MODEL.md, "Tenants".

#include "compute/recompute_service.h"

#include <QWidget>

class QChartView;
class QLabel;
class QTableWidget;

namespace fleet::gui {

class TenantSheet : public QWidget
{
    Q_OBJECT

public:
    explicit TenantSheet(QWidget* parent = nullptr);

    /// The results to show: drawn now when shown, else when next shown.
    void showResults(ResultsPtr results);
    /// Draws the latest results now if they are not drawn yet.
    void refresh();
    QTableWidget* table() const { return m_table; }
    QChartView* costChart() const { return m_costChart; }
    QChartView* hoursChart() const { return m_hoursChart; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    ResultsPtr m_results;
    bool m_stale = false;
    QLabel* m_status;
    QTableWidget* m_table;
    QChartView* m_costChart;
    QChartView* m_hoursChart;
};

} // namespace fleet::gui
