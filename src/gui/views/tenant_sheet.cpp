#include "views/tenant_sheet.h"

#include "charts/tenant_chart.h"
#include "compute/scenario_name.h"
#include "engine/tenant_totals.h"
#include "views/chart_slot.h"
#include "views/number_format.h"

#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fleet::gui {

namespace {

QString decimalText(double value, int decimals)
{
    return QStringLiteral("%L1").arg(value, 0, 'f', decimals);
}

/// "quota GPU-hours", "quota GPUs", "count": how a segment's use was shared.
QString ruleLabel(const std::string& rule)
{
    if (rule == "quota_gpu_hours")
        return QObject::tr("quota GPU-hours");
    if (rule == "quota_gpus")
        return QObject::tr("quota GPUs");
    return QString::fromStdString(rule);
}

} // namespace

TenantSheet::TenantSheet(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("tenantSheetStatus"));
    m_status->setWordWrap(true);
    m_status->setText(tr("Waiting for the evaluation…"));
    layout->addWidget(m_status);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("tenantSheetTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    // As tall as its rows: the page scrolls, not the table.
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    layout->addWidget(m_table);
    m_costChart = newChartSlot(QStringLiteral("tenantCostChart"), 340, this);
    m_hoursChart = newChartSlot(QStringLiteral("tenantHoursChart"), 340, this);
    layout->addWidget(m_costChart);
    layout->addWidget(m_hoursChart);
}

void TenantSheet::showResults(ResultsPtr results)
{
    m_results = std::move(results);
    m_stale = true;
    if (isVisible())
        refresh();
}

void TenantSheet::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh();
}

void TenantSheet::refresh()
{
    if (!m_stale || !m_results)
        return;
    m_stale = false;
    const PlanResults& results = *m_results;
    const Project& project = results.project;
    const std::vector<TenantTotal> lines = tenantTotals(project, results.evaluation);
    const std::size_t months = results.evaluation.kpis.monthlyCostUsd.size();
    const QString scenario =
        results.scenario.empty()
            ? tr("the baseline")
            : tr("scenario %1").arg(scenarioName(results.baseProject, results.scenario));
    const QString fleet = formatUsd(results.evaluation.kpis.totalCostUsd);
    m_status->setText(
        project.tenants.empty()
            ? tr("This project names no tenants: each segment below is one customer. Add "
                 "tenants (or a count of alike tenants) in the Tenants table on the Segments "
                 "page for quotas and cost weights. The lines sum to the fleet's cost, %1 "
                 "over %2 months (%3).")
                  .arg(fleet)
                  .arg(months)
                  .arg(scenario)
            : tr("The evaluation shown (%1), per tenant: each segment's workloads' GPU-hours "
                 "and cost shared among its tenants by quota (GPU-hours share by quota, cost "
                 "by quota × cost weight; alike when not every tenant states one), the "
                 "committed GPUs no workload holds shared by use (docs/MODEL.md, “Tenants”). "
                 "The lines sum to the fleet's cost, %2 over %3 months.")
                  .arg(scenario, fleet)
                  .arg(months));

    // Two-line headers for the long ones: the table fits a laptop's width.
    const QStringList headers = {tr("Tenant"),
                                 tr("Segment"),
                                 tr("Tenants"),
                                 tr("Shared by"),
                                 tr("GPU-hours\nheld"),
                                 tr("Workload\nUSD"),
                                 tr("Shared\nUSD"),
                                 tr("Total USD"),
                                 tr("Quota\nGPU-hours"),
                                 tr("Use ÷\nquota"),
                                 tr("Memory used\n÷ allocated")};
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(lines.size()) + 1);
    const auto put = [this](int row, int column, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        if (column >= 2)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, column, item);
    };
    int row = 0;
    double hours = 0, workload = 0, shared = 0;
    for (const TenantTotal& line : lines) {
        put(row, 0, tenantLineName(project, line));
        const Segment* segment = project.segment(line.segmentId);
        put(row, 1, segment ? QString::fromStdString(segment->name) : QString());
        put(row, 2, line.tenantId.empty() ? QString() : decimalText(line.tenants, 0));
        put(row, 3, ruleLabel(line.rule));
        put(row, 4, decimalText(line.gpuHoursHeld, 1));
        put(row, 5, decimalText(line.workloadCostUsd, 2));
        put(row, 6, decimalText(line.sharedFleetCostUsd, 2));
        put(row, 7, decimalText(line.totalCostUsd(), 2));
        const Tenant* tenant = tenantRow(project, line.tenantId);
        if (const auto entitled = tenant ? entitledGpuHoursPerMonth(*tenant) : std::nullopt;
            entitled && *entitled > 0) {
            const double quota = *entitled * double(months);
            const double use = line.gpuHoursHeld / quota;
            put(row, 8, decimalText(quota, 0));
            put(row, 9, QStringLiteral("%L1 %").arg(100 * use, 0, 'f', 1));
            if (use > 1) {
                m_table->item(row, 9)->setForeground(Qt::red);
                m_table->item(row, 9)->setToolTip(tr("Holds more GPU-hours than its quota"));
            }
        }
        if (line.memoryEfficiency) {
            put(row, 10, QStringLiteral("%L1 %").arg(100 * *line.memoryEfficiency, 0, 'f', 1));
            m_table->item(row, 10)->setToolTip(
                tr("GPU memory the segment's services, notebooks and batch jobs use ÷ the "
                   "memory of the GPUs (or shares) they hold; training runs are left out (the "
                   "engine counts their state, not the activations that fill the rest)"));
        }
        hours += line.gpuHoursHeld;
        workload += line.workloadCostUsd;
        shared += line.sharedFleetCostUsd;
        ++row;
    }
    put(row, 0, tr("Total"));
    put(row, 4, decimalText(hours, 1));
    put(row, 5, decimalText(workload, 2));
    put(row, 6, decimalText(shared, 2));
    put(row, 7, decimalText(workload + shared, 2));
    QFont bold = m_table->font();
    bold.setBold(true);
    for (int column = 0; column < m_table->columnCount(); ++column)
        if (QTableWidgetItem* item = m_table->item(row, column))
            item->setFont(bold);
    m_table->resizeColumnsToContents();

    replaceChart(m_costChart, createTenantCostChart(results, lines));
    replaceChart(m_hoursChart, createTenantHoursChart(results, lines));
}

} // namespace fleet::gui
