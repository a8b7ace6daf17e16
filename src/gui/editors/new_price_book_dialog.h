#pragma once

// "New book…": a custom price book — its id, its name, and optionally the
// prices of an existing book to start from. Accepting adds it to the project
// as one undo step (and makes it the book in force when it can price every
// pool of the fleet); a refusal stays open with the field and the rule.

#include "document/project_document.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;

namespace fleet::gui {

class NewPriceBookDialog : public QDialog
{
    Q_OBJECT

public:
    NewPriceBookDialog(ProjectDocument* document, QWidget* parent = nullptr);

    void accept() override;
    QString errorText() const;

private:
    ProjectDocument* m_document;
    QLineEdit* m_id = nullptr;
    QLineEdit* m_name = nullptr;
    QComboBox* m_copyFrom = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace fleet::gui
