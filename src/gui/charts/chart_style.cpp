#include "charts/chart_style.h"

#include "charts/band_style.h"
#include "model/catalog.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDate>
#include <QLegend>
#include <QLocale>
#include <QRegularExpression>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

QLocale chartLocale()
{
    return QLocale(QLocale::English, QLocale::UnitedStates);
}

void setChartTitles(QChart* chart, const QString& title, const QString& subtitle)
{
    chart->setProperty(kTitleProperty, title);
    chart->setProperty(kSubtitleProperty, subtitle);
    chart->setTitle(
        subtitle.isEmpty()
            ? title.toHtmlEscaped()
            : QStringLiteral("%1<br><span style=\"font-size:small; font-weight:normal\">%2</span>")
                  .arg(title.toHtmlEscaped(), subtitle.toHtmlEscaped()));
}

QChart* newChart(const QString& title, const QString& subtitle)
{
    auto* chart = new QChart;
    setChartTitles(chart, title, subtitle);
    chart->setLocale(chartLocale());
    chart->setLocalizeNumbers(true);
    chart->setAnimationOptions(QChart::NoAnimation);
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

int tickDecimals(double min, double max, int tickCount, int fewest)
{
    // Decimals enough to write every tick exactly (0.25 needs two); a tick
    // interval finer than a millionth is written with six.
    const double interval = tickCount > 1 ? (max - min) / (tickCount - 1) : 0.0;
    int decimals = std::max(0, fewest);
    for (; decimals < 6; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        const auto exact = [&](double v) {
            return std::abs(v * scale - std::round(v * scale)) <=
                   1e-6 * std::max(1.0, std::abs(v * scale));
        };
        if (exact(interval) && std::round(interval * scale) >= 1 && exact(min))
            break;
    }
    return decimals;
}

QValueAxis* valueAxis(const QString& title, double min, double max, const QString& format)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(min, max > min ? max : min + 1.0);
    axis->setLabelFormat(format);
    axis->applyNiceNumbers();
    // "%.0f" over 0..1 in steps of 0.2 would write "0, 0, 0, 1, 1, 1": the
    // decimals follow the tick interval, never fewer than `format` asks.
    static const QRegularExpression fixed(QStringLiteral("^%\\.(\\d)f$"));
    if (const QRegularExpressionMatch match = fixed.match(format); match.hasMatch()) {
        const int decimals =
            tickDecimals(axis->min(), axis->max(), axis->tickCount(), match.captured(1).toInt());
        axis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
    }
    return axis;
}

QString gpuShortName(const Catalog& catalog, const std::string& gpuId)
{
    const GpuModel* gpu = catalog.gpu(gpuId);
    if (!gpu)
        return QString::fromStdString(gpuId);
    QString name = QString::fromStdString(gpu->name);
    for (const char* prefix : {"NVIDIA ", "AMD Instinct ", "AMD "})
        if (name.startsWith(QLatin1String(prefix)))
            return name.mid(static_cast<int>(qstrlen(prefix)));
    return name;
}

void addXYSeries(QChart* chart, const QList<QAbstractSeries*>& series, QValueAxis* x, QValueAxis* y)
{
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* one : series) {
        chart->addSeries(one);
        one->attachAxis(x);
        one->attachAxis(y);
    }
}

UsdScale usdScale(double magnitude)
{
    if (magnitude >= 5e6)
        return {1e6, QObject::tr("USD millions")};
    if (magnitude >= 5e3)
        return {1e3, QObject::tr("USD thousands")};
    return {1.0, QObject::tr("USD")};
}

void setValueLabels(QAbstractBarSeries* series, double largest, int significant,
                    const QString& format)
{
    const int whole = largest >= 1.0 ? int(std::floor(std::log10(largest))) + 1 : 1;
    series->setLabelsVisible(true);
    series->setLabelsFormat(format);
    series->setLabelsPrecision(std::max(significant, whole));
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
}

QString monthLabel(const std::string& month)
{
    const QDate date = QDate::fromString(QString::fromStdString(month) + QStringLiteral("-01"),
                                         QStringLiteral("yyyy-MM-dd"));
    if (!date.isValid())
        return QString::fromStdString(month);
    return chartLocale().toString(date, QStringLiteral("MMM yy"));
}

int monthStep(std::size_t months)
{
    for (int step : {1, 2, 3, 4, 6})
        if (months <= std::size_t(12 * step))
            return step;
    return 12;
}

void applySlidePreset(QChart* chart, qreal scale)
{
    if (chart->theme() != QChart::ChartThemeDark) { // on screen, a dark desktop stays dark
        chart->setTheme(QChart::ChartThemeLight);
        styleBands(chart); // the theme set every series' colours anew
    }
    // Smaller still than in proportion on a laptop's slide (22 × 0.71 pt at
    // 768 px, 26 pt from 1080 px): a long title keeps to one line and the
    // plot keeps half the screen (issue 32).
    QFont title = chart->titleFont();
    title.setPointSizeF((22 + 4 * std::clamp((scale - 0.7) / 0.3, 0.0, 1.0)) * scale);
    title.setBold(true);
    chart->setTitleFont(title);
    QFont body = chart->legend()->font();
    body.setPointSizeF(15 * scale);
    chart->legend()->setFont(body);
    QFont values = body;
    values.setPointSizeF(13 * scale);
    for (QAbstractSeries* series : chart->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets())
                set->setLabelFont(values);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(body);
        QFont axisTitle = body;
        axisTitle.setBold(true);
        axis->setTitleFont(axisTitle);
    }
}

} // namespace fleet::gui
