#pragma once

// What every chart shares: a titled chart with its legend below, value axes
// with units, short GPU names, and the slide preset used for export.

#include <QList>
#include <QString>

#include <cstddef>
#include <string>

class QAbstractBarSeries;
class QAbstractSeries;
class QLocale;
class QChart;
class QValueAxis;

namespace fleet {
class Catalog;
}

namespace fleet::gui {

/// A new chart with `title` (and a smaller `subtitle` under it), no
/// animation, legend at the bottom, numbers with thousands separators.
QChart* newChart(const QString& title, const QString& subtitle = {});

/// Sets a chart's title and subtitle as plain text; fitChart wraps them to
/// the width the chart is drawn at.
void setChartTitles(QChart* chart, const QString& title, const QString& subtitle = {});
inline constexpr const char* kTitleProperty = "fleetTitle";
inline constexpr const char* kSubtitleProperty = "fleetSubtitle";

/// The locale charts write numbers in: "1,600", never "1.6e+03".
QLocale chartLocale();

/// Bar value labels shown with `significant` digits, never in scientific
/// notation (Qt writes them with %g: the precision covers the whole part).
void setValueLabels(QAbstractBarSeries* series, double largest, int significant = 3,
                    const QString& format = QStringLiteral("@value"));

/// "2027-01" → "Jan 27"; other month names ("M1") as they are.
QString monthLabel(const std::string& month);
/// Every how many months a label is written: at most about twelve labels,
/// on a step a reader counts in (1, 2, 3, 4, 6 or 12 months).
int monthStep(std::size_t months);

/// A value axis titled `title` over [min, max] (nice numbers; [min, min + 1]
/// when max ≤ min), labels in `format` ("%.Nf") with more decimals when the
/// tick interval needs them, so no two labels read the same.
QValueAxis* valueAxis(const QString& title, double min, double max,
                      const QString& format = QStringLiteral("%.0f"));

/// The fewest decimals (at least `fewest`, at most 6) that write every tick of
/// [min, max] in `tickCount` ticks exactly: 0..1 in 6 ticks → 1.
int tickDecimals(double min, double max, int tickCount, int fewest);

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

/// Slide preset: light theme, large type (title 26 pt, axes and legend 15 pt),
/// × `scale` (a slide on a screen smaller than full HD keeps its proportions).
void applySlidePreset(QChart* chart, qreal scale = 1.0);

} // namespace fleet::gui
