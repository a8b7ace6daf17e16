#pragma once

// File → New: a short start page. An empty project (its name, horizon, first
// month, price book and fleet mode), the bundled sample, or one of the
// templates, each with its description. The project is built when the
// dialog is accepted; a refused choice stays open with the reason shown.

#include "model/project.h"

#include <QDialog>

#include <optional>

class QButtonGroup;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QListWidget;
class QRadioButton;
class QSpinBox;
class QWidget;

namespace fleet::gui {

class NewProjectDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Start
    {
        Empty,
        Sample,
        Template
    };

    explicit NewProjectDialog(QWidget* parent = nullptr);

    /// For tests and callers: choose what to start from.
    void setStart(Start start);
    Start start() const;
    /// Selects the template of id `id`; false when there is none.
    bool selectTemplate(const QString& id);

    /// Builds the chosen project; closes the dialog on success, else shows
    /// the reason and stays open.
    void accept() override;

    /// The project built by accept() (empty until then).
    const std::optional<Project>& project() const { return m_project; }
    /// The reason shown when the last accept() was refused.
    QString errorText() const;

private:
    void updateEnabled();

    QRadioButton* m_empty = nullptr;
    QRadioButton* m_sample = nullptr;
    QRadioButton* m_template = nullptr;
    QWidget* m_emptySettings = nullptr;
    QLineEdit* m_name = nullptr;
    QSpinBox* m_horizon = nullptr;
    QDateEdit* m_startMonth = nullptr;
    QComboBox* m_priceBook = nullptr;
    QComboBox* m_mode = nullptr;
    QListWidget* m_templates = nullptr;
    QLabel* m_templateDescription = nullptr;
    QLabel* m_error = nullptr;
    std::optional<Project> m_project;
};

} // namespace fleet::gui
