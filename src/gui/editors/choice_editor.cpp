#include "editors/choice_editor.h"

#include <QComboBox>
#include <QListWidget>

namespace fleet::gui {

QWidget* createChoiceEditor(QWidget* parent, const std::vector<FieldChoice>& choices,
                            bool checkList)
{
    if (checkList) {
        auto* list = new QListWidget(parent);
        list->setObjectName(QStringLiteral("checks"));
        for (const FieldChoice& choice : choices) {
            auto* item = new QListWidgetItem(choice.label, list);
            item->setData(Qt::UserRole, choice.value);
            item->setToolTip(choice.tooltip);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
        return list;
    }
    auto* combo = new QComboBox(parent);
    combo->setObjectName(QStringLiteral("choices"));
    for (const FieldChoice& choice : choices) {
        combo->addItem(choice.label, choice.value);
        combo->setItemData(combo->count() - 1, choice.tooltip, Qt::ToolTipRole);
    }
    return combo;
}

void setChoiceEditorValue(QWidget* editor, const QVariant& value)
{
    if (auto* list = qobject_cast<QListWidget*>(editor)) {
        const QStringList checked = value.toStringList();
        for (int i = 0; i < list->count(); ++i) {
            QListWidgetItem* item = list->item(i);
            item->setCheckState(checked.contains(item->data(Qt::UserRole).toString())
                                    ? Qt::Checked
                                    : Qt::Unchecked);
        }
        return;
    }
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        int at = combo->findData(value.toString());
        if (at < 0) { // a value the choices do not offer (a GPU no longer in the catalog)
            combo->addItem(value.toString(), value.toString());
            at = combo->count() - 1;
        }
        combo->setCurrentIndex(at);
    }
}

QVariant choiceEditorValue(const QWidget* editor)
{
    if (const auto* list = qobject_cast<const QListWidget*>(editor)) {
        QStringList checked; // in the order of the choices
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->checkState() == Qt::Checked)
                checked << list->item(i)->data(Qt::UserRole).toString();
        return checked;
    }
    if (const auto* combo = qobject_cast<const QComboBox*>(editor))
        return combo->currentData().toString();
    return {};
}

} // namespace fleet::gui
