#include "editors/remove_row_dialog.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace fleet::gui {

namespace {

QString countOf(int count, const QString& one, const QString& many)
{
    return count == 1 ? one : many.arg(count);
}

/// "3 workloads", "2 tenants", "1 workload and 2 tenants": a segment's dependents.
QString dependentsText(int workloads, int tenants)
{
    const QString w = countOf(workloads, QObject::tr("1 workload"), QObject::tr("%1 workloads"));
    const QString t = countOf(tenants, QObject::tr("1 tenant"), QObject::tr("%1 tenants"));
    if (workloads > 0 && tenants > 0)
        return QObject::tr("%1 and %2").arg(w, t);
    return tenants > 0 ? t : w;
}

} // namespace

std::optional<RemovePlan> askRemovePlan(QWidget* parent, const Project& project, RowList list,
                                        const std::string& id,
                                        const std::vector<RowReference>& references)
{
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("removeReferencedRow"));
    const QString noun = QString::fromStdString(std::string(rowNoun(list)));
    dialog.setWindowTitle(QObject::tr("Remove %1 \"%2\"").arg(noun, QString::fromStdString(id)));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(
        QObject::tr("These refer to the %1 \"%2\":").arg(noun, QString::fromStdString(id))));
    auto* shown = new QListWidget;
    shown->setObjectName(QStringLiteral("references"));
    int workloadCount = 0, tenantCount = 0;
    for (const RowReference& reference : references) {
        shown->addItem(QString::fromStdString(reference.text));
        workloadCount += reference.kind == RowReference::Kind::WorkloadSegment;
        tenantCount += reference.kind == RowReference::Kind::TenantSegment;
    }
    layout->addWidget(shown);
    // A segment's workloads and tenants go with it, or move together.
    const bool movable = workloadCount + tenantCount > 0;
    const QString dependents = dependentsText(workloadCount, tenantCount);
    if (movable) {
        auto* summary = new QLabel(
            QObject::tr("Removing the %1 removes %2 unless they move to another segment.")
                .arg(noun, dependents),
            &dialog);
        summary->setObjectName(QStringLiteral("removeSummary"));
        summary->setWordWrap(true);
        layout->addWidget(summary);
    }

    // Parented to the dialog even when hidden (a pool or workload has no workloads to move).
    auto* reassign =
        new QRadioButton(QObject::tr("Move its %1 to segment:").arg(dependents), &dialog);
    reassign->setObjectName(QStringLiteral("reassign"));
    auto* target = new QComboBox(&dialog);
    target->setObjectName(QStringLiteral("reassignTo"));
    for (const Segment& segment : project.segments)
        if (segment.id != id)
            target->addItem(QString::fromStdString(segment.name + " (" + segment.id + ")"),
                            QString::fromStdString(segment.id));
    auto* removeAll = new QRadioButton(
        movable ? QObject::tr("Remove its %1 too, with the scenario overrides that name them")
                      .arg(dependents)
                : QObject::tr("Remove these scenario overrides too"));
    removeAll->setObjectName(QStringLiteral("removeDependents"));
    layout->addWidget(reassign);
    layout->addWidget(target);
    reassign->setVisible(movable);
    target->setVisible(movable);
    layout->addWidget(removeAll);
    const bool canReassign = movable && target->count() > 0;
    reassign->setEnabled(canReassign);
    target->setEnabled(canReassign);
    (canReassign ? reassign : removeAll)->setChecked(true);
    QObject::connect(reassign, &QRadioButton::toggled, target, &QComboBox::setEnabled);
    if (movable)
        layout->addWidget(new QLabel(
            QObject::tr("Scenario overrides that change the %1 itself are removed with it.")
                .arg(noun)));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(QObject::tr("Remove"));
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    if (reassign->isChecked())
        return RemovePlan{RemovePlan::Dependents::Reassign,
                          target->currentData().toString().toStdString()};
    return RemovePlan{RemovePlan::Dependents::Remove, {}};
}

} // namespace fleet::gui
