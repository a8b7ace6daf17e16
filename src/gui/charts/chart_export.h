#pragma once

// Rendering a chart to an image or a file without a window, for export from
// the app and for `fleetplanner-cli chart`.

#include <QImage>
#include <QSize>
#include <QString>

#include <string>
#include <vector>

class QChart;

namespace fleet::gui {

enum class ChartFormat
{
    Png,
    Svg,
    Pdf
};

struct ExportOptions
{
    QSize size{1280, 720}; ///< logical size, in points (16:9 by default)
    qreal scale = 1.0;     ///< PNG device pixels per point (1 or 2)
    bool slide = false;    ///< slide preset: light theme, large type
    QString footer;        ///< drawn below the chart, e.g. project · scenario · price book
};

/// Renders `chart` with its footer to an image of size × scale pixels.
QImage renderChart(QChart* chart, const ExportOptions& options);

/// Writes `chart` to `path` as PNG, SVG or PDF. The file is written whole or
/// not at all, never over one of `inputs` (the files the caller read) nor
/// through a symbolic link (io/export_target). On failure returns false
/// and sets `error`.
bool exportChart(QChart* chart, const QString& path, ChartFormat format,
                 const ExportOptions& options, QString* error,
                 const std::vector<std::string>& inputs = {});

/// The format named by a file's suffix or by name ("png", "svg", "pdf").
bool chartFormatFromName(const QString& name, ChartFormat* format);
QString chartFormatName(ChartFormat format); ///< "PNG", "SVG", "PDF"

} // namespace fleet::gui
