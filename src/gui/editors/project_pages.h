#pragma once

// The navigator's pages: Fleet, Price books, Segments, Workloads, Regimes,
// Scheduler, Scenarios — an editor over each part of the project.

#include "document/project_document.h"

#include <QString>

#include <functional>
#include <vector>

class QWidget;

namespace fleet::gui {

class FieldTableModel;
struct PlanResults;

struct ProjectPage
{
    QString title;
    QWidget* widget = nullptr;
    std::vector<FieldTableModel*> models; ///< the page's tables, for tests and messages
    /// Shows figures of the latest results (the workloads' costs); may be empty.
    std::function<void(const PlanResults&)> showResults = {};
};

// One page per file: fleet_page.cpp, price_books_page.cpp, segments_page.cpp,
// workloads_page.cpp, regimes_page.cpp (regimes and scheduler), scenarios_page.cpp.
ProjectPage fleetPage(ProjectDocument* document, QWidget* parent);
ProjectPage priceBooksPage(ProjectDocument* document, QWidget* parent);
ProjectPage segmentsPage(ProjectDocument* document, QWidget* parent);
ProjectPage workloadsPage(ProjectDocument* document, QWidget* parent);
ProjectPage regimesPage(ProjectDocument* document, QWidget* parent);
ProjectPage schedulerPage(ProjectDocument* document, QWidget* parent);
ProjectPage scenariosPage(ProjectDocument* document, QWidget* parent);

/// A page's title and its builder, so the window can list the pages before
/// it builds them (editors/lazy_pages.h).
struct ProjectPageMaker
{
    QString title;
    ProjectPage (*make)(ProjectDocument* document, QWidget* parent) = nullptr;
};

/// The pages in the navigator's order; each builder's page has the maker's title.
std::vector<ProjectPageMaker> projectPageMakers();

} // namespace fleet::gui
