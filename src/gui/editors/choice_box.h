#pragma once

// The combo box of an inspector's picker (a segment, a GPU, a model, a pin):
// its box shows the longest form of the current choice that fits it whole
// (the label, the brief form, the cell's form, the stored value) and the list
// it drops down shows every choice's whole label, as wide as the longest.
//
// Why not a wider inspector: at 1366×768 the workloads page's pane is about
// 565 px, and its list needs about 340 px for a name, a figure and the cost;
// the inspector keeps about 190 px, and a label such as "NVIDIA GB300 NVL72
// (per Blackwell Ultra GPU) — 288 GB, $… on-demand" (about 400 px) would not
// fit a 1920×1080 inspector either. A box that picks a shorter form of the
// same choice shows its text whole at any width (issue 32 item 4), and the
// label stays one click away in the list.

#include "editors/field_table_model.h"

#include <QComboBox>

namespace fleet::gui {

class ChoiceBox : public QComboBox
{
    Q_OBJECT

public:
    explicit ChoiceBox(QWidget* parent = nullptr);

    /// Replaces the items by `choices` (each item's data its stored value).
    void setChoices(const std::vector<FieldChoice>& choices);
    /// Adds a value no choice offers, shown as it is.
    void addValue(const QString& value);

    void showPopup() override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Each item's text: the longest of its forms that fits the box.
    void fitTexts();
};

} // namespace fleet::gui
