#include "charts/chart_style.h"

#include "model/catalog.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>
#include <QValueAxis>

namespace fleet::gui {

QChart* newChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
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

QString wrapLabel(const QString& label, int width)
{
    QStringList lines{QString()};
    for (const QString& word : label.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.back().isEmpty() && lines.back().size() + 1 + word.size() > width)
            lines << QString();
        lines.back() += (lines.back().isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    return lines.join(QStringLiteral("<br>"));
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
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(body);
        QFont axisTitle = body;
        axisTitle.setBold(true);
        axis->setTitleFont(axisTitle);
    }
}

} // namespace fleet::gui
