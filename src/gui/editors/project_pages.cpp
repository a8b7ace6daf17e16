#include "editors/project_pages.h"

#include <QObject>

namespace fleet::gui {

std::vector<ProjectPageMaker> projectPageMakers()
{
    return {
        {QObject::tr("Fleet"), &fleetPage},        {QObject::tr("Price books"), &priceBooksPage},
        {QObject::tr("Segments"), &segmentsPage},  {QObject::tr("Workloads"), &workloadsPage},
        {QObject::tr("Regimes"), &regimesPage},    {QObject::tr("Scheduler"), &schedulerPage},
        {QObject::tr("Scenarios"), &scenariosPage}};
}

} // namespace fleet::gui
