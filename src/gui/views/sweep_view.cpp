#include "views/sweep_view.h"

#include "charts/chart_export.h"
#include "charts/chart_style.h"
#include "charts/sweep_labels.h"
#include "export/sweep_deck.h"
#include "views/fitted_chart_view.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace fleet::gui {

namespace {

QComboBox* picker(QWidget* parent, const char* name)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return box;
}

/// Selects the item whose data is `value` (the first when none is).
void selectData(QComboBox* box, std::size_t value)
{
    const int at = box->findData(qulonglong(value));
    box->setCurrentIndex(std::max(0, at));
}

std::size_t dataOf(const QComboBox* box)
{
    return box->currentIndex() < 0 ? 0 : std::size_t(box->currentData().toULongLong());
}

} // namespace

SweepView::SweepView(sweep::SweepResults results, QWidget* parent)
    : QWidget(parent, Qt::Window), m_results(std::move(results))
{
    setObjectName(QStringLiteral("sweepView"));
    setAttribute(Qt::WA_DeleteOnClose);
    const QString file = QFileInfo(QString::fromStdString(m_results.file)).fileName();
    setWindowTitle(
        tr("Sweep %1 — %2 (read-only)").arg(QString::fromStdString(m_results.name), file));
    // The first two inputs across and up; the first KPI; the first command
    // that keeps months for the fan.
    m_heat.y = m_results.inputs.size() > 1 ? 1 : 0;
    for (std::size_t c = 0; c < m_results.commands.size(); ++c)
        if (!m_results.commands[c].monthlyOutputs.empty()) {
            m_fan.command = c;
            break;
        }

    std::int64_t ok = 0, rows = 0;
    for (const sweep::SweepResultCommand& command : m_results.commands) {
        rows += std::int64_t(command.ok.size());
        ok += std::count(command.ok.begin(), command.ok.end(), true);
    }
    auto* summary = new QLabel(
        tr("<b>Sweep %1</b> · %2 · %3 points, %4 tasks; %5 of %6 rows ok · read-only")
            .arg(QString::fromStdString(m_results.name).toHtmlEscaped(), file.toHtmlEscaped())
            .arg(chartLocale().toString(qlonglong(m_results.points)),
                 chartLocale().toString(qlonglong(m_results.tasks)),
                 chartLocale().toString(qlonglong(ok)), chartLocale().toString(qlonglong(rows))),
        this);
    summary->setObjectName(QStringLiteral("sweepSummary"));

    m_tabs = new QTabWidget(this);
    auto* heatPage = new QWidget(m_tabs);
    auto* heatControls = new QHBoxLayout;
    m_heatCommand = picker(heatPage, "heatCommand");
    m_heatKpi = picker(heatPage, "heatKpi");
    m_heatX = picker(heatPage, "heatX");
    m_heatY = picker(heatPage, "heatY");
    for (auto [label, box] : {std::pair{tr("Command"), m_heatCommand},
                              {tr("KPI"), m_heatKpi},
                              {tr("Across"), m_heatX},
                              {tr("Up"), m_heatY}}) {
        heatControls->addWidget(new QLabel(label, heatPage));
        heatControls->addWidget(box);
    }
    heatControls->addStretch();
    m_heatView = new FittedChartView(heatPage);
    m_heatView->setRenderHint(QPainter::Antialiasing);
    auto* heatLayout = new QVBoxLayout(heatPage);
    heatLayout->addLayout(heatControls);
    heatLayout->addWidget(m_heatView, 1);
    m_tabs->addTab(heatPage, tr("Heat map"));

    auto* fanPage = new QWidget(m_tabs);
    auto* fanControls = new QHBoxLayout;
    m_fanCommand = picker(fanPage, "fanCommand");
    m_fanKpi = picker(fanPage, "fanKpi");
    m_quartiles = new QCheckBox(tr("P25–P75 band"), fanPage);
    m_quartiles->setObjectName(QStringLiteral("fanQuartiles"));
    m_quartiles->setChecked(m_fan.quartiles);
    fanControls->addWidget(new QLabel(tr("Command"), fanPage));
    fanControls->addWidget(m_fanCommand);
    fanControls->addWidget(new QLabel(tr("Monthly KPI"), fanPage));
    fanControls->addWidget(m_fanKpi);
    fanControls->addWidget(m_quartiles);
    fanControls->addStretch();
    m_fanView = new FittedChartView(fanPage);
    m_fanView->setRenderHint(QPainter::Antialiasing);
    auto* fanLayout = new QVBoxLayout(fanPage);
    fanLayout->addLayout(fanControls);
    fanLayout->addWidget(m_fanView, 1);
    m_tabs->addTab(fanPage, tr("Fan chart"));

    auto* exportChart = new QPushButton(tr("Export Chart…"), this);
    exportChart->setObjectName(QStringLiteral("sweepExportChart"));
    exportChart->setToolTip(tr("The chart shown as PNG (2×), SVG or PDF"));
    auto* exportSlides = new QPushButton(tr("Export Slides…"), this);
    exportSlides->setObjectName(QStringLiteral("sweepExportSlides"));
    exportSlides->setToolTip(tr("Both charts as slides: PowerPoint (.pptx) or PDF"));
    connect(exportChart, &QPushButton::clicked, this, &SweepView::exportChartDialog);
    connect(exportSlides, &QPushButton::clicked, this, &SweepView::exportSlidesDialog);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(summary, 1);
    buttons->addWidget(exportChart);
    buttons->addWidget(exportSlides);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_tabs, 1);

    fillPickers();
    for (QComboBox* box : {m_heatCommand, m_heatKpi, m_heatX, m_heatY, m_fanCommand, m_fanKpi})
        connect(box, &QComboBox::currentIndexChanged, this, &SweepView::pickersChanged);
    connect(m_quartiles, &QCheckBox::toggled, this, &SweepView::pickersChanged);
    redraw();
    resize(1200, 780);
}

