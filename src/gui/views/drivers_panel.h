#pragma once

// The drivers panel: a slider and a spin box per what-if driver. A drag is
// one undo step; the panel follows the document (undo moves the sliders back).
// While a scenario is shown, the sliders show the scenario's values and a move
// changes that scenario's overrides, never the base project: what the charts
// show is what the slider says, and the baseline stays as stated.

#include "views/drivers.h"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QSlider;

namespace fleet::gui {

class DriversPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DriversPanel(ProjectDocument* document, QWidget* parent = nullptr);

    /// Reads every driver's value from the document (no edits).
    void refresh();
    QSlider* slider(const QString& key) const;
    void setLarge(bool large);

signals:
    /// An edit was refused: the reason, for the status bar.
    void refused(const QString& message);

private:
    struct Row
    {
        const Driver* driver;
        QLabel* label;
        QSlider* slider;
        QDoubleSpinBox* spin;
    };
    /// The edit that sets `row`'s driver to `value` in what is shown: the
    /// project, or the shown scenario's overrides. Returns the reason for a refusal.
    std::optional<QString> apply(const Row& row, double value, int mergeKey = -1);
    QString scenarioName() const; ///< the shown scenario's name (its id if unnamed)
    int toSlider(const Driver& driver, double value) const;
    double fromSlider(const Driver& driver, int position) const;

    ProjectDocument* m_document;
    QLabel* m_target = nullptr; ///< what a move changes: the project or scenario X
    std::vector<Row> m_rows;
    bool m_refreshing = false;
};

} // namespace fleet::gui
