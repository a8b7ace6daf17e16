#pragma once

// The Metering page: per-tenant cost and GPU-hours from one of two sources,
// chosen at the top — "This project's tenants (evaluated)" (TenantSheet, the
// evaluation the app already made) or "A job log" (MeteringPanel, a real
// cluster's log metered on the project's fleet). It opens on the project's
// tenants when the project names any, else on the job log.

#include "compute/recompute_service.h"

#include <QWidget>

class QComboBox;
class QStackedWidget;

namespace fleet::gui {

class MeteringPanel;
class ProjectDocument;
class TenantSheet;

class MeteringPage : public QWidget
{
    Q_OBJECT

public:
    enum Source
    {
        ProjectTenants = 0,
        JobLog = 1
    };

    explicit MeteringPage(ProjectDocument* document, QWidget* parent = nullptr);

    void showResults(ResultsPtr results);
    void setSource(Source source);
    Source source() const;
    TenantSheet* sheet() const { return m_sheet; }
    MeteringPanel* jobLog() const { return m_jobLog; }

private:
    QComboBox* m_source;
    QStackedWidget* m_stack;
    TenantSheet* m_sheet;
    MeteringPanel* m_jobLog;
};

} // namespace fleet::gui
