#include "editors/project_pages.h"

namespace fleet::gui {

std::vector<ProjectPage> makeProjectPages(ProjectDocument* document, QWidget* parent)
{
    return {fleetPage(document, parent),    priceBooksPage(document, parent),
            segmentsPage(document, parent), workloadsPage(document, parent),
            regimesPage(document, parent),  schedulerPage(document, parent),
            scenariosPage(document, parent)};
}

} // namespace fleet::gui
