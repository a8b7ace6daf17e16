#pragma once

// Help ▸ Calibration: a read-only table of the engine beside every public
// measurement of data/perf/references.json (the same rows as
// `fleetplanner-cli calibrate`), so a user sees the error bars of the numbers
// before trusting them. "Check your own measurements…" shows a file of the
// user's instead (`calibrate --references`), "Public measurements" goes back.

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace fleet {
struct CalibrationRow;
}

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

    /// Shows the measurements of the user's file at `path` (the format of
    /// data/perf/references.json, each held out): read here, and the engine
    /// run on them on a worker thread; the rows replace the table's when it
    /// ends (checking() until then). On a file that cannot be read, says why
    /// under the summary and keeps the rows shown; false.
    bool showOwnReferences(const QString& path);
    /// A user's file is being checked (its rows not shown yet).
    bool checking() const;
    /// Shows the built-in public measurements again.
    void showPublicReferences();

private:
    /// Fills the table with `rows` and the summary with `heading`, each
    /// set's error and the `command` that prints the same table.
    void showRows(const std::vector<CalibrationRow>& rows, const QString& heading,
                  const QString& command);
    /// Hides the rows the filters leave out and says how many show.
    void applyFilters();

    QLabel* m_summary = nullptr;
    QLabel* m_error = nullptr;
    QTableWidget* m_table = nullptr;
    QComboBox* m_set = nullptr;
    QCheckBox* m_outside = nullptr;
    QLabel* m_shown = nullptr;
    QPushButton* m_public = nullptr;
    QPushButton* m_own = nullptr;
    quint64 m_generation = 0; ///< of the rows asked for last
    std::vector<bool> m_heldOut, m_within;
};

} // namespace fleet::gui
