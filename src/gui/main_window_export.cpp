// File-menu exports of the slides push (issue 17): the Excel workbook, every
// chart at once, the slide deck.

#include "charts/tornado_chart.h"
#include "document/project_document.h"
#include "export/deck_export.h"
#include "export/export_all.h"
#include "export/workbook_export.h"
#include "main_window.h"
#include "ui_main_window.h"
#include "views/chart_tabs.h"

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
}

/// The snapshot shown, with the parts a live edit skipped (scenarios, cost
/// curve, tornado) and, when `frontiers`, the simulated frontier.
static PlanResults completeResults(const PlanResults& shown, bool frontiers)
{
    PlanResults results = shown;
    completePlanResults(results, PartAll, defaultTornadoKpi(results.project));
    if (frontiers && results.frontiers.empty())
        results.frontiers = computeFrontiers(results.project, results.evaluation, nullptr, {},
                                             kDefaultKneeSeeds, &results.kneeSpreads);
    return results;
}

std::vector<std::string> MainWindow::exportInputs() const
{
    // Compared by device and inode (store/export_target): a hard link or
    // another spelling of the project's path is refused as well.
    std::vector<std::string> inputs;
    for (const QString& path : {m_document ? m_document->path() : QString(), m_openedFile})
        if (!path.isEmpty())
            inputs.push_back(QFile::encodeName(path).toStdString());
    return inputs;
}

bool MainWindow::exportAllChartsTo(const QString& folder, QStringList* written, QString* error)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    return exportAllCharts(completeResults(*shown, true), folder, written, error, exportInputs());
}

void MainWindow::exportAllChartsDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Export All Charts Into"));
    if (folder.isEmpty())
        return;
    QStringList written;
    QString error;
    if (!exportAllChartsTo(folder, &written, &error)) {
        QMessageBox::warning(this, tr("Export All Charts"), error);
        return;
    }
    statusBar()->showMessage(tr("%1 files written to %2").arg(written.size()).arg(folder), 8000);
}

bool MainWindow::exportDeckTo(const QString& path, QString* error)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    return exportDeck(completeResults(*shown, true), path, error, exportInputs());
}

void MainWindow::exportDeckDialog()
{
    const ResultsPtr shown = m_charts->results();
    const QString name =
        shown ? QString::fromStdString(shown->project.name).section(QLatin1Char(':'), 0, 0)
              : QStringLiteral("fleet plan");
    QString path =
        QFileDialog::getSaveFileName(this, tr("Export Deck"), name + QStringLiteral(".pptx"),
                                     tr("PowerPoint deck (*.pptx);;PDF deck (*.pdf)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pptx");
    QString error;
    if (!exportDeckTo(path, &error)) {
        QMessageBox::warning(this, tr("Export Deck"), error);
        return;
    }
    statusBar()->showMessage(tr("Deck written to %1").arg(path), 8000);
}

bool MainWindow::exportWorkbookTo(const QString& path, QString* error)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    return exportWorkbook(completeResults(*shown, false), path, error, exportInputs());
}

void MainWindow::exportWorkbookDialog()
{
    const ResultsPtr shown = m_charts->results();
    const QString name =
        shown ? QString::fromStdString(shown->project.name).section(QLatin1Char(':'), 0, 0)
              : QStringLiteral("fleet plan");
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Workbook"), name + QStringLiteral(".xlsx"), tr("Excel workbook (*.xlsx)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".xlsx");
    QString error;
    if (!exportWorkbookTo(path, &error)) {
        QMessageBox::warning(this, tr("Export Workbook"), error);
        return;
    }
    statusBar()->showMessage(tr("Workbook written to %1").arg(path), 8000);
}

} // namespace fleet::gui
