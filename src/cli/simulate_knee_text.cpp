#include "simulate_knee_text.h"

#include <QStringList>

#include <cmath>

namespace fleet::cli {

boost::json::value kneeBoundJson(const Frontier& frontier)
{
    switch (kneeBound(frontier)) {
    case KneeBound::BelowSweep: return "below";
    case KneeBound::AboveSweep: return "above";
    case KneeBound::Inside:
    case KneeBound::NotSwept: break;
    }
    return nullptr;
}

QString kneeSentence(const Frontier& frontier, double utilization)
{
    const QString at = QString::fromStdString(kneeLoadText(frontier));
    switch (kneeBound(frontier)) {
    case KneeBound::BelowSweep:
        return QStringLiteral("knee %1 (found at the first load swept: a bound, not a "
                              "measurement; useful utilization at most %2 %; sweep lower loads)")
            .arg(at)
            .arg(utilization * 100, 0, 'f', 1);
    case KneeBound::AboveSweep:
    case KneeBound::NotSwept:
        return QStringLiteral("no knee within the loads swept (knee %1, if any)").arg(at);
    case KneeBound::Inside: break;
    }
    return QStringLiteral("knee at load %1: useful utilization %2 %")
        .arg(at)
        .arg(utilization * 100, 0, 'f', 1);
}

QString kneeText(const KneeSpread& spread, const Frontier& frontier)
{
    QString text = QStringLiteral("  knee per seed:");
    for (const SeedKnee& knee : spread.knees)
        text +=
            knee.utilization
                ? QStringLiteral(" %1: %2 %").arg(knee.seed).arg(*knee.utilization * 100, 0, 'f', 1)
                : QStringLiteral(" %1: none").arg(knee.seed);
    text += QLatin1Char('\n');
    if (!spread.medianLoad)
        return text + QStringLiteral("  no knee within the loads swept for half the seeds or "
                                     "more (knee %1, if any)\n")
                          .arg(QString::fromStdString(kneeLoadText(frontier)));
    return text + QStringLiteral("  median of %1 seeds: %2 (seeds range %3 to %4 %)\n")
                      .arg(spread.knees.size())
                      .arg(kneeSentence(frontier, *spread.medianUtilization))
                      .arg(spread.lowUtilization.value_or(0) * 100, 0, 'f', 1)
                      .arg(spread.highUtilization.value_or(0) * 100, 0, 'f', 1);
}

QString deliveredLoadNote(const Frontier& frontier)
{
    QStringList off;
    for (const FrontierPoint& point : frontier.points)
        if (std::abs(point.result.utilization - point.load) > kDeliveredLoadTolerance)
            off << QString::number(point.load, 'f', 2);
    if (off.isEmpty())
        return {};
    return QStringLiteral("The load delivered (utilization) differs from the load asked by more "
                          "than %1 at load %2: one run's work differs from its expectation (a "
                          "heavy tail's few long, large jobs), or the queue grew past what the "
                          "policy can place; read the frontier against utilization, or simulate "
                          "more jobs.\n")
        .arg(kDeliveredLoadTolerance, 0, 'f', 2)
        .arg(off.join(QStringLiteral(", ")));
}

} // namespace fleet::cli
