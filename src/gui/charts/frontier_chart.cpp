#include "charts/frontier_chart.h"

#include "charts/chart_style.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

namespace fleet::gui {

namespace {
QString policyLabel(PlacementPolicy policy)
{
    switch (policy) {
    case PlacementPolicy::Fifo: return QObject::tr("FIFO");
    case PlacementPolicy::Naive: return QObject::tr("Naive");
    case PlacementPolicy::TopologyAware: return QObject::tr("Topology-aware");
    case PlacementPolicy::PredictivePreemption: return QObject::tr("Predictive preemption");
    case PlacementPolicy::WeightedFair: return QObject::tr("Weighted fair");
    }
    return {};
}
} // namespace

QChart* createFrontierChart(const std::vector<Frontier>& frontiers)
{
    QChart* chart =
        newChart(frontiers.empty() ? QObject::tr("Utilization frontier (not simulated yet)")
                                   : QObject::tr("Utilization frontier: throughput against "
                                                 "utilization, knee per policy"));
    double top = 0;
    QList<QAbstractSeries*> all;
    for (const Frontier& frontier : frontiers) {
        auto* line = new QLineSeries;
        const QString name = policyLabel(frontier.policy);
        // A knee at the edge of the sweep is a bound, and says so.
        const QString at = QString::fromStdString(kneeLoadText(frontier));
        switch (kneeBound(frontier)) {
        case KneeBound::Inside:
            line->setName(QObject::tr("%1 (knee %2 %)")
                              .arg(name)
                              .arg(frontier.kneeUtilization.value_or(0) * 100, 0, 'f', 0));
            break;
        case KneeBound::BelowSweep:
            line->setName(QObject::tr("%1 (knee at load %2: at most %3 %)")
                              .arg(name, at)
                              .arg(frontier.kneeUtilization.value_or(0) * 100, 0, 'f', 0));
            break;
        case KneeBound::AboveSweep:
        case KneeBound::NotSwept:
            line->setName(QObject::tr("%1 (no knee: at load %2, if any)").arg(name, at));
            break;
        }
        line->setPointsVisible(true);
        for (const FrontierPoint& point : frontier.points) {
            line->append(point.result.usefulUtilization * 100, point.result.throughputJobsPerWeek);
            top = std::max(top, point.result.throughputJobsPerWeek);
        }
        all << line;
        if (frontier.kneeUtilization && frontier.kneeLoad) {
            // The knee's throughput, interpolated like its utilization.
            const auto& points = frontier.points;
            double throughput = points.front().result.throughputJobsPerWeek;
            for (std::size_t i = 1; i < points.size(); ++i)
                if (points[i].load >= *frontier.kneeLoad) {
                    const double t = (*frontier.kneeLoad - points[i - 1].load) /
                                     (points[i].load - points[i - 1].load);
                    throughput = points[i - 1].result.throughputJobsPerWeek +
                                 t * (points[i].result.throughputJobsPerWeek -
                                      points[i - 1].result.throughputJobsPerWeek);
                    break;
                }
            auto* knee = new QScatterSeries;
            knee->setName(QObject::tr("%1 knee").arg(name));
            knee->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
            knee->setMarkerSize(14);
            knee->setColor(line->color());
            knee->append(*frontier.kneeUtilization * 100, throughput);
            all << knee;
        }
    }
    QValueAxis* x = valueAxis(QObject::tr("Useful cluster utilization (%)"), 0, 100);
    // A knee or a point at 100 % (a policy that never waits longer than it
    // runs) was half cut by the plot's edge: the axis runs 3 % past each end,
    // with its ticks still at 0, 20, … 100.
    x->setRange(-3, 103);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0);
    x->setTickInterval(20);
    QValueAxis* y = valueAxis(QObject::tr("Throughput (jobs per week)"), 0, top * 1.08);
    addXYSeries(chart, all, x, y);
    // Knee markers take their line's colour (set after the theme assigned
    // it); the line's legend entry already names the knee.
    for (int i = 0; i + 1 < all.size(); ++i)
        if (auto* knee = qobject_cast<QScatterSeries*>(all[i + 1])) {
            knee->setColor(static_cast<QLineSeries*>(all[i])->color());
            for (QLegendMarker* marker : chart->legend()->markers(knee))
                marker->setVisible(false);
        }
    return chart;
}

} // namespace fleet::gui
