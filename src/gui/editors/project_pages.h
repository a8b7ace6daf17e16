#pragma once

// The navigator's pages: Fleet, Price books, Segments, Workloads, Regimes,
// Scheduler, Scenarios — an editor over each part of the project.

#include "document/project_document.h"

#include <QString>

#include <vector>

class QWidget;

namespace fleet::gui {

class FieldTableModel;

struct ProjectPage
{
    QString title;
    QWidget* widget = nullptr;
    std::vector<FieldTableModel*> models; ///< the page's tables, for tests and messages
};

/// The Workloads page (workloads_page.cpp).
ProjectPage workloadsPage(ProjectDocument* document, QWidget* parent);

/// Builds the pages; `parent` owns the widgets.
std::vector<ProjectPage> makeProjectPages(ProjectDocument* document, QWidget* parent);

} // namespace fleet::gui
