#include "editors/lazy_pages.h"

#include <QScrollArea>
#include <QStackedWidget>
#include <QTimer>

namespace fleet::gui {

LazyPages::LazyPages(QStackedWidget* stack, QObject* parent)
    : QObject(parent), m_stack(stack), m_next(new QTimer(this))
{
    // Interval 0: after the events already waiting, input among them.
    m_next->setSingleShot(true);
    m_next->setInterval(0);
    connect(m_next, &QTimer::timeout, this, &LazyPages::buildNext);
}

void LazyPages::reset(ProjectDocument* document, int shown)
{
    m_next->stop();
    m_document = document;
    m_makers = projectPageMakers();
    m_pages.clear();
    m_scrolls.clear();
    for (const ProjectPageMaker& maker : m_makers) {
        m_pages.push_back({maker.title, nullptr, {}, {}});
        auto* scroll = new QScrollArea(m_stack);
        scroll->setWidgetResizable(true);
        m_stack->addWidget(scroll);
        m_scrolls.push_back(scroll);
    }
    ensure(shown);
    m_next->start();
}

void LazyPages::ensure(int index)
{
    if (index < 0 || std::size_t(index) >= m_pages.size() || m_pages[index].widget)
        return;
    const ProjectPageMaker& maker = m_makers[index];
    ProjectPage page = maker.make(m_document, m_stack);
    Q_ASSERT(page.title == maker.title);
    m_scrolls[index]->setWidget(page.widget);
    m_pages[index] = std::move(page);
    emit built(m_pages[index]);
}

const std::vector<ProjectPage>& LazyPages::all()
{
    for (std::size_t i = 0; i < m_pages.size(); ++i)
        ensure(int(i));
    m_next->stop();
    return m_pages;
}

void LazyPages::buildNext()
{
    for (std::size_t i = 0; i < m_pages.size(); ++i)
        if (!m_pages[i].widget) {
            ensure(int(i));
            m_next->start(); // the rest in later turns
            return;
        }
}

} // namespace fleet::gui
