#include "charts/sweep_charts.h"

#include "charts/chart_style.h"
#include "charts/empty_chart.h"
#include "charts/sweep_labels.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsObject>
#include <QLegend>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

namespace {

/// Space right of the plot for the color scale and its labels.
constexpr int kScaleMargin = 150;

struct HeatCell
{
    int x = 0;
    int y = 0;
    std::optional<double> mean;
    QString text;
};

/// The heat map's cells and color scale, painted over the chart's plot
/// area wherever the chart is laid out (on screen, in an export, on a
/// slide), so cells and labels follow the axes.
class HeatCellsItem : public QGraphicsObject
{
public:
    HeatCellsItem(QChart* chart, QXYSeries* anchor, std::vector<HeatCell> cells, double low,
                  double high, QStringList scaleLabels)
        : QGraphicsObject(chart), m_chart(chart), m_anchor(anchor), m_cells(std::move(cells)),
          m_low(low), m_high(high), m_scaleLabels(std::move(scaleLabels))
    {
        setZValue(10);
        QObject::connect(chart, &QChart::plotAreaChanged, this, [this] { refresh(); });
    }

    QRectF boundingRect() const override { return m_chart->rect(); }

    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        const QRectF plot = m_chart->plotArea();
        if (plot.isEmpty())
            return;
        QFont font = m_chart->axes(Qt::Horizontal).isEmpty()
                         ? m_chart->font()
                         : m_chart->axes(Qt::Horizontal).front()->labelsFont();
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        for (const HeatCell& cell : m_cells) {
            const QPointF a = m_chart->mapToPosition(QPointF(cell.x - 0.5, cell.y - 0.5), m_anchor);
            const QPointF b = m_chart->mapToPosition(QPointF(cell.x + 0.5, cell.y + 0.5), m_anchor);
            const QRectF rect = QRectF(a, b).normalized();
            const QColor fill =
                cell.mean ? sweepHeatColor(position(*cell.mean)) : QColor(0xe6, 0xe6, 0xe6);
            painter->fillRect(rect, fill);
            painter->setPen(QPen(Qt::white, 1));
            painter->drawRect(rect);
            // The value, in the axis labels' type, smaller or not at all
            // when the cell is too small for it.
            QFont cellFont = font;
            for (int i = 0; i < 4; ++i) {
                const QFontMetricsF metrics(cellFont);
                if (metrics.horizontalAdvance(cell.text) <= rect.width() - 4 &&
                    metrics.height() <= rect.height() - 2)
                    break;
                cellFont.setPointSizeF(cellFont.pointSizeF() * 0.85);
            }
            const QFontMetricsF metrics(cellFont);
            if (metrics.horizontalAdvance(cell.text) > rect.width() - 2 ||
                metrics.height() > rect.height())
                continue;
            painter->setFont(cellFont);
            // Dark type on a light cell, white on a dark one, by luminance.
            const double luminance =
                0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF();
            painter->setPen(luminance > 0.5 ? QColor(0x20, 0x20, 0x20) : Qt::white);
            painter->drawText(rect, Qt::AlignCenter, cell.text);
        }
        // The color scale: a bar right of the plot, lowest at the bottom.
        painter->setRenderHint(QPainter::Antialiasing, true);
        const QRectF bar(plot.right() + 16, plot.top(), 18, plot.height());
        QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
        for (int i = 0; i <= 10; ++i)
            gradient.setColorAt(i / 10.0, sweepHeatColor(i / 10.0));
        painter->fillRect(bar, gradient);
        painter->setPen(QColor(0x60, 0x60, 0x60));
        painter->drawRect(bar);
        painter->setFont(font);
        const QFontMetricsF metrics(font);
        const int count = int(m_scaleLabels.size());
        for (int i = 0; i < count; ++i) {
            const double t = count > 1 ? double(i) / (count - 1) : 0.0;
            const qreal y = bar.bottom() - t * bar.height();
            painter->drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
            const QRectF label(bar.right() + 7, y - metrics.height() / 2,
                               kScaleMargin - bar.width() - 24, metrics.height());
            painter->drawText(label, Qt::AlignLeft | Qt::AlignVCenter, m_scaleLabels[i]);
        }
        painter->restore();
    }

private:
    void refresh()
    {
        prepareGeometryChange();
        update();
    }
    double position(double value) const
    {
        return m_high > m_low ? (value - m_low) / (m_high - m_low) : 0.5;
    }

    QChart* m_chart;
    QXYSeries* m_anchor;
    std::vector<HeatCell> m_cells;
    double m_low;
    double m_high;
    QStringList m_scaleLabels;
};

