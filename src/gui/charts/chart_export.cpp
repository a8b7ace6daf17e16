#include "charts/chart_export.h"

#include "charts/chart_fit.h"
#include "charts/chart_style.h"
#include "io/export_target.h"

#include <QBuffer>
#include <QChart>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTextDocumentFragment>

namespace fleet::gui {

namespace {

/// Lays the chart out at `size` in a scene of its own, fitted to it, and
/// paints it. The chart is taken back out of the scene afterwards, as it
/// was, so the caller keeps ownership.
void paintChart(QChart* chart, QSizeF size, QPainter* painter)
{
    QGraphicsScene scene;
    scene.addItem(chart);
    chart->setPos(0, 0);
    const QRectF area(QPointF(0, 0), size);
    scene.setSceneRect(area);
    // Wrapped, turned or made smaller so that nothing is cut; put back after.
    FitUndo undo = fitChart(chart, &scene, size);
    scene.render(painter, area, area);
    undo.restore();
    scene.removeItem(chart);
}

/// The footer broken at its " · " separators (then at spaces) into lines no
/// wider than `width`.
QStringList footerLines(const QString& footer, const QFont& font, qreal width)
{
    const QFontMetricsF metrics(font);
    QStringList lines{QString()};
    for (const QString& part : footer.split(QStringLiteral(" · "))) {
        const QString joined =
            lines.back().isEmpty() ? part : lines.back() + QStringLiteral(" · ") + part;
        if (!lines.back().isEmpty() && metrics.horizontalAdvance(joined) > width)
            lines << part;
        else
            lines.back() = joined;
    }
    return lines;
}

/// Paints the chart and, under it, the footer band, in logical points.
void paintPage(QChart* chart, const ExportOptions& options, QPainter* painter)
{
    if (options.slide)
        applySlidePreset(chart);
    const QSizeF size(options.size);
    painter->fillRect(QRectF(QPointF(0, 0), size), Qt::white);
    // The footer in one line, or two in smaller type, never cut.
    QFont font = painter->font();
    font.setPointSizeF(options.slide ? 13.0 : 9.0);
    const qreal width = size.width() - 48;
    QStringList lines{options.footer};
    if (!options.footer.isEmpty() &&
        QFontMetricsF(font).horizontalAdvance(options.footer) > width) {
        font.setPointSizeF(font.pointSizeF() * 0.85);
        lines = footerLines(options.footer, font, width);
    }
    const qreal lineHeight = QFontMetricsF(font).lineSpacing();
    const qreal band =
        options.footer.isEmpty() ? 0.0 : lines.size() * lineHeight + (options.slide ? 16.0 : 10.0);
    paintChart(chart, QSizeF(size.width(), size.height() - band), painter);
    if (band > 0) {
        painter->setFont(font);
        painter->setPen(QColor(0x55, 0x55, 0x55));
        for (int i = 0; i < lines.size(); ++i)
            painter->drawText(QRectF(24,
                                     size.height() - band + band / 2 -
                                         lines.size() * lineHeight / 2 + i * lineHeight,
                                     width, lineHeight),
                              Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, lines[i]);
    }
}

/// The chart's title as plain text (titles may carry HTML, e.g. a subtitle
/// line): file metadata must not.
QString plainTitle(const QChart* chart)
{
    return QTextDocumentFragment::fromHtml(chart->title()).toPlainText().simplified();
}

} // namespace

QImage renderChart(QChart* chart, const ExportOptions& options)
{
    QImage image(options.size * options.scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(options.scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    paintPage(chart, options, &painter);
    painter.end();
    return image;
}

bool exportChart(QChart* chart, const QString& path, ChartFormat format,
                 const ExportOptions& options, QString* error,
                 const std::vector<std::string>& inputs)
{
    // Drawn into memory, then written through io/export_target: whole or not at all,
    // never through a planted link.
    QByteArray bytes;
    QBuffer file(&bytes);
    file.open(QIODevice::WriteOnly);
    if (format == ChartFormat::Png) {
        const QImage image = renderChart(chart, options);
        if (!image.save(&file, "PNG")) {
            *error = QObject::tr("%1: PNG encoding failed").arg(path);
            return false;
        }
    } else if (format == ChartFormat::Svg) {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(options.size);
        generator.setViewBox(QRect(QPoint(0, 0), options.size));
        generator.setTitle(plainTitle(chart));
        generator.setDescription(options.footer.isEmpty()
                                     ? QObject::tr("Chart exported by FleetPlanner")
                                     : options.footer);
        QPainter painter(&generator);
        paintPage(chart, options, &painter);
        painter.end();
    } else {
        // One page exactly the chart's size, in points; vector output.
        QPdfWriter writer(&file);
        writer.setTitle(plainTitle(chart));
        writer.setCreator(QStringLiteral("FleetPlanner"));
        writer.setPageLayout(QPageLayout(QPageSize(QSizeF(options.size), QPageSize::Point),
                                         QPageLayout::Portrait, QMarginsF()));
        writer.setResolution(72);
        QPainter painter;
        if (!painter.begin(&writer)) {
            *error = QObject::tr("%1: PDF output could not start").arg(path);
            return false;
        }
        paintPage(chart, options, &painter);
        painter.end();
    }
    const auto written =
        writeExportFile(QFile::encodeName(path).toStdString(), bytes.toStdString(), inputs);
    if (!written)
        *error = QObject::tr("%1: cannot be written: %2")
                     .arg(path, QString::fromStdString(written.error().messages()));
    return bool(written);
}

bool chartFormatFromName(const QString& name, ChartFormat* format)
{
    const QString suffix = QFileInfo(name).suffix().toLower();
    const QString lower = name.toLower();
    if (suffix == QLatin1String("png") || lower == QLatin1String("png"))
        *format = ChartFormat::Png;
    else if (suffix == QLatin1String("svg") || lower == QLatin1String("svg"))
        *format = ChartFormat::Svg;
    else if (suffix == QLatin1String("pdf") || lower == QLatin1String("pdf"))
        *format = ChartFormat::Pdf;
    else
        return false;
    return true;
}

QString chartFormatName(ChartFormat format)
{
    switch (format) {
    case ChartFormat::Png: return QStringLiteral("PNG");
    case ChartFormat::Svg: return QStringLiteral("SVG");
    case ChartFormat::Pdf: return QStringLiteral("PDF");
    }
    return {};
}

} // namespace fleet::gui
