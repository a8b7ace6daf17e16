#pragma once

// Edits a number of a FieldTableModel as text with its unit beside it; the
// value is checked by the project reader (through the model), not clamped by
// the editor, so an out-of-range value is refused with its rule. A column
// with choices is edited with a picker instead (editors/choice_editor.h): a
// combo box that commits as soon as a value is picked, or a check list that
// drops below the cell and commits when it closes.

#include <QStyledItemDelegate>

namespace fleet::gui {

class UnitDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
    void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                              const QModelIndex& index) const override;
};

} // namespace fleet::gui
