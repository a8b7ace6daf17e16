#pragma once

// Rendering a chart to an image or a file without a window, for export from
// the app and for `fleetplanner-cli chart`.

#include <QImage>
#include <QSize>
#include <QString>

class QChart;

namespace fleet::gui {

enum class ChartFormat
{
    Png,
    Svg
};

/// Renders `chart` at `logicalSize` (in points) × `scale` device pixels.
QImage renderChart(QChart* chart, QSize logicalSize, qreal scale = 1.0);

/// Writes `chart` to `path` as PNG or SVG. The file is written whole or not at
/// all (through QSaveFile). On failure returns false and sets `error`.
bool exportChart(QChart* chart, const QString& path, ChartFormat format, QSize logicalSize,
                 qreal scale, QString* error);

/// The format named by a file's suffix ("png", "svg"); false if neither.
bool chartFormatFromName(const QString& name, ChartFormat* format);

} // namespace fleet::gui
