// File → Open Sweep Result…: a collected sweep result (sweep collect's
// SQLite file) opened read-only beside the project, in a window of its own
// (views/sweep_view.h). A file that is not one is refused, saying why.

#include "main_window.h"
#include "sweep/sweep_results.h"
#include "ui_main_window.h"
#include "views/sweep_view.h"

#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace fleet::gui {

bool isSweepResultPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("sqlite") || suffix == QLatin1String("sqlite3");
}

void MainWindow::setupSweepActions()
{
    // Under Open Recent: another kind of file to open.
    auto* action = new QAction(tr("Open S&weep Result…"), this);
    action->setObjectName(QStringLiteral("actionOpenSweep"));
    action->setStatusTip(tr("A collected sweep result (fleetplanner-cli sweep collect), "
                            "read-only: heat map and fan chart"));
    const QList<QAction*> actions = m_ui->menuFile->actions();
    const qsizetype recent = actions.indexOf(m_ui->menuRecent->menuAction());
    m_ui->menuFile->insertAction(
        recent >= 0 && recent + 1 < actions.size() ? actions[recent + 1] : nullptr, action);
    connect(action, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open Sweep Result"), QString(),
                                         tr("Sweep results (*.sqlite *.sqlite3);;All files (*)"));
        if (!path.isEmpty())
            openSweepResult(path);
    });
}

SweepView* MainWindow::openSweepResult(const QString& path, QString* error)
{
    QElapsedTimer timer;
    timer.start();
    auto results = sweep::openSweepResults(path.toStdString());
    if (!results) {
        const QString why = QString::fromStdString(results.error().toString());
        if (error)
            *error = why;
        else
            QMessageBox::warning(this, tr("Not a sweep result"),
                                 tr("FleetPlanner cannot open this sweep result:\n\n%1").arg(why));
        return nullptr;
    }
    auto* view = new SweepView(std::move(results).value(), this);
    view->show();
    statusBar()->showMessage(
        tr("Opened sweep result %1 in %2 ms").arg(QFileInfo(path).fileName()).arg(timer.elapsed()),
        8000);
    return view;
}

} // namespace fleet::gui
