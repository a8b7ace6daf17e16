#include "editors/new_workload_dialog.h"

#include "editors/pickers.h"
#include "editors/workload_defaults.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace fleet::gui {

namespace {

constexpr std::array<WorkloadKind, 4> kKinds = {WorkloadKind::Training, WorkloadKind::Inference,
                                                WorkloadKind::Notebooks, WorkloadKind::Batch};

} // namespace

NewWorkloadDialog::NewWorkloadDialog(const Project& project, WorkloadKind kind,
                                     const std::string& segmentId, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("newWorkload"));
    setWindowTitle(tr("Add workload"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("It starts with placeholder figures for you to replace; the segment can be changed "
           "later in the table's Segment column."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("workloadKind"));
    for (WorkloadKind each : kKinds)
        m_kind->addItem(workloadKindLabel(each), int(each));
    m_kind->setCurrentIndex(m_kind->findData(int(kind)));
    form->addRow(tr("Kind of work:"), m_kind);
    m_segment = new QComboBox(this);
    m_segment->setObjectName(QStringLiteral("workloadSegment"));
    for (const FieldChoice& choice : segmentChoices(project)) {
        m_segment->addItem(choice.label, choice.value);
        m_segment->setItemData(m_segment->count() - 1, choice.tooltip, Qt::ToolTipRole);
    }
    m_segment->setCurrentIndex(std::max(0, m_segment->findData(QString::fromStdString(segmentId))));
    form->addRow(tr("Segment it serves:"), m_segment);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

WorkloadKind NewWorkloadDialog::kind() const
{
    return WorkloadKind(m_kind->currentData().toInt());
}

std::string NewWorkloadDialog::segmentId() const
{
    return m_segment->currentData().toString().toStdString();
}

} // namespace fleet::gui
