#include "charts/packing_chart.h"

#include "charts/chart_style.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QValueAxis>

namespace fleet::gui {

QChart* createPackingChart(const PackingReport* report, std::optional<double> usdPerGpuHour,
                           const QString& priceLabel)
{
    if (!report || report->policies.empty())
        return newChart(QObject::tr("Packing: no trace replayed yet (Packing page: choose a node "
                                    "list and a pod list)"));
    QString detail = QObject::tr("Legend: GPUs stranded at 100 % load");
    if (usdPerGpuHour)
        detail += QObject::tr(", priced at %1").arg(priceLabel);
    detail += QObject::tr(" · %1 seeds · %2").arg(report->seeds).arg(report->source);
    QChart* chart = newChart(QObject::tr("Packing: GPUs allocated as the pods arrive"), detail);
    QList<QAbstractSeries*> series;
    const QLocale locale;
    // Six policies, six colours (the themes repeat after five).
    static const QColor colours[] = {QColor(0x9e, 0x9e, 0x9e), QColor(0x1f, 0x77, 0xb4),
                                     QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd),
                                     QColor(0x8c, 0x56, 0x4b), QColor(0xd6, 0x27, 0x28)};
    for (const PolicyPacking& p : report->policies) {
        auto* line = new QLineSeries;
        const double stranded = report->totalGpus * p.unallocatedPctAt100 / 100.0;
        QString name = QObject::tr("%1: %2 %, %3 GPUs")
                           .arg(QString::fromUtf8(pack::policyKey(p.policy).data()))
                           .arg(locale.toString(p.unallocatedPctAt100, 'f', 1))
                           .arg(locale.toString(stranded, 'f', 0));
        if (usdPerGpuHour)
            name += QObject::tr(", $%1 k/mo")
                        .arg(locale.toString(stranded * *usdPerGpuHour * 730.0 / 1000.0, 'f', 0));
        line->setName(name);
        QPen pen(colours[int(p.policy) % 6]);
        pen.setWidthF(2.5);
        line->setPen(pen);
        for (std::size_t k = 0; k < p.allocatedPctByArrivedPct.size(); ++k)
            line->append(double(k), p.allocatedPctByArrivedPct[k]);
        series << line;
    }
    QValueAxis* x = valueAxis(QObject::tr("Arrived GPU requests (% of the %1 GPUs)")
                                  .arg(locale.toString(report->totalGpus)),
                              0, report->load * 100);
    QValueAxis* y = valueAxis(QObject::tr("GPUs allocated (%)"), 0, 100);
    chart->legend()->setAlignment(Qt::AlignRight);
    addXYSeries(chart, series, x, y);
    return chart;
}

} // namespace fleet::gui
