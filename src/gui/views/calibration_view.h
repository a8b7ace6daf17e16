#pragma once

// Help ▸ Calibration: a read-only table of the engine beside every public
// measurement of data/perf/references.json (the same rows as
// `fleetplanner-cli calibrate`), so a user sees the error bars of the numbers
// before trusting them.

#include <QDialog>

class QTableWidget;

namespace fleet::gui {

class CalibrationView : public QDialog
{
    Q_OBJECT

public:
    explicit CalibrationView(QWidget* parent = nullptr);

    /// The table (for tests).
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table = nullptr;
};

} // namespace fleet::gui
