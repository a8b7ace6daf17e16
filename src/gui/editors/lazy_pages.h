#pragma once

// The project's pages in the window's stack, built when first needed: the
// page shown at once, the others one per turn of the event loop after it.
// Opening a 10,000-workload project built all seven pages in one stall of
// the GUI thread (108 ms, 87 of them the Workloads page; issue 28's goal is
// input handled within 100 ms); now one turn builds at most one page.

#include "editors/project_pages.h"

#include <QObject>

#include <vector>

class QScrollArea;
class QStackedWidget;
class QTimer;

namespace fleet::gui {

class LazyPages : public QObject
{
    Q_OBJECT

public:
    explicit LazyPages(QStackedWidget* stack, QObject* parent = nullptr);

    /// Drops the pages (the caller has emptied the stack) and adds
    /// `document`'s, unbuilt, to the stack from its index 0 on; builds the
    /// page at `shown` now and the others in later turns.
    void reset(ProjectDocument* document, int shown);
    /// Builds the page at `index` now when it is a project page not yet built.
    void ensure(int index);
    /// Every page, built now if it was not (tests; the window's lookups).
    const std::vector<ProjectPage>& all();
    /// The pages as they stand: an unbuilt one has its title and no widget,
    /// models or showResults.
    const std::vector<ProjectPage>& current() const { return m_pages; }

signals:
    /// A page was built; the window connects its tables and shows it results.
    void built(const ProjectPage& page);

private:
    void buildNext();

    QStackedWidget* m_stack;
    QTimer* m_next;
    ProjectDocument* m_document = nullptr;
    std::vector<ProjectPageMaker> m_makers;
    std::vector<ProjectPage> m_pages;
    std::vector<QScrollArea*> m_scrolls;
};

} // namespace fleet::gui
