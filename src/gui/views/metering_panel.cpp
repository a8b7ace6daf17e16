#include "views/metering_panel.h"

#include "charts/chart_style.h"
#include "joblog/metering_export.h"
#include "perf/gpu_power.h"
#include "views/chart_slot.h"
#include "views/number_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QLineSeries>
#include <QPen>
#include <QPushButton>
#include <QStackedBarSeries>
#include <QTableWidget>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

using namespace fleet::joblog;

namespace {

QString dollars(double value)
{
    return QStringLiteral("%L1").arg(value, 0, 'f', 2);
}

QString hoursText(double h)
{
    return QStringLiteral("%1 h").arg(h, 0, 'f', 2);
}

/// A stacked bar chart of `value` per tenant and month, in `view`; its value
/// axis from 0 to at least `atLeast`.
template <typename Value>
void stackedChart(QChartView* view, const Metering& m, const QString& title, const QString& unit,
                  Value value, bool withCentral, double atLeast = 0)
{
    auto* chart = new QChart();
    chart->setTitle(title);
    auto* series = new QStackedBarSeries(chart);
    QStringList months;
    if (!m.tenants.empty())
        for (const TenantMonth& month : m.tenants.front().months)
            months << monthLabel(month.month); // "Mar 26", as every chart says it
    for (const TenantMeter& t : m.tenants) {
        auto* set = new QBarSet(QString::fromStdString(t.tenant), series);
        for (const TenantMonth& month : t.months)
            *set << value(month, true);
        series->append(set);
    }
    if (withCentral && m.centralCostUsd > 0) {
        auto* set = new QBarSet(QObject::tr("held centrally"), series);
        for (const TenantMonth& month : m.centralMonths)
            *set << value(month, false);
        series->append(set);
    }
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis(chart);
    x->append(months);
    auto* y = new QValueAxis(chart);
    y->setTitleText(unit);
    double top = atLeast;
    for (std::size_t i = 0; i < m.centralMonths.size(); ++i) {
        double stack = withCentral ? value(m.centralMonths[i], false) : 0.0;
        for (const TenantMeter& t : m.tenants)
            stack += value(t.months[i], true);
        top = std::max(top, stack);
    }
    y->setRange(0.0, top > 0 ? top * 1.05 : 1.0);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f")); // whole dollars and GPU-hours, no ".0"
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    replaceChart(view, chart);
}

} // namespace

MeteringPanel::MeteringPanel(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    auto* form = new QFormLayout(this);
    auto* intro = new QLabel(
        tr("<b>Metering</b> — a real cluster's job log metered per tenant on this project's "
           "fleet and prices: GPU-hours, used cost, the idle committed GPUs' cost shared by a "
           "chargeback rule, power and waits (<code>docs/MODEL.md</code> “Per-tenant "
           "metering”). Tenants and the central line sum to the fleet's cost."),
        this);
    intro->setWordWrap(true);
    form->addRow(intro);
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("jobLog"));
    auto* row = new QWidget(this);
    auto* rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    rowLayout->addWidget(m_path, 1);
    auto* browse = new QPushButton(tr("Browse…"), row);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Job log"), m_path->text());
        if (!path.isEmpty())
            m_path->setText(path);
    });
    rowLayout->addWidget(browse);
    form->addRow(tr("Job log:"), row);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("jobLogFormat"));
    for (const char* key : {"sacct", "k8s", "csv"})
        m_format->addItem(QString::fromLatin1(key));
    form->addRow(tr("Format:"), m_format);
    m_rule = new QComboBox(this);
    m_rule->setObjectName(QStringLiteral("chargeback"));
    for (Chargeback rule : {Chargeback::Proportional, Chargeback::Quota, Chargeback::Central})
        m_rule->addItem(QString::fromUtf8(chargebackKey(rule).data()), int(rule));
    m_rule->setToolTip(tr("Who pays for committed GPUs no job held: each tenant by its use, by "
                          "its quota, or nobody (a central line)"));
    form->addRow(tr("Chargeback:"), m_rule);
    m_quotas = new QLineEdit(this);
    m_quotas->setObjectName(QStringLiteral("quotas"));
    m_quotas->setPlaceholderText(tr("NAME=GPUS, … (for the quota rule)"));
    form->addRow(tr("Quotas:"), m_quotas);
    auto* run = new QPushButton(tr("Meter"), this);
    connect(run, &QPushButton::clicked, this, [this] { meter(); });
    form->addRow(QString(), run);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("meteringStatus"));
    form->addRow(m_status);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("meteringTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setMinimumHeight(180);
    form->addRow(m_table);
    m_costChart = newChartSlot(QStringLiteral("meteringCostChart"), 260, this);
    m_hoursChart = newChartSlot(QStringLiteral("meteringHoursChart"), 260, this);
    form->addRow(m_costChart);
    form->addRow(m_hoursChart);
}

bool MeteringPanel::meter(QString* error)
{
    const auto refuse = [&](const QString& why) {
        m_status->setText(tr("Refused: %1").arg(why));
        if (error)
            *error = why;
        return false;
    };
    const auto format = logFormatFromKey(m_format->currentText().toStdString());
    if (!format)
        return refuse(tr("choose a format"));
    MeteringOptions options;
    options.rule = Chargeback(m_rule->currentData().toInt());
    const QString quotas = m_quotas->text().trimmed();
    if (!quotas.isEmpty())
        for (const QString& pair : quotas.split(QLatin1Char(','))) {
            const qsizetype eq = pair.lastIndexOf(QLatin1Char('='));
            bool ok = false;
            const double gpus = eq > 0 ? pair.mid(eq + 1).trimmed().toDouble(&ok) : 0.0;
            if (eq <= 0 || !ok || !(gpus > 0) || !std::isfinite(gpus))
                return refuse(
                    tr("quotas: '%1' must be NAME=GPUS with a number of GPUs above 0").arg(pair));
            options.quotaGpus[pair.left(eq).trimmed().toStdString()] = gpus;
        }
    const auto idle = idleFractionOfTdp();
    if (!idle)
        return refuse(QString::fromStdString(idle.error().toString()));
    options.idleFractionOfTdp = idle.value();
    const auto log = loadJobLog(m_path->text().toStdString(), *format);
    if (!log)
        return refuse(QString::fromStdString(log.error().toString()));
    auto metering = meterTenants(log.value(), m_document->project(), options);
    if (!metering)
        return refuse(QString::fromStdString(metering.error().toString()));
    m_metering = std::move(metering).value();
    showMetering();
    showCharts();
    return true;
}

