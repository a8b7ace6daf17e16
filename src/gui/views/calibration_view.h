#pragma once

// Help ▸ Calibration: a read-only table of the engine beside every public
// measurement of data/perf/references.json (the same rows as
// `fleetplanner-cli calibrate`), so a user sees the error bars of the numbers
// before trusting them.

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableWidget;

namespace fleet::gui {

class CalibrationView : public QDialog
{
    Q_OBJECT

public:
    explicit CalibrationView(QWidget* parent = nullptr);

    /// The table (for tests).
    QTableWidget* table() const { return m_table; }
    /// Which rows show: every set, fit or held out (for tests).
    QComboBox* setFilter() const { return m_set; }
    /// Show only the references outside their tolerance (for tests).
    QCheckBox* outsideOnly() const { return m_outside; }

private:
    /// Hides the rows the filters leave out and says how many show.
    void applyFilters();

    QTableWidget* m_table = nullptr;
    QComboBox* m_set = nullptr;
    QCheckBox* m_outside = nullptr;
    QLabel* m_shown = nullptr;
    std::vector<bool> m_heldOut, m_within;
};

} // namespace fleet::gui