void SweepView::fillPickers()
{
    m_filling = true;
    const auto fill = [](QComboBox* box, const QList<std::pair<QString, std::size_t>>& items,
                         std::size_t selected) {
        box->clear();
        for (const auto& [text, value] : items)
            box->addItem(text, qulonglong(value));
        selectData(box, selected);
        box->setEnabled(box->count() > 1);
    };
    QList<std::pair<QString, std::size_t>> commands, fanCommands, inputs, kpis, monthly;
    for (std::size_t c = 0; c < m_results.commands.size(); ++c) {
        const sweep::SweepResultCommand& command = m_results.commands[c];
        const QString name = QStringLiteral("%1 (%2)").arg(QString::fromStdString(command.id),
                                                           QString::fromStdString(command.command));
        commands << std::pair{name, c};
        if (!command.monthlyOutputs.empty())
            fanCommands << std::pair{name, c};
    }
    for (std::size_t i = 0; i < m_results.inputs.size(); ++i)
        inputs << std::pair{sweepInputTitle(m_results.inputs[i]), i};
    if (m_heat.command < m_results.commands.size()) {
        const auto& outputs = m_results.commands[m_heat.command].outputs;
        for (std::size_t o = 0; o < outputs.size(); ++o)
            kpis << std::pair{sweepKpiTitle(sweepKpi(outputs[o])), o};
    }
    if (m_fan.command < m_results.commands.size()) {
        const auto& series = m_results.commands[m_fan.command].monthlyOutputs;
        for (std::size_t s = 0; s < series.size(); ++s)
            monthly << std::pair{sweepKpiTitle(sweepKpi(series[s])), s};
    }
    fill(m_heatCommand, commands, m_heat.command);
    fill(m_heatKpi, kpis, m_heat.output);
    fill(m_heatX, inputs, m_heat.x);
    fill(m_heatY, inputs, m_heat.y);
    fill(m_fanCommand, fanCommands, m_fan.command);
    fill(m_fanKpi, monthly, m_fan.series);
    m_quartiles->setChecked(m_fan.quartiles);
    m_filling = false;
}

void SweepView::pickersChanged()
{
    if (m_filling)
        return;
    const std::size_t heatCommand = dataOf(m_heatCommand);
    const std::size_t fanCommand = dataOf(m_fanCommand);
    m_heat = SweepHeatMapChoice{heatCommand, dataOf(m_heatX), dataOf(m_heatY),
                                heatCommand == m_heat.command ? dataOf(m_heatKpi) : 0};
    m_fan = SweepFanChoice{fanCommand, fanCommand == m_fan.command ? dataOf(m_fanKpi) : 0,
                           m_quartiles->isChecked()};
    fillPickers(); // a command changed: its KPIs
    redraw();
}

void SweepView::setHeatChoice(const SweepHeatMapChoice& choice)
{
    m_heat = choice;
    fillPickers();
    redraw();
}

void SweepView::setFanChoice(const SweepFanChoice& choice)
{
    m_fan = choice;
    fillPickers();
    redraw();
}

void SweepView::redraw()
{
    QChart* oldHeat = m_heatView->chart();
    QChart* oldFan = m_fanView->chart();
    m_heatView->showChart(createSweepHeatMap(m_results, m_heat));
    m_fanView->showChart(createSweepFanChart(m_results, m_fan));
    delete oldHeat;
    delete oldFan;
}

QChart* SweepView::heatChart() const
{
    return m_heatView->chart();
}

QChart* SweepView::fanChart() const
{
    return m_fanView->chart();
}

void SweepView::showTab(int index)
{
    m_tabs->setCurrentIndex(index);
}

bool SweepView::exportChartTo(int index, const QString& path, QString* error)
{
    ChartFormat format = ChartFormat::Png;
    if (!chartFormatFromName(QFileInfo(path).suffix(), &format)) {
        *error = tr("“%1”: name the file .png, .svg or .pdf").arg(path);
        return false;
    }
    // A fresh chart of the same choice, so the one on screen keeps its fit.
    std::unique_ptr<QChart> chart(index == 0 ? createSweepHeatMap(m_results, m_heat)
                                             : createSweepFanChart(m_results, m_fan));
    ExportOptions options;
    options.scale = format == ChartFormat::Png ? 2.0 : 1.0;
    options.footer = sweepFooter(m_results);
    return exportChart(chart.get(), path, format, options, error, {m_results.file});
}

bool SweepView::exportSlidesTo(const QString& path, QString* error)
{
    return exportDeckSlides(sweepDeckSlides(m_results, m_heat, m_fan),
                            tr("Sweep %1").arg(QString::fromStdString(m_results.name)), path, error,
                            {m_results.file});
}

void SweepView::exportChartDialog()
{
    const int index = m_tabs->currentIndex();
    const QString base =
        QString::fromStdString(m_results.name) +
        (index == 0 ? QStringLiteral(" - heat map") : QStringLiteral(" - fan chart"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Chart"), base + QStringLiteral(".png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportChartTo(index, path, &error))
        QMessageBox::warning(this, tr("Chart not exported"), error);
}

void SweepView::exportSlidesDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Slides"), QString::fromStdString(m_results.name) + QStringLiteral(".pptx"),
        tr("PowerPoint (*.pptx);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportSlidesTo(path, &error))
        QMessageBox::warning(this, tr("Slides not exported"), error);
}

} // namespace fleet::gui
