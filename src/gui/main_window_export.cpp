// File-menu exports of the slides push (issue 17): the Excel workbook, every
// chart at once, the slide deck.

#include "charts/chart_export.h"
#include "charts/chart_kinds.h"
#include "charts/tornado_chart.h"
#include "document/project_document.h"
#include "export/deck_export.h"
#include "export/export_all.h"
#include "export/export_scope.h"
#include "export/workbook_export.h"
#include "main_window.h"
#include "ui_main_window.h"
#include "views/chart_tabs.h"

#include <QChart>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace fleet::gui {

void MainWindow::setupExportActions()
{
    // Right after Copy Chart, with the other exports.
    const QList<QAction*> actions = m_ui->menuFile->actions();
    const qsizetype copy = actions.indexOf(m_ui->actionCopyChart);
    QAction* before = copy >= 0 && copy + 1 < actions.size() ? actions[copy + 1] : nullptr;
    const auto add = [this, before](const QString& text, const char* name, const QString& tip) {
        auto* action = new QAction(text, this);
        action->setObjectName(QLatin1String(name));
        action->setStatusTip(tip);
        m_ui->menuFile->insertAction(before, action);
        return action;
    };
    connect(add(tr("Export &Workbook…"), "actionExportWorkbook",
                tr("The results as an Excel workbook with native charts")),
            &QAction::triggered, this, &MainWindow::exportWorkbookDialog);
    connect(add(tr("Export &All Charts…"), "actionExportAllCharts",
                tr("Every chart as PNG (2×), SVG and PDF into a folder")),
            &QAction::triggered, this, &MainWindow::exportAllChartsDialog);
    connect(add(tr("Export &Deck…"), "actionExportDeck",
                tr("A slide deck (PowerPoint or PDF): every chart, KPIs, assumptions")),
            &QAction::triggered, this, &MainWindow::exportDeckDialog);
    setupSweepActions(); // File → Open Sweep Result… (main_window_sweep.cpp)
}

/// The snapshot shown, with the parts a live edit skipped (scenarios, cost
/// curve, tornado) and, when `frontiers`, the simulated frontier.
static PlanResults completeResults(const PlanResults& shown, bool frontiers)
{
    PlanResults results = shown;
    completePlanResults(results, PartAll, defaultTornadoKpi(results.project));
    if (frontiers && results.frontiers.empty())
        results.frontiers =
            computeFrontiers(results, nullptr, {}, kDefaultKneeSeeds, &results.kneeSpreads);
    return results;
}

/// What an export of `scope` shows: the snapshot shown, or its baseline
/// computed anew (the Packing page's replay kept: it is not the project's).
static PlanResults scopedResults(const PlanResults& shown, ExportScope scope, bool frontiers)
{
    if (scope == ExportScope::Shown || shown.scenario.empty())
        return completeResults(shown, frontiers);
    PlanResults baseline = computePlanResults(
        shown.baseProject, {}, defaultTornadoKpi(shown.baseProject), PartAll, shown.knees);
    baseline.packing = shown.packing;
    return completeResults(baseline, frontiers);
}

/// The default file name of an export: the project's name and what it shows.
static QString exportFileName(const ResultsPtr& shown, ExportScope scope, const QString& suffix)
{
    if (!shown)
        return QStringLiteral("fleet plan") + suffix;
    return QString::fromStdString(shown->project.name).section(QLatin1Char(':'), 0, 0) +
           QStringLiteral(" - ") + scopeFileTail(*shown, scope) + suffix;
}

std::vector<std::string> MainWindow::exportInputs() const
{
    // Compared by device and inode (io/export_target): a hard link or
    // another spelling of the project's path is refused as well.
    std::vector<std::string> inputs;
    for (const QString& path : {m_document ? m_document->path() : QString(), m_openedFile})
        if (!path.isEmpty())
            inputs.push_back(QFile::encodeName(path).toStdString());
    return inputs;
}

std::optional<ExportScope> MainWindow::askExportScope(const QString& what, bool comparison)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown)
        return ExportScope::Shown; // the export itself says there is nothing yet
    ExportScopeDialog dialog(*shown, what, comparison, this);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.scope();
}

bool MainWindow::exportCurrentChart(const QString& path, const QString& selectedFilter,
                                    QString* error)
{
    return exportCurrentChart(path, selectedFilter, error, ExportScope::Shown);
}

bool MainWindow::exportCurrentChart(const QString& path, const QString& selectedFilter,
                                    QString* error, ExportScope scope)
{
    ChartFormat format;
    if (!chartFormatFromName(path, &format)) {
        *error = tr("%1: the file name must end in .png, .svg or .pdf").arg(path);
        return false;
    }
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    ExportOptions options;
    options.scale = selectedFilter.contains(QStringLiteral("2×")) ? 2.0 : 1.0;
    options.slide = selectedFilter.contains(QStringLiteral("Slide"));
    std::unique_ptr<QChart> chart;
    if (scope == ExportScope::Shown || shown->scenario.empty()) {
        options.footer = chartFooter(*shown, m_charts->currentKind());
        chart.reset(m_charts->createCurrentChart()); // as shown
    } else {
        // The baseline's chart of the tab shown, whatever scenario is on screen.
        const PlanResults baseline =
            scopedResults(*shown, scope, m_charts->currentKind() == ChartKind::Frontier);
        options.footer = chartFooter(baseline, m_charts->currentKind());
        chart.reset(m_charts->createCurrentChart(baseline));
    }
    return gui::exportChart(chart.get(), path, format, options, error, exportInputs());
}