void MeteringPanel::showMetering()
{
    const Metering& m = *m_metering;
    m_status->setText(
        tr("Fleet cost %1 over %2 at the %3 prices: used %4, idle committed %5 (%6), held "
           "centrally %7. Power %L8 W on average (held GPUs at TDP, idle committed GPUs at %9 % "
           "of TDP, an assumption). Memory efficiency: %10.")
            .arg(formatUsd(m.fleetCostUsd), hoursText((m.spanEndS - m.spanStartS) / 3600.0),
                 QString::fromStdString(m.rates.priceBookId), formatUsd(m.usedCostUsd),
                 formatUsd(m.idleCostUsd), QString::fromUtf8(chargebackKey(m.rule).data()),
                 formatUsd(m.centralCostUsd))
            .arg(m.fleetMeanWatts, 0, 'f', 0)
            .arg(m.rates.idleFractionOfTdp * 100, 0, 'f', 0)
            .arg(QString::fromUtf8(kMemoryEfficiencyNote)));
    const QStringList headers = {tr("Tenant"),   tr("Jobs"),      tr("GPU-hours"), tr("Used USD"),
                                 tr("Idle USD"), tr("Total USD"), tr("Mean W"),    tr("Mean wait"),
                                 tr("p95 wait"), tr("Quota GPUs")};
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(m.tenants.size()) + 1);
    const auto put = [this](int row, int column, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        if (column > 0)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, column, item);
    };
    int row = 0;
    for (const TenantMeter& t : m.tenants) {
        put(row, 0, QString::fromStdString(t.tenant));
        put(row, 1, QStringLiteral("%L1").arg(t.jobs));
        put(row, 2, QStringLiteral("%L1").arg(t.gpuSeconds / 3600.0, 0, 'f', 1));
        put(row, 3, dollars(t.usedCostUsd));
        put(row, 4, dollars(t.idleCostUsd));
        put(row, 5, dollars(t.totalCostUsd()));
        put(row, 6, QStringLiteral("%L1").arg(t.meanWatts, 0, 'f', 0));
        put(row, 7, hoursText(t.meanWaitHours));
        put(row, 8, hoursText(t.p95WaitHours));
        put(row, 9, t.quotaGpus > 0 ? QStringLiteral("%L1").arg(t.quotaGpus) : QStringLiteral("-"));
        ++row;
    }
    put(row, 0, tr("(held centrally)"));
    put(row, 4, dollars(m.centralCostUsd));
    put(row, 5, dollars(m.centralCostUsd));
    put(row, 6, QStringLiteral("%L1").arg(m.idleMeanWatts, 0, 'f', 0));
    m_table->resizeColumnsToContents();
}

void MeteringPanel::showCharts()
{
    const Metering& m = *m_metering;
    stackedChart(
        m_costChart, m,
        tr("Cost by tenant and month (%1 chargeback)")
            .arg(QString::fromUtf8(chargebackKey(m.rule).data())),
        tr("USD"), [](const TenantMonth& month, bool) { return month.totalCostUsd(); }, true);
    double entitled = 0;
    for (const TenantMeter& t : m.tenants)
        for (const TenantMonth& month : t.months)
            entitled =
                std::max(entitled, t.quotaGpus * (month.windowEndS - month.windowStartS) / 3600.0);
    stackedChart(
        m_hoursChart, m, tr("GPU-hours by tenant and month; lines: quota entitlements"),
        tr("GPU-hours"), [](const TenantMonth& month, bool) { return month.gpuSeconds / 3600.0; },
        false, entitled);
    // A quota's entitlement: its GPUs for every hour of the month's window.
    QChart* chart = m_hoursChart->chart();
    const auto axes = chart->axes();
    for (const TenantMeter& t : m.tenants) {
        if (t.quotaGpus <= 0)
            continue;
        auto* line = new QLineSeries(chart);
        line->setName(tr("%1 entitlement").arg(QString::fromStdString(t.tenant)));
        // A step across each month's bar: the quota's GPUs × the month's hours.
        for (std::size_t i = 0; i < t.months.size(); ++i) {
            const double hours = (t.months[i].windowEndS - t.months[i].windowStartS) / 3600.0;
            line->append(double(i) - 0.45, t.quotaGpus * hours);
            line->append(double(i) + 0.45, t.quotaGpus * hours);
        }
        line->setPointsVisible(true);
        // In its tenant's colour, dashed.
        if (auto* bars = qobject_cast<QStackedBarSeries*>(chart->series().value(0)))
            for (QBarSet* set : bars->barSets())
                if (set->label() == QString::fromStdString(t.tenant)) {
                    QPen pen(set->color());
                    pen.setWidthF(2.0);
                    pen.setStyle(Qt::DashLine);
                    line->setPen(pen);
                }
        chart->addSeries(line);
        for (QAbstractAxis* axis : axes)
            line->attachAxis(axis);
    }
}

} // namespace fleet::gui
