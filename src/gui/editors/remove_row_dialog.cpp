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
    bool workloads = false;
    for (const RowReference& reference : references) {
        shown->addItem(QString::fromStdString(reference.text));
        workloads = workloads || reference.kind == RowReference::Kind::WorkloadSegment;
    }
    layout->addWidget(shown);

    // Parented to the dialog even when hidden (a pool or workload has no workloads to move).
    auto* reassign = new QRadioButton(QObject::tr("Move its workloads to segment:"), &dialog);
    reassign->setObjectName(QStringLiteral("reassign"));
    auto* target = new QComboBox(&dialog);
    target->setObjectName(QStringLiteral("reassignTo"));
    for (const Segment& segment : project.segments)
        if (segment.id != id)
            target->addItem(QString::fromStdString(segment.name + " (" + segment.id + ")"),
                            QString::fromStdString(segment.id));
    auto* removeAll = new QRadioButton(
        workloads ? QObject::tr("Remove its workloads too, with the scenario overrides that "
                                "name them")
                  : QObject::tr("Remove these scenario overrides too"));
    removeAll->setObjectName(QStringLiteral("removeDependents"));
    layout->addWidget(reassign);
    layout->addWidget(target);
    reassign->setVisible(workloads);
    target->setVisible(workloads);
    layout->addWidget(removeAll);
    const bool canReassign = workloads && target->count() > 0;
    reassign->setEnabled(canReassign);
    target->setEnabled(canReassign);
    (canReassign ? reassign : removeAll)->setChecked(true);
    QObject::connect(reassign, &QRadioButton::toggled, target, &QComboBox::setEnabled);
    if (workloads)
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
