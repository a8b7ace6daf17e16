#include "views/metering_page.h"

#include "document/project_document.h"
#include "views/metering_panel.h"
#include "views/tenant_sheet.h"

#include <QComboBox>
#include <QFormLayout>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace fleet::gui {

MeteringPage::MeteringPage(ProjectDocument* document, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("meteringSource"));
    m_source->addItem(tr("This project's tenants (evaluated)"));
    m_source->addItem(tr("A job log"));
    m_source->setToolTip(tr("Per-tenant cost and GPU-hours of this project's own tenants, from "
                            "the evaluation shown; or a real cluster's job log metered on this "
                            "project's fleet and prices"));
    form->addRow(tr("Tenants of:"), m_source);
    layout->addLayout(form);
    m_stack = new QStackedWidget(this);
    m_sheet = new TenantSheet(m_stack);
    m_jobLog = new MeteringPanel(document, m_stack);
    m_stack->addWidget(m_sheet);
    m_stack->addWidget(m_jobLog);
    layout->addWidget(m_stack, 1);
    connect(m_source, &QComboBox::currentIndexChanged, m_stack, &QStackedWidget::setCurrentIndex);
    setSource(document->project().tenants.empty() ? JobLog : ProjectTenants);
}

void MeteringPage::showResults(ResultsPtr results)
{
    m_sheet->showResults(std::move(results));
}

void MeteringPage::setSource(Source source)
{
    m_source->setCurrentIndex(int(source));
    m_stack->setCurrentIndex(int(source));
}

MeteringPage::Source MeteringPage::source() const
{
    return Source(m_source->currentIndex());
}

} // namespace fleet::gui