/// A category axis over levels 0…n−1, each labelled (every k-th when many).
QCategoryAxis* levelAxis(const sweep::SweepResultInput& input)
{
    auto* axis = new QCategoryAxis;
    const int count = int(input.levels.size());
    axis->setRange(-0.5, count - 0.5);
    axis->setStartValue(-0.5);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setGridLineVisible(false);
    const int step = std::max(1, (count + 11) / 12);
    for (int i = 0; i < count; i += step)
        axis->append(sweepLevelText(input, input.levels[std::size_t(i)]), i);
    axis->setTitleText(
        step == 1 ? sweepInputTitle(input)
                  : QObject::tr("%1 (every %2th labelled)").arg(sweepInputTitle(input)).arg(step));
    return axis;
}

} // namespace

QColor sweepHeatColor(double t)
{
    // Viridis at five stops, light (low) to dark (high).
    static const QColor stops[] = {QColor(0xfd, 0xe7, 0x25), QColor(0x5e, 0xc9, 0x62),
                                   QColor(0x21, 0x91, 0x8c), QColor(0x3b, 0x52, 0x8b),
                                   QColor(0x44, 0x01, 0x54)};
    t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * 4.0;
    const int i = std::min(3, int(std::floor(t)));
    const double f = t - i;
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(float(a.redF() + f * (b.redF() - a.redF())),
                            float(a.greenF() + f * (b.greenF() - a.greenF())),
                            float(a.blueF() + f * (b.blueF() - a.blueF())));
}

QChart* createSweepHeatMap(const sweep::SweepResults& results, const SweepHeatMapChoice& choice)
{
    const QString noMap = QObject::tr("Heat map");
    if (choice.command >= results.commands.size())
        return createEmptyChart(noMap, QObject::tr("The result holds no command"));
    const sweep::SweepResultCommand& command = results.commands[choice.command];
    if (results.inputs.size() < 2)
        return createEmptyChart(noMap, QObject::tr("A heat map needs two inputs; this sweep "
                                                   "varies %1")
                                           .arg(results.inputs.size()));
    if (choice.x == choice.y || choice.x >= results.inputs.size() ||
        choice.y >= results.inputs.size())
        return createEmptyChart(noMap, QObject::tr("Pick two different inputs across and up"));
    if (choice.output >= command.outputs.size())
        return createEmptyChart(
            noMap,
            QObject::tr("The command “%1” keeps no KPI").arg(QString::fromStdString(command.id)));
    const sweep::SweepHeatMap map =
        sweep::sweepHeatMap(results, command, choice.x, choice.y, choice.output);
    const SweepKpi kpi = sweepKpi(command.outputs[choice.output]);
    const QString title = QObject::tr("%1 by %2 and %3")
                              .arg(kpi.label, QString::fromStdString(results.inputs[choice.x].name),
                                   QString::fromStdString(results.inputs[choice.y].name));
    if (!map.low)
        return createEmptyChart(
            title, QObject::tr("No point of the sweep has a value of %1").arg(kpi.label.toLower()));
    QStringList others;
    for (std::size_t i = 0; i < results.inputs.size(); ++i)
        if (i != choice.x && i != choice.y)
            others << QString::fromStdString(results.inputs[i].name);
    QString over = others.join(QStringLiteral(", "));
    if (command.seeded)
        over = over.isEmpty() ? QObject::tr("the seeds") : over + QObject::tr(" and the seeds");
    bool empty = false;
    for (const auto& row : map.mean)
        for (const std::optional<double>& cell : row)
            empty = empty || !cell;
    QString what = sweepKpiTitle(kpi); // "total cost (USD)"; "GPUs held" stays as it is
    if (what.size() > 1 && what[1].isLower())
        what[0] = what[0].toLower();
    QChart* chart = newChart(
        title,
        QObject::tr("Sweep “%1”, %2: each cell the mean of %3%4")
            .arg(QString::fromStdString(results.name), QString::fromStdString(command.id), what,
                 (over.isEmpty() ? QString() : QObject::tr(" over %1").arg(over)) +
                     (empty ? QObject::tr("; grey: no value (its tasks failed)") : QString())));
    chart->legend()->setVisible(false);
    chart->setMargins(QMargins(10, 10, kScaleMargin, 10));
    // The series the cells are placed by: the grid's corners, not drawn.
    auto* anchor = new QScatterSeries;
    anchor->append(-0.5, -0.5);
    anchor->append(double(map.x.size()) - 0.5, double(map.y.size()) - 0.5);
    anchor->setMarkerSize(0.1);
    anchor->setColor(Qt::transparent);
    anchor->setBorderColor(Qt::transparent);
    chart->addSeries(anchor);
    QCategoryAxis* x = levelAxis(results.inputs[choice.x]);
    QCategoryAxis* y = levelAxis(results.inputs[choice.y]);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    anchor->attachAxis(x);
    anchor->attachAxis(y);
    std::vector<HeatCell> cells;
    QVariantList described;
    for (std::size_t row = 0; row < map.y.size(); ++row)
        for (std::size_t column = 0; column < map.x.size(); ++column) {
            HeatCell cell{int(column), int(row), map.mean[row][column],
                          map.mean[row][column] ? sweepKpiText(kpi, *map.mean[row][column])
                                                : QStringLiteral("—")};
            described << QVariantMap{
                {QStringLiteral("x"), cell.x},
                {QStringLiteral("y"), cell.y},
                {QStringLiteral("mean"), cell.mean ? QVariant(*cell.mean) : QVariant()},
                {QStringLiteral("text"), cell.text}};
            cells.push_back(std::move(cell));
        }
    chart->setProperty(kSweepCellsProperty, described);
    QStringList scale;
    for (int i = 0; i <= 4; ++i)
        scale << sweepKpiText(kpi, *map.low + (*map.high - *map.low) * i / 4.0);
    new HeatCellsItem(chart, anchor, std::move(cells), *map.low, *map.high, scale);
    return chart;
}

