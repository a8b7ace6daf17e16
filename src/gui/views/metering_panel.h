#pragma once

// The Metering page: choose a job log (sacct, pod list or CSV) and a
// chargeback rule; the log's tenants are metered on the project's fleet and
// prices (joblog/tenant_metering.h) — a KPI table per tenant and stacked
// charts of cost and GPU-hours by tenant and month, with each quota's
// entitlement as a line. docs/MODEL.md, "Per-tenant metering".

#include "document/project_document.h"
#include "joblog/tenant_metering.h"

#include <QWidget>

#include <optional>

class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace fleet::gui {

class MeteringPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MeteringPanel(ProjectDocument* document, QWidget* parent = nullptr);

    /// Reads the log in the path field and meters it with the chosen rule and
    /// quotas; false with the reason shown (and in `error`) when refused.
    bool meter(QString* error = nullptr);
    const std::optional<joblog::Metering>& metering() const { return m_metering; }
    QTableWidget* table() const { return m_table; }

private:
    void showMetering();
    void showCharts();

    ProjectDocument* m_document;
    QLineEdit* m_path;
    QComboBox* m_format;
    QComboBox* m_rule;
    QLineEdit* m_quotas;
    QLabel* m_status;
    QTableWidget* m_table;
    QChartView* m_costChart;
    QChartView* m_hoursChart;
    std::optional<joblog::Metering> m_metering;
};

} // namespace fleet::gui
