#include "charts/chart_export.h"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace fleet::gui {

namespace {

/// Lays the chart out at `size` in a scene of its own and paints it. The chart
/// is taken back out of the scene afterwards, so the caller keeps ownership.
void paintChart(QChart* chart, QSize size, QPainter* painter)
{
    QGraphicsScene scene;
    scene.addItem(chart);
    chart->setPos(0, 0);
    chart->resize(size);
    if (chart->layout())
        chart->layout()->activate();
    const QRectF area(QPointF(0, 0), QSizeF(size));
    scene.setSceneRect(area);
    // Qt Charts lays out series, axes and value labels through posted events.
    QCoreApplication::sendPostedEvents();
    scene.render(painter, area, area);
    scene.removeItem(chart);
}

} // namespace

QImage renderChart(QChart* chart, QSize logicalSize, qreal scale)
{
    QImage image(logicalSize * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    paintChart(chart, logicalSize, &painter);
    painter.end();
    return image;
}

bool exportChart(QChart* chart, const QString& path, ChartFormat format, QSize logicalSize,
                 qreal scale, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QObject::tr("%1: cannot be written: %2").arg(path, file.errorString());
        return false;
    }
    if (format == ChartFormat::Png) {
        const QImage image = renderChart(chart, logicalSize, scale);
        if (!image.save(&file, "PNG")) {
            *error = QObject::tr("%1: PNG encoding failed").arg(path);
            file.cancelWriting();
            return false;
        }
    } else {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(logicalSize);
        generator.setViewBox(QRect(QPoint(0, 0), logicalSize));
        generator.setTitle(chart->title());
        generator.setDescription(QObject::tr("Chart exported by FleetPlanner"));
        QPainter painter(&generator);
        painter.fillRect(QRect(QPoint(0, 0), logicalSize), Qt::white);
        paintChart(chart, logicalSize, &painter);
        painter.end();
    }
    if (!file.commit()) {
        *error = QObject::tr("%1: cannot be saved: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool chartFormatFromName(const QString& name, ChartFormat* format)
{
    const QString suffix = QFileInfo(name).suffix().toLower();
    if (suffix == QLatin1String("png") ||
        name.compare(QLatin1String("png"), Qt::CaseInsensitive) == 0)
        *format = ChartFormat::Png;
    else if (suffix == QLatin1String("svg") ||
             name.compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0)
        *format = ChartFormat::Svg;
    else
        return false;
    return true;
}

} // namespace fleet::gui
