#pragma once

// The one look of a dialog's refusal: a word-wrapped line in red under the
// inputs, hidden until there is something to say.

#include <QLabel>
#include <QString>

namespace fleet::gui {

/// A hidden, word-wrapped red label named `objectName` (tests find it by it).
inline QLabel* newErrorLabel(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("QLabel { color: #a00; }"));
    label->hide();
    return label;
}

} // namespace fleet::gui
