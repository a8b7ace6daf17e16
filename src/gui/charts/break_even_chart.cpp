#include "charts/break_even_chart.h"

#include "charts/chart_style.h"
#include "views/what_if_note.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

namespace fleet::gui {

QChart* createBreakEvenChart(const Catalog& catalog, const BreakEvenData& data)
{
    // A book the GPU-prices slider scaled says so (views/drivers.h).
    QString whatIf;
    for (const PriceBook& book : catalog.priceBooks)
        if (book.name == data.priceBookName)
            if (const auto factor = whatIfPriceFactor(book))
                whatIf =
                    QObject::tr(" × %1 (what-if)").arg(chartLocale().toString(*factor, 'f', 2));
    QChart* chart = newChart(
        QObject::tr("Break-even: USD per busy GPU-hour of %1 by plan, at the list prices of %2%3")
            .arg(gpuShortName(catalog, data.gpuId), QString::fromStdString(data.priceBookName),
                 whatIf));
    // Committed plans are paid every hour: price ÷ utilization per busy hour.
    constexpr double kFrom = 0.1;
    double top = 0;
    double onDemand = 0;
    for (const BreakEvenLine& line : data.lines)
        if (line.plan == Plan::OnDemand)
            onDemand = line.usdPerGpuHour;
    auto* marks = new QScatterSeries;
    marks->setName(QObject::tr("Break-even with on-demand"));
    marks->setMarkerSize(11);
    QList<QAbstractSeries*> all;
    for (const BreakEvenLine& line : data.lines) {
        auto* series = new QLineSeries;
        series->setName(QString::fromUtf8(planLabel(line.plan).data()) +
                        (line.breakEvenUtilization
                             ? QObject::tr(" (break-even %1 %)")
                                   .arg(*line.breakEvenUtilization * 100, 0, 'f', 0)
                             : QString()));
        for (int i = 0; i <= 90; ++i) {
            const double u = kFrom + i * 0.01;
            const double usd = line.committed ? line.usdPerGpuHour / u : line.usdPerGpuHour;
            series->append(u * 100, usd);
        }
        top = std::max(top, line.committed ? std::min(line.usdPerGpuHour / kFrom,
                                                      3 * std::max(onDemand, line.usdPerGpuHour))
                                           : line.usdPerGpuHour);
        if (line.breakEvenUtilization)
            marks->append(*line.breakEvenUtilization * 100, onDemand);
        all << series;
    }
    if (marks->count() > 0)
        all << marks;
    else
        delete marks;
    QValueAxis* x = valueAxis(QObject::tr("Utilization of the GPUs paid for (%)"), 0, 100);
    QValueAxis* y =
        valueAxis(QObject::tr("USD per busy GPU-hour"), 0, top * 1.05, QStringLiteral("%.2f"));
    addXYSeries(chart, all, x, y);
    return chart;
}

} // namespace fleet::gui
