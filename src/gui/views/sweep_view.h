#pragma once

// A collected sweep result, opened read-only in a window of its own
// (File → Open Sweep Result…, or a .sqlite on the command line): the heat
// map of a KPI against two inputs and the fan chart of a monthly KPI, each
// picked with its own controls, exported as PNG, SVG or PDF, or both as
// slides (.pptx or .pdf).

#include "charts/sweep_charts.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QTabWidget;

namespace fleet::gui {

class FittedChartView;

class SweepView : public QWidget
{
    Q_OBJECT

public:
    explicit SweepView(sweep::SweepResults results, QWidget* parent = nullptr);

    const sweep::SweepResults& results() const { return m_results; }
    SweepHeatMapChoice heatChoice() const { return m_heat; }
    SweepFanChoice fanChoice() const { return m_fan; }
    /// Shows the heat map or the fan chart of `choice` (and sets the pickers).
    void setHeatChoice(const SweepHeatMapChoice& choice);
    void setFanChoice(const SweepFanChoice& choice);
    QChart* heatChart() const;
    QChart* fanChart() const;
    /// 0: the heat map, 1: the fan chart.
    void showTab(int index);

    /// The chart of tab `index` to `path`: PNG (2×), SVG or PDF by its suffix.
    bool exportChartTo(int index, const QString& path, QString* error);
    /// Both charts as slides: .pptx or .pdf by the suffix.
    bool exportSlidesTo(const QString& path, QString* error);

private:
    void fillPickers();
    void pickersChanged();
    void redraw();
    void exportChartDialog();
    void exportSlidesDialog();

    sweep::SweepResults m_results;
    SweepHeatMapChoice m_heat;
    SweepFanChoice m_fan;
    QTabWidget* m_tabs = nullptr;
    FittedChartView* m_heatView = nullptr;
    FittedChartView* m_fanView = nullptr;
    QComboBox* m_heatCommand = nullptr;
    QComboBox* m_heatKpi = nullptr;
    QComboBox* m_heatX = nullptr;
    QComboBox* m_heatY = nullptr;
    QComboBox* m_fanCommand = nullptr;
    QComboBox* m_fanKpi = nullptr;
    QCheckBox* m_quartiles = nullptr;
    bool m_filling = false;
};

} // namespace fleet::gui
