#pragma once

// The editors of a FieldTableModel's pickers: a combo box over a column's
// choices (a catalog GPU, a plan, a segment, "let the optimizer choose"), or
// a check list when the field is a list of them (a segment's allowed
// regimes). The unit delegate creates them for columns with choices.

#include "editors/field_table_model.h"

class QWidget;

namespace fleet::gui {

/// A QComboBox named "choices", or for a check list a QListWidget named
/// "checks" whose items are checkable; each item's data is its stored value.
QWidget* createChoiceEditor(QWidget* parent, const std::vector<FieldChoice>& choices,
                            bool checkList);
/// Selects (or checks) the stored `value` (a QString or a QStringList).
void setChoiceEditorValue(QWidget* editor, const QVariant& value);
/// The stored value the editor holds: a QString, or a QStringList of the checked items.
QVariant choiceEditorValue(const QWidget* editor);

} // namespace fleet::gui