void MainWindow::exportDialog()
{
    const auto scope = askExportScope(tr("chart"), false);
    if (!scope)
        return;
    QString selected;
    const QString name = m_charts->currentChartKey() + QStringLiteral(" - ") +
                         (m_charts->results() ? scopeFileTail(*m_charts->results(), *scope)
                                              : QStringLiteral("baseline"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Chart"), name + QStringLiteral(".png"),
        tr("PNG image (*.png);;PNG image at 2× (*.png);;SVG image (*.svg);;PDF document "
           "(*.pdf);;Slide, 16:9, large type — PNG at 2× (*.png);;Slide, 16:9, large type — "
           "PDF (*.pdf)"),
        &selected);
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCurrentChart(path, selected, &error, *scope)) {
        QMessageBox::warning(this, tr("Export Chart"), error);
        return;
    }
    statusBar()->showMessage(tr("Chart written to %1").arg(path), 8000);
}

bool MainWindow::exportAllChartsTo(const QString& folder, QStringList* written, QString* error)
{
    return exportAllChartsTo(folder, written, error, ExportScope::Shown);
}

bool MainWindow::exportAllChartsTo(const QString& folder, QStringList* written, QString* error,
                                   ExportScope scope)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    return exportAllCharts(scopedResults(*shown, scope, true), folder, written, error,
                           exportInputs());
}

void MainWindow::exportAllChartsDialog()
{
    const auto scope = askExportScope(tr("charts"), false);
    if (!scope)
        return;
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Export All Charts Into"));
    if (folder.isEmpty())
        return;
    QStringList written;
    QString error;
    if (!exportAllChartsTo(folder, &written, &error, *scope)) {
        QMessageBox::warning(this, tr("Export All Charts"), error);
        return;
    }
    statusBar()->showMessage(tr("%1 files written to %2").arg(written.size()).arg(folder), 8000);
}

bool MainWindow::exportDeckTo(const QString& path, QString* error)
{
    return exportDeckTo(path, error, ExportScope::Shown);
}

bool MainWindow::exportDeckTo(const QString& path, QString* error, ExportScope scope)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    if (scope != ExportScope::AllScenarios)
        return exportDeck(scopedResults(*shown, scope, true), path, error, exportInputs());
    // Every scenario compared: the baseline's deck and each scenario's plan.
    const PlanResults baseline = scopedResults(*shown, ExportScope::Baseline, true);
    std::vector<PlanResults> scenarios;
    for (const Scenario& s : baseline.project.scenarios)
        scenarios.push_back(
            computePlanResults(baseline.project, s.id, defaultTornadoKpi(baseline.project), 0));
    return exportDeckSlides(comparisonDeckSlides(baseline, scenarios),
                            QString::fromStdString(baseline.project.name), path, error,
                            exportInputs());
}

void MainWindow::exportDeckDialog()
{
    const auto scope = askExportScope(tr("deck"), true);
    if (!scope)
        return;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Deck"),
        exportFileName(m_charts->results(), *scope, QStringLiteral(".pptx")),
        tr("PowerPoint deck (*.pptx);;PDF deck (*.pdf)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pptx");
    QString error;
    if (!exportDeckTo(path, &error, *scope)) {
        QMessageBox::warning(this, tr("Export Deck"), error);
        return;
    }
    statusBar()->showMessage(tr("Deck written to %1").arg(path), 8000);
}

bool MainWindow::exportWorkbookTo(const QString& path, QString* error)
{
    return exportWorkbookTo(path, error, ExportScope::Shown);
}

bool MainWindow::exportWorkbookTo(const QString& path, QString* error, ExportScope scope)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    // The ranges' sheet when their run is of the figures shown (not of a
    // newer edit still being computed) and the export is of what is shown.
    const RangeRunPtr ranges = m_ranges ? m_ranges->latest() : nullptr;
    const bool rangesShown = ranges && scope == ExportScope::Shown && !m_ranges->busy();
    return exportWorkbook(scopedResults(*shown, scope, false), path, error, exportInputs(),
                          rangesShown ? ranges.get() : nullptr);
}

void MainWindow::exportWorkbookDialog()
{
    const auto scope = askExportScope(tr("workbook"), false);
    if (!scope)
        return;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Workbook"),
        exportFileName(m_charts->results(), *scope, QStringLiteral(".xlsx")),
        tr("Excel workbook (*.xlsx)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".xlsx");
    QString error;
    if (!exportWorkbookTo(path, &error, *scope)) {
        QMessageBox::warning(this, tr("Export Workbook"), error);
        return;
    }
    statusBar()->showMessage(tr("Workbook written to %1").arg(path), 8000);
}

} // namespace fleet::gui
