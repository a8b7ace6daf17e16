#pragma once

// "Add price…": one price of any catalog GPU under any plan, into the
// project's copy of a price book — an hourly price for the rented plans (and
// spot's interruption rate), capex, years, hosting, PUE and power for owned —
// with its source and date (by default "Entered by the user", today). The
// dialog applies the edit itself when accepted, as one undo step; a refusal
// stays open with the field and the rule.

#include "document/project_document.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QWidget;

namespace fleet::gui {

class PriceEntryDialog : public QDialog
{
    Q_OBJECT

public:
    PriceEntryDialog(ProjectDocument* document, QWidget* parent = nullptr);

    /// Preselects the book, GPU and plan (a "—" cell's); the figures show the
    /// price the book has, if any.
    void select(const QString& bookId, const QString& gpuId, Plan plan);

    /// Applies the price; closes on success, else shows the reason.
    void accept() override;
    QString errorText() const;

private:
    void loadFigures();
    void updatePreview();
    Plan plan() const;

    ProjectDocument* m_document;
    QComboBox* m_book = nullptr;
    QComboBox* m_gpu = nullptr;
    QComboBox* m_plan = nullptr;
    QWidget* m_rented = nullptr; ///< the hourly price (and spot's interruption rate)
    QWidget* m_owned = nullptr;  ///< the owned figures
    QDoubleSpinBox* m_hourly = nullptr;
    QCheckBox* m_hasInterruptions = nullptr;
    QDoubleSpinBox* m_interruptions = nullptr;
    /// One per owned figure, in the order of model/price_fields.h's table.
    std::vector<QDoubleSpinBox*> m_figures;
    QComboBox* m_source = nullptr;
    QDateEdit* m_asOf = nullptr;
    QLineEdit* m_note = nullptr;
    QLabel* m_existing = nullptr;
    QLabel* m_preview = nullptr;
    QLabel* m_error = nullptr;
    std::optional<OwnedCost> m_ownedWas; ///< the figures loaded, to keep their sources
};

} // namespace fleet::gui
