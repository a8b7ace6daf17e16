#include "editors/unit_delegate.h"

#include "editors/choice_editor.h"
#include "editors/field_table_model.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>

namespace fleet::gui {

namespace {
const FieldTableModel* fieldModel(const QModelIndex& index)
{
    return qobject_cast<const FieldTableModel*>(index.model());
}
} // namespace

QWidget* UnitDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const
{
    const FieldTableModel* model = fieldModel(index);
    if (model && model->column(index.column()).choices) {
        const FieldColumn& column = model->column(index.column());
        QWidget* editor = createChoiceEditor(
            parent, column.choices(model->document()->shownProject(), model->itemAt(index.row())),
            column.checkList);
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            // Picking is the edit: commit and close at once.
            connect(combo, &QComboBox::activated, this, [this, combo] {
                auto* self = const_cast<UnitDelegate*>(this);
                emit self->commitData(combo);
                emit self->closeEditor(combo);
            });
        }
        return editor;
    }
    if (!model || index.data(Qt::EditRole).typeId() == QMetaType::QString)
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto* frame = new QWidget(parent);
    frame->setAutoFillBackground(true);
    auto* layout = new QHBoxLayout(frame);
    layout->setContentsMargins(0, 0, 4, 0);
    auto* edit = new QLineEdit(frame);
    edit->setObjectName(QStringLiteral("value"));
    edit->setAlignment(Qt::AlignRight);
    layout->addWidget(edit, 1);
    const QString unit = model->column(index.column()).unit;
    if (!unit.isEmpty())
        layout->addWidget(new QLabel(unit, frame));
    frame->setFocusProxy(edit);
    return frame;
}

void UnitDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    if (editor->objectName() == QStringLiteral("choices") ||
        editor->objectName() == QStringLiteral("checks"))
        return setChoiceEditorValue(editor, index.data(Qt::EditRole));
    auto* edit = editor->findChild<QLineEdit*>(QStringLiteral("value"));
    if (!edit)
        return QStyledItemDelegate::setEditorData(editor, index);
    // Enough digits that editing nothing changes nothing; written as the
    // parser reads it (a point, no group separators), whatever the locale.
    edit->setText(QLocale::c().toString(index.data(Qt::EditRole).toDouble(), 'g', 15));
    edit->selectAll();
}

void UnitDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                const QModelIndex& index) const
{
    if (editor->objectName() == QStringLiteral("choices") ||
        editor->objectName() == QStringLiteral("checks")) {
        const QVariant value = choiceEditorValue(editor);
        if (value != index.data(Qt::EditRole)) // closing unchanged changes nothing
            model->setData(index, value, Qt::EditRole);
        return;
    }
    auto* edit = editor->findChild<QLineEdit*>(QStringLiteral("value"));
    if (!edit)
        return QStyledItemDelegate::setModelData(editor, model, index);
    // Read in the column's unit (model/field_input.h): "13" in a field of
    // billions is 13 × 10⁹, "2 weeks" in one of days is 14.
    if (auto* fields = qobject_cast<FieldTableModel*>(model))
        fields->setTyped(index, edit->text());
}

void UnitDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                                        const QModelIndex& index) const
{
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        // Wide enough to read the picked value (a GPU with its memory and price).
        QRect rect = option.rect;
        rect.setWidth(std::max(rect.width(), std::min(combo->sizeHint().width(), 520)));
        return editor->setGeometry(rect);
    }
    auto* list = qobject_cast<QListWidget*>(editor);
    if (!list)
        return QStyledItemDelegate::updateEditorGeometry(editor, option, index);
    // A check list drops below the cell, tall enough for every choice.
    int height = 2 * list->frameWidth();
    for (int i = 0; i < list->count(); ++i)
        height += list->sizeHintForRow(i);
    QRect rect = option.rect;
    rect.setWidth(std::max(rect.width(), list->sizeHintForColumn(0) + 2 * list->frameWidth() + 8));
    rect.setHeight(height);
    editor->setGeometry(rect);
}

} // namespace fleet::gui
