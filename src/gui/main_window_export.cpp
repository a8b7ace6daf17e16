// File-menu exports of the slides push (issue 17): the Excel workbook and
// every chart at once.

#include "charts/tornado_chart.h"
#include "export/export_all.h"
#include "export/workbook_export.h"
#include "main_window.h"
#include "ui_main_window.h"
#include "views/chart_tabs.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace fleet::gui {

void MainWindow::setupExportActions()
{
    auto* workbook = new QAction(tr("Export &Workbook…"), this);
    workbook->setObjectName(QStringLiteral("actionExportWorkbook"));
    workbook->setStatusTip(tr("The results as an Excel workbook with native charts"));
    connect(workbook, &QAction::triggered, this, &MainWindow::exportWorkbookDialog);
    // Right after Copy Chart, with the other exports.
    const QList<QAction*> actions = m_ui->menuFile->actions();
    const qsizetype copy = actions.indexOf(m_ui->actionCopyChart);
    m_ui->menuFile->insertAction(
        copy >= 0 && copy + 1 < actions.size() ? actions[copy + 1] : nullptr, workbook);
}

bool MainWindow::exportWorkbookTo(const QString& path, QString* error)
{
    const ResultsPtr shown = m_charts->results();
    if (!shown) {
        *error = tr("nothing computed yet");
        return false;
    }
    // The snapshot shown, with the parts a live edit skipped (scenarios, cost curve).
    PlanResults results = *shown;
    completePlanResults(results, PartAll, defaultTornadoKpi(results.project));
    return exportWorkbook(results, path, error);
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
