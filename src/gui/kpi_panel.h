#pragma once

// A strip of the project's KPIs, always visible: each with its change against
// the baseline scenario when a scenario is shown, the formula in its tooltip,
// and the optimizer's answer beside them.

#include "compute/plan_results.h"
#include "engine/monte_carlo.h"

#include <QGroupBox>
#include <QStringList>

#include <optional>
#include <string>

class QLabel;
class QPushButton;

namespace fleet::gui {

/// "the utilization ceiling of topology_aware: assumed 0.85, measured 0.65
/// for this project (…)" when the plan's ceiling differs from the knee of its
/// policy's frontier simulated for this snapshot (results.frontiersCurrent)
/// by more than kCeilingToleranceFraction; none otherwise.
std::optional<std::string> frontierCeilingAlert(const PlanResults& results);

/// The ceiling the KPIs are planned on, in words: "Utilization ceiling of
/// topology_aware: planned on measured 0.65 (assumed 0.85; …)", or "planned
/// on assumed 0.85 (not measured for these inputs; measuring in the
/// background…)" until the frontier of the snapshot lands.
QString plannedCeilingText(const PlanResults& results);

class KpiPanel : public QGroupBox
{
    Q_OBJECT

public:
    explicit KpiPanel(QWidget* parent = nullptr);

    void showResults(const PlanResults& results);
    /// Each KPI's P10–P90 from the Monte Carlo over the input ranges (none:
    /// the project has no ranges, the line is empty).
    void showRanges(const RangeRun* run);
    /// Greys the ranges while a newer run is computed (showRanges clears it).
    void setRangesUpdating(bool updating);
    /// Only the optimizer's line (it arrives after the engine's results).
    void showOptimizer(const PlanResults& results);
    /// Greys the figures while they are of an earlier state of the inputs
    /// (newer ones being computed); showResults clears it.
    void setUpdating(bool updating);
    bool updating() const { return m_updatingState; }

    /// The text shown for a KPI key ("mean_monthly_cost_usd", ...), for tests.
    QString valueText(const QString& key) const;
    QString deltaText(const QString& key) const;
    /// "P10–P90 $1.20 M – $1.52 M" under a KPI, for tests; empty without ranges.
    QString rangeText(const QString& key) const;
    QString optimizerText() const;
    QString alertsText() const;
    /// plannedCeilingText() of the results shown.
    QString ceilingText() const;
    /// "The exact solver failed on this input: …" when it did, else empty.
    QString exactFailureText() const;
    /// The button that exports the model for a bug report (shown with a failure).
    QPushButton* exportModelButton() const { return m_exportModel; }

    /// Presentation mode: one column of larger figures, of a width any
    /// scenario's figures fit, to stand beside the chart (which then keeps
    /// its place from one scenario to the next), headed by the price book;
    /// the optimizer's line is the banner's.
    void setLarge(bool large);
    /// The figures in rows of `columns` (6: one row; 3: two rows; 2: three;
    /// 1: presentation's column).
    void arrange(int columns);
    int columns() const { return m_columns; }
    /// The most columns (6, 3 or 2) whose figures fit `width` pixels whole.
    int columnsFor(int width) const;
    /// As narrow as three rows of two figures: the panel rearranges itself
    /// to the width it is given (resizeEvent) instead of cutting figures.
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

signals:
    /// The user asked to export the solver's model for a bug report.
    void exportSolverModelRequested();

private:
    struct Kpi
    {
        QString key;
        QLabel* caption;
        QLabel* value;
        QLabel* delta;
        QLabel* range; ///< P10–P90 when the project has input ranges
    };
    QString optimizerHelp() const;
    /// Pixels the figures need in rows of `columns`: each column as wide as
    /// its widest caption, figure or change.
    int widthFor(int columns) const;
    /// Presentation's column: as wide as the widest figure and change any
    /// scenario may show, in the figures' type of the moment.
    int columnWidth() const;
    void addKpi(const QString& key, const QString& title, const QString& formula);
    /// The figures' type at `scale` × the panel's.
    void setValueScale(qreal scale);
    /// The figures arranged (and in presentation sized) for `width` pixels.
    void fit(int width);
    void showAlerts();

    QList<Kpi> m_kpis;
    QLabel* m_heading = nullptr; ///< the price book, in presentation's column
    QString m_titleText;
    QLabel* m_optimizer = nullptr;
    QLabel* m_ceiling = nullptr; ///< the utilization ceiling the KPIs are planned on
    QLabel* m_alerts = nullptr;  ///< impossible or suspicious results
    QLabel* m_exactFailure = nullptr;
    QPushButton* m_exportModel = nullptr;
    QStringList m_alertLines; ///< the warnings of the results shown
    qreal m_baseSize = 0;
    int m_columns = 0;
    bool m_large = false;
    bool m_updatingState = false;
};

} // namespace fleet::gui
