// Presentation mode's additions of the slides push (issue 17): the scenario's
// name large with the optimizer's regime mix above the KPIs, and a clicker's
// keys whatever has focus (issue 32): PgDn / PgUp and the other keys switch
// scenarios, b and . blank the screen, Esc ends the presentation.

#include "compute/recompute_service.h"
#include "main_window.h"
#include "views/blank_screen.h"
#include "views/presentation_banner.h"
#include "views/presentation_keys.h"

#include <QApplication>
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

} // namespace fleet::gui
