#pragma once

// "Add workload…": the kind of work and the customer segment it serves, two
// pickers in one small dialog (named "newWorkload"; its combos
// "workloadKind" and "workloadSegment"). The page that opens it chooses the
// defaults: the kind last added, the segment of the selected row.

#include "model/project.h"

#include <QDialog>

#include <string>

class QComboBox;

namespace fleet::gui {

class NewWorkloadDialog : public QDialog
{
    Q_OBJECT

public:
    /// Offers every kind and every segment of `project`, with `kind` and
    /// `segmentId` picked (the first segment when `segmentId` names none).
    NewWorkloadDialog(const Project& project, WorkloadKind kind, const std::string& segmentId,
                      QWidget* parent = nullptr);

    WorkloadKind kind() const;
    std::string segmentId() const;

private:
    QComboBox* m_kind = nullptr;
    QComboBox* m_segment = nullptr;
};

} // namespace fleet::gui
