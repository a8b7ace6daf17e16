#include "charts/chart_style.h"

#include "model/catalog.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDate>
#include <QLegend>
#include <QLocale>
#include <QValueAxis>

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

QValueAxis* valueAxis(const QString& title, double min, double max, const QString& format)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(min, max > min ? max : min + 1.0);
    axis->setLabelFormat(format);
    axis->applyNiceNumbers();
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

void applySlidePreset(QChart* chart)
{
    if (chart->theme() != QChart::ChartThemeDark) // on screen, a dark desktop stays dark
        chart->setTheme(QChart::ChartThemeLight);
    QFont title = chart->titleFont();
    title.setPointSizeF(26);
    title.setBold(true);
    chart->setTitleFont(title);
    QFont body = chart->legend()->font();
    body.setPointSizeF(15);
    chart->legend()->setFont(body);
    QFont values = body;
    values.setPointSizeF(13);
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
