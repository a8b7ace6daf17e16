// Presentation mode (issue 17): entering and leaving it, the scenario's
// name large with the optimizer's regime mix above the KPIs, and a clicker's
// keys whatever has focus (issue 32): PgDn / PgUp and the other keys step
// through the scenarios, b and . blank the screen, Esc ends the presentation;
// the window fitted to its screen when it first opens.

#include "compute/recompute_service.h"
#include "compute/scenario_name.h"
#include "document/project_document.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "ui_main_window.h"
#include "views/blank_screen.h"
#include "views/chart_tabs.h"
#include "views/drivers_panel.h"
#include "views/presentation_banner.h"
#include "views/presentation_keys.h"
#include "window_placement.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QScreen>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace fleet::gui {

void MainWindow::setupPresentation()
{
    m_banner = new PresentationBanner(this);
    m_banner->hide();
    if (auto* layout = qobject_cast<QVBoxLayout*>(centralWidget()->layout()))
        layout->insertWidget(1, m_banner); // under the read-only banner, above the KPIs
    // Only while presenting (presentationChanged fills it in when it shows):
    // its optimizer line sums the plan's GPUs, 20–30 ms at 10,000 workloads.
    const auto show = [this](ResultsPtr results) {
        if (results && !m_banner->isHidden())
            m_banner->showResults(*results);
    };
    // The fast path's numbers at once, the optimizer's plan when it arrives.
    connect(m_recompute, &RecomputeService::resultsReady, this, show);
    connect(m_recompute, &RecomputeService::optimizerReady, this, show);
    m_presentationKeys = new PresentationKeys(
        this, [this](PresentationCommand command) { presentationKey(command); }, this);
    m_blank = new BlankScreen(this);
}

QLabel* MainWindow::presentationBanner() const
{
    return m_banner;
}

bool MainWindow::screenBlank() const
{
    return m_blank->blank();
}

void MainWindow::presentationChanged(bool on)
{
    m_banner->setVisible(on);
    m_blank->setBlank(false);
    // Its type in proportion to the screen presented on (it may not be the
    // one the results arrived on).
    if (const ResultsPtr latest = m_recompute->latest(); on && latest)
        m_banner->showResults(*latest);
    if (on)
        qApp->installEventFilter(m_presentationKeys);
    else
        qApp->removeEventFilter(m_presentationKeys);
}

void MainWindow::placeKpis(bool beside)
{
    // Beside the chart its figures, warnings and optimizer's line take the
    // lines they need without moving the chart: at 1366×768 the KPIs above
    // it left a plot of 161 px on the tornado's slide (issue 32 asks half the
    // screen).
    auto* central = static_cast<QVBoxLayout*>(centralWidget()->layout());
    auto* row = static_cast<QHBoxLayout*>(m_slideBody->layout());
    central->removeWidget(m_kpi);
    row->removeWidget(m_kpi);
    if (beside)
        row->addWidget(m_kpi);
    else
        central->insertWidget(central->indexOf(m_slideBody), m_kpi);
}

void MainWindow::presentationKey(PresentationCommand command)
{
    if (!m_document)
        return;
    // Any key but the blanking one brings the slide back, as in slide shows.
    if (command != PresentationCommand::Blank)
        m_blank->setBlank(false);
    switch (command) {
    case PresentationCommand::Next: stepScenario(1); break;
    case PresentationCommand::Previous: stepScenario(-1); break;
    case PresentationCommand::First: showScenario(scenarioIds().front()); break;
    case PresentationCommand::Last: showScenario(scenarioIds().back()); break;
    case PresentationCommand::Blank: m_blank->setBlank(!m_blank->blank()); break;
    case PresentationCommand::Exit: setPresenting(false); break;
    case PresentationCommand::None: break;
    }
}

QStringList MainWindow::scenarioIds() const
{
    QStringList ids{QString()}; // the baseline first
    for (const Scenario& s : m_document->project().scenarios)
        ids << QString::fromStdString(s.id);
    return ids;
}

void MainWindow::stepScenario(int step)
{
    const QStringList ids = scenarioIds();
    const int at = std::max<qsizetype>(0, ids.indexOf(m_document->scenario()));
    showScenario(ids[(at + step + ids.size()) % ids.size()]);
}

void MainWindow::showScenario(const QString& id)
{
    m_document->setScenario(id);
    statusBar()->showMessage(
        m_document->scenario().isEmpty()
            ? tr("Baseline")
            : tr("Scenario %1")
                  .arg(scenarioName(m_document->project(), m_document->scenario().toStdString())),
        4000);
}

void MainWindow::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    if (m_ui->actionPresentation->isChecked() != on)
        m_ui->actionPresentation->setChecked(on);
    m_editorPane->setVisible(!on);
    menuBar()->setVisible(!on);
    statusBar()->setVisible(!on);
    placeKpis(on);
    m_kpi->setLarge(on);
    m_drivers->setLarge(on);
    m_charts->setLarge(on);
    presentationChanged(on);
    if (on) {
        m_stateBeforePresenting = saveGeometry();
        if (screen())
            setGeometry(screen()->geometry()); // also without a window manager
        showFullScreen();
    } else {
        showNormal();
        restoreGeometry(m_stateBeforePresenting);
        keepOnScreen(this); // the geometry saved may not fit the screen shown on now
        m_deferRecovery = false;
        // The question held back during the presentation, once it is over.
        if (!m_pendingRecoveryBase.isEmpty())
            QTimer::singleShot(0, this, [this] {
                if (!m_presenting && !m_pendingRecoveryBase.isEmpty())
                    askAboutPendingRecovery();
            });
    }
}

void MainWindow::showFitted()
{
    // 1440×900 where the screen has room, the screen's available area where
    // it has not (a 1366×768 laptop); once shown, with the window manager's
    // frame known, the frame too inside the screen.
    fitToScreen(this, QSize(1440, 900));
    show();
    keepOnScreen(this);
}

} // namespace fleet::gui
