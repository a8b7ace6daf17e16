#pragma once

// The drivers panel: a slider and a spin box per what-if driver. A drag is
// one undo step; the panel follows the document (undo moves the sliders back).

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
    void apply(const Row& row, double value);
    int toSlider(const Driver& driver, double value) const;
    double fromSlider(const Driver& driver, int position) const;

    ProjectDocument* m_document;
    std::vector<Row> m_rows;
    bool m_refreshing = false;
};

} // namespace fleet::gui