QChart* createSweepFanChart(const sweep::SweepResults& results, const SweepFanChoice& choice)
{
    const QString noFan = QObject::tr("Fan chart");
    if (choice.command >= results.commands.size())
        return createEmptyChart(noFan, QObject::tr("The result holds no command"));
    const sweep::SweepResultCommand& command = results.commands[choice.command];
    if (choice.series >= command.monthlyOutputs.size())
        return createEmptyChart(noFan, QObject::tr("The command “%1” (%2) keeps no months: an "
                                                   "evaluate command does")
                                           .arg(QString::fromStdString(command.id),
                                                QString::fromStdString(command.command)));
    const SweepKpi kpi = sweepKpi(command.monthlyOutputs[choice.series]);
    const std::vector<sweep::SweepFanMonth> fan = sweep::sweepFan(command, choice.series);
    const QString title = QObject::tr("%1 per month across the sweep").arg(kpi.label);
    if (fan.empty())
        return createEmptyChart(
            title, QObject::tr("No point of the sweep has a month of %1").arg(kpi.label.toLower()));
    int most = 0;
    double top = 0;
    double bottom = 0;
    for (const sweep::SweepFanMonth& month : fan) {
        most = std::max(most, month.count);
        top = std::max(top, month.p90);
        bottom = std::min(bottom, month.p10);
    }
    QChart* chart = newChart(
        title, QObject::tr("Sweep “%1”, %2: P10–P90%3 of %4 points%5 per month, median as a line")
                   .arg(QString::fromStdString(results.name), QString::fromStdString(command.id),
                        choice.quartiles ? QObject::tr(" and P25–P75") : QString())
                   .arg(chartLocale().toString(most))
                   .arg(command.seeded ? QObject::tr(" and seeds") : QString()));
    const UsdScale money = kpi.usd ? usdScale(std::max(std::abs(top), std::abs(bottom)))
                                   : UsdScale{1.0 / kpi.scale, kpi.unit};
    const auto band = [&](const QString& name, double sweep::SweepFanMonth::*low,
                          double sweep::SweepFanMonth::*high, QColor color) {
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        for (std::size_t m = 0; m < fan.size(); ++m) {
            upper->append(double(m), fan[m].*high / money.divisor);
            lower->append(double(m), fan[m].*low / money.divisor);
        }
        auto* area = new QAreaSeries(upper, lower);
        upper->setParent(area); // QAreaSeries does not own its lines
        lower->setParent(area);
        area->setName(name);
        area->setColor(color);
        area->setBorderColor(color.darker(115));
        return area;
    };
    QList<QAbstractSeries*> series;
    series << band(QObject::tr("P10–P90"), &sweep::SweepFanMonth::p10, &sweep::SweepFanMonth::p90,
                   QColor(0xb9, 0xd7, 0xf0));
    if (choice.quartiles)
        series << band(QObject::tr("P25–P75"), &sweep::SweepFanMonth::p25,
                       &sweep::SweepFanMonth::p75, QColor(0x6a, 0xa8, 0xdc));
    auto* median = new QLineSeries;
    median->setName(QObject::tr("Median (P50)"));
    for (std::size_t m = 0; m < fan.size(); ++m)
        median->append(double(m), fan[m].p50 / money.divisor);
    median->setPen(QPen(QColor(0x0b, 0x3c, 0x6e), 3));
    series << median;
    for (QAbstractSeries* one : series)
        chart->addSeries(one);
    auto* x = new QCategoryAxis;
    x->setRange(-0.5, double(fan.size()) - 0.5);
    x->setStartValue(-0.5);
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const int step = monthStep(fan.size());
    for (std::size_t m = 0; m < fan.size(); m += std::size_t(step))
        x->append(monthLabel(fan[m].name), double(m));
    x->setTitleText(step == 1 ? QObject::tr("Month")
                              : QObject::tr("Month (every %1th labelled)").arg(step));
    QValueAxis* y = valueAxis(
        kpi.usd ? QStringLiteral("%1 (%2)").arg(kpi.label, money.unit) : sweepKpiTitle(kpi),
        bottom / money.divisor, top / money.divisor * 1.05,
        money.divisor == 1.0 && top < 10 ? QStringLiteral("%.2f") : QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* one : series) {
        one->attachAxis(x);
        one->attachAxis(y);
    }
    return chart;
}

} // namespace fleet::gui
