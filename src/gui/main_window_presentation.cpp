// Presentation mode's additions of the slides push (issue 17): the scenario's
// name large with the optimizer's regime mix above the KPIs, and PgDn / PgUp
// switching scenarios whatever has focus.

#include "compute/recompute_service.h"
#include "main_window.h"
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
    const auto show = [this](ResultsPtr results) {
        if (results)
            m_banner->showResults(*results);
    };
    // The fast path's numbers at once, the optimizer's plan when it arrives.
    connect(m_recompute, &RecomputeService::resultsReady, this, show);
    connect(m_recompute, &RecomputeService::optimizerReady, this, show);
    m_presentationKeys = new PresentationKeys([this](int step) { stepScenario(step); }, this);
}

QLabel* MainWindow::presentationBanner() const
{
    return m_banner;
}

void MainWindow::presentationChanged(bool on)
{
    m_banner->setVisible(on);
    if (on)
        qApp->installEventFilter(m_presentationKeys);
    else
        qApp->removeEventFilter(m_presentationKeys);
}

} // namespace fleet::gui
