#include "charts/compute_price_chart.h"

#include "charts/chart_style.h"
#include "views/what_if_note.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

namespace {
/// "NVIDIA H100 SXM5 80GB" → "H100 SXM5 80GB": the vendor is in the tooltip and table.
QString shortName(const GpuModel& gpu)
{
    QString name = QString::fromStdString(gpu.name);
    for (const char* prefix : {"NVIDIA ", "AMD Instinct ", "AMD "})
        if (name.startsWith(QLatin1String(prefix)))
            return name.mid(static_cast<int>(qstrlen(prefix)));
    return name;
}
} // namespace

QChart* createComputePriceChart(const PriceBook& book, const ComputePriceTable& table)
{
    QChart* chart = newChart(
        QObject::tr("Cost of one hour of dense BF16 compute at the list prices of %1, as of %2%3")
            .arg(QString::fromStdString(book.name), QString::fromStdString(book.asOf),
                 whatIfPriceFactor(book)
                     ? QObject::tr(", × %1 (what-if)")
                           .arg(chartLocale().toString(*whatIfPriceFactor(book), 'f', 2))
                     : QString()));

    auto* series = new QBarSeries;
    double maxValue = 0.0;
    for (std::size_t p = 0; p < table.plans.size(); ++p) {
        auto* set = new QBarSet(QString::fromUtf8(
            planLabel(table.plans[p]).data(), static_cast<int>(planLabel(table.plans[p]).size())));
        for (std::size_t g = 0; g < table.gpus.size(); ++g) {
            // A plan the book does not offer for this GPU is drawn as no bar
            // (zero height, no label) rather than left out, so bars stay aligned.
            // In cents, as the number format writes dollars above a dime: a
            // label read "$0.955" (views/number_format.h).
            double value = table.cell(p, g).usdPerDensePflopHour.value_or(0.0);
            if (value >= 0.095)
                value = std::round(value * 100.0) / 100.0;
            set->append(value);
            maxValue = std::max(maxValue, value);
        }
        series->append(set);
    }
    // Significant digits: the whole dollars and the cents.
    setValueLabels(series, maxValue, int(std::floor(std::log10(std::max(maxValue, 1.0)))) + 3,
                   QStringLiteral("$@value"));
    chart->addSeries(series);

    QStringList categories;
    for (const GpuModel* gpu : table.gpus)
        categories << shortName(*gpu);
    auto* xAxis = new QBarCategoryAxis;
    xAxis->append(categories);
    xAxis->setTitleText(QObject::tr(
        "GPU priced in this book · price per GPU-hour ÷ peak dense BF16 PFLOPS (before MFU)"));
    chart->addAxis(xAxis, Qt::AlignBottom);
    series->attachAxis(xAxis);

    QValueAxis* yAxis =
        valueAxis(QObject::tr("USD per PFLOP-hour"), 0.0, maxValue * 1.05, QStringLiteral("%.2f"));
    chart->addAxis(yAxis, Qt::AlignLeft);
    series->attachAxis(yAxis);

    return chart;
}

} // namespace fleet::gui
