#pragma once

// "Set range…" on a numeric field of the inspector: its low, likely and high
// value (typed in the unit the field is shown in, as the field itself is),
// the distribution and a note, written to the project's input ranges as one
// undo step (docs/FILE_FORMAT.md, "Input ranges"). The reader checks the
// range; a refusal is shown in the dialog, naming the field and the rule.

#include <QString>

#include <string>

class QWidget;

namespace fleet::gui {

class ProjectDocument;
struct FieldColumn;

/// Opens the dialog for the field `indexPointer` ("/workloads/3/users") of
/// `document`'s baseline, shown as `column` shows it.
void editFieldRange(QWidget* parent, ProjectDocument* document, const FieldColumn& column,
                    const std::string& indexPointer);

} // namespace fleet::gui
