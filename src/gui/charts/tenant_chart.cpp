#include "charts/tenant_chart.h"

#include "charts/chart_style.h"
#include "charts/regime_mix_chart.h"

#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QStackedBarSeries>

#include <algorithm>

namespace fleet::gui {

namespace {

/// The horizon's months ("2027-01", …) of the snapshot, as its other month charts name them.
const std::vector<std::string>& monthsOf(const PlanResults& results)
{
    return results.regimeMix.months;
}

/// The largest month of the stacked `value` over the lines.
template <typename Value>
double largestStack(const std::vector<TenantTotal>& lines, std::size_t months, Value value)
{
    double top = 0;
    for (std::size_t m = 0; m < months; ++m) {
        double stack = 0;
        for (const TenantTotal& line : lines)
            if (m < line.months.size())
                stack += value(line.months[m]);
        top = std::max(top, stack);
    }
    return top;
}

} // namespace

const Tenant* tenantRow(const Project& project, const std::string& id)
{
    for (const Tenant& tenant : project.tenants)
        if (tenant.id == id)
            return &tenant;
    return nullptr;
}

QString tenantLineName(const Project& project, const TenantTotal& line)
{
    if (!line.tenantId.empty()) {
        const Tenant* tenant = tenantRow(project, line.tenantId);
        const QString name =
            QString::fromStdString(tenant && !tenant->name.empty() ? tenant->name : line.tenantId);
        return line.tenants > 1 ? QObject::tr("%1 (%2 tenants)").arg(name).arg(line.tenants) : name;
    }
    if (!line.segmentId.empty()) {
        const Segment* segment = project.segment(line.segmentId);
        const QString name = QString::fromStdString(
            segment && !segment->name.empty() ? segment->name : line.segmentId);
        return QObject::tr("%1 (no tenants)").arg(name);
    }
    return QObject::tr("Held centrally");
}

QChart* createTenantCostChart(const PlanResults& results, const std::vector<TenantTotal>& lines)
{
    const std::vector<std::string>& months = monthsOf(results);
    const UsdScale scale = usdScale(largestStack(
        lines, months.size(), [](const TenantMonthTotal& m) { return m.totalCostUsd(); }));
    MonthSets sets;
    for (const TenantTotal& line : lines) {
        std::vector<double> values;
        for (const TenantMonthTotal& month : line.months)
            values.push_back(month.totalCostUsd() / scale.divisor);
        sets.emplace_back(tenantLineName(results.project, line), std::move(values));
    }
    return createStackedMonthChart(
        QObject::tr("Cost by tenant and month"),
        QObject::tr("A segment's workloads shared among its tenants by quota × cost weight; "
                    "committed GPUs no workload holds shared by use"),
        months, sets, scale.unit);
}

QChart* createTenantHoursChart(const PlanResults& results, const std::vector<TenantTotal>& lines)
{
    const std::vector<std::string>& months = monthsOf(results);
    MonthSets sets;
    // A quota's entitlement stands on its tenant's band: the stack below the
    // band plus the GPU-hours it may use, so a band above its line is over quota.
    struct Entitlement
    {
        QString name;
        std::vector<double> top; ///< by month
    };
    std::vector<Entitlement> entitlements;
    std::vector<double> below(months.size(), 0.0);
    double highest = 0;
    for (const TenantTotal& line : lines) {
        if (line.segmentId.empty())
            continue; // the central line holds no GPU-hours
        std::vector<double> values(months.size(), 0.0);
        for (std::size_t m = 0; m < months.size() && m < line.months.size(); ++m)
            values[m] = line.months[m].gpuHoursHeld;
        const QString name = tenantLineName(results.project, line);
        if (const Tenant* tenant = tenantRow(results.project, line.tenantId))
            if (const auto entitled = entitledGpuHoursPerMonth(*tenant)) {
                Entitlement entitlement{name, below};
                for (double& top : entitlement.top) {
                    top += *entitled;
                    highest = std::max(highest, top);
                }
                entitlements.push_back(std::move(entitlement));
            }
        for (std::size_t m = 0; m < months.size(); ++m)
            below[m] += values[m];
        sets.emplace_back(name, std::move(values));
    }
    QChart* chart = createStackedMonthChart(
        QObject::tr("GPU-hours held by tenant and month"),
        entitlements.empty()
            ? QString()
            : QObject::tr("Dashed lines: each tenant's quota per month, from the bottom of its "
                          "band (a band above its line is over quota)"),
        months, sets, QObject::tr("GPU-hours held"), highest * 1.05);
    // Each entitlement across its months' bars, dashed in its tenant's colour.
    const auto bars = qobject_cast<QStackedBarSeries*>(chart->series().value(0));
    const QList<QAbstractAxis*> axes = chart->axes();
    for (const Entitlement& entitlement : entitlements) {
        auto* line = new QLineSeries;
        line->setName(QObject::tr("%1 quota").arg(entitlement.name));
        for (std::size_t m = 0; m < entitlement.top.size(); ++m) {
            line->append(double(m) - 0.4, entitlement.top[m]);
            line->append(double(m) + 0.4, entitlement.top[m]);
        }
        QPen pen(Qt::black);
        if (bars)
            for (QBarSet* set : bars->barSets())
                if (set->label() == entitlement.name)
                    pen.setColor(set->color());
        pen.setWidthF(2.5);
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        chart->addSeries(line);
        for (QAbstractAxis* axis : axes)
            line->attachAxis(axis);
    }
    return chart;
}

} // namespace fleet::gui
