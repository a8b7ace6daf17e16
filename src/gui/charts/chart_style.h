#pragma once

// What every chart shares: a titled chart with its legend below, value axes
// with units, short GPU names, and the slide preset used for export.

#include <QList>
#include <QString>

class QAbstractSeries;
class QChart;
class QValueAxis;

namespace fleet {
class Catalog;
}

namespace fleet::gui {

/// A new chart with `title`, no animation, legend at the bottom.
QChart* newChart(const QString& title);

/// A value axis titled `title` over [min, max] (nice numbers), labels in `format`.
QValueAxis* valueAxis(const QString& title, double min, double max,
                      const QString& format = QStringLiteral("%.0f"));

/// "NVIDIA H100 SXM5 80GB" → "H100 SXM5 80GB"; the id if the catalog lacks it.
QString gpuShortName(const Catalog& catalog, const std::string& gpuId);

/// Adds `x` (bottom) and `y` (left) to the chart and every series on them.
void addXYSeries(QChart* chart, const QList<QAbstractSeries*>& series, QValueAxis* x,
                 QValueAxis* y);

/// Dollar figures shown in thousands or millions when they are large:
/// divide by `divisor` and say `unit` ("USD millions").
struct UsdScale
{
    double divisor = 1.0;
    QString unit; ///< "USD", "USD thousands", "USD millions"
};
UsdScale usdScale(double magnitude);

/// Breaks a long category label onto lines of about `width` characters.
QString wrapLabel(const QString& label, int width = 18);

/// Slide preset: light theme, large type (title 26 pt, axes and legend 15 pt).
void applySlidePreset(QChart* chart);

} // namespace fleet::gui
