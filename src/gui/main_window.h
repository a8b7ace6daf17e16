#pragma once

// FleetPlanner's main window: a navigator of editors on the left, the KPIs
// and the charts in the middle, the what-if drivers on the right. Every edit
// goes through the document's undo stack; results come from the recompute
// service, off the GUI thread.

#include "compute/range_service.h"
#include "compute/recompute_service.h"
#include "model/project.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTimer;
class QDockWidget;

namespace Ui {
class MainWindow;
}

namespace fleet::gui {

class ChartTabs;
class PresentationBanner;
class SweepView;
class PresentationKeys;
class BlankScreen;
enum class PresentationCommand;
enum class ExportScope; // export/export_scope.h
class DriversPanel;
class KpiPanel;
class LazyPages;
class MeteringPage;
class PackingPanel;
class ProjectDocument;
struct ProjectPage;

/// A collected sweep result's file name (.sqlite, .sqlite3), not a project's.
bool isSweepResultPath(const QString& path);

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Shows `project` (read from `path`, or new when empty) in a new document.
    void setProject(Project project, const QString& path = {});
    /// Opens a project file, offering its recovery file when one is newer.
    bool openFile(const QString& path);
    /// Offers the changes autosaved beside `recoveryBase` (a project file, or
    /// the untitled base of the sample and new projects) when they are newer
    /// than it: opens them as the unsaved state of `documentPath`, or removes
    /// them. While presenting, or after deferRecoveryOffers(), the question
    /// waits until presentation mode ends, and autosave leaves the file alone
    /// until it is answered. Returns true when the recovered project is open.
    bool offerRecovery(const QString& recoveryBase, const QString& documentPath);
    /// Asks no recovery question until presentation mode ends (--present).
    void deferRecoveryOffers() { m_deferRecovery = true; }
    /// The recovery file waiting for an answer ("" when none).
    QString pendingRecovery() const { return m_pendingRecoveryBase; }

    ProjectDocument* document() const { return m_document; }
    RecomputeService* recompute() const { return m_recompute; }
    RangeService* rangeService() const { return m_ranges; }
    KpiPanel* kpiPanel() const { return m_kpi; }
    ChartTabs* charts() const { return m_charts; }
    DriversPanel* drivers() const { return m_drivers; }
    PackingPanel* packing() const { return m_packing; }
    MeteringPage* metering() const { return m_metering; }
    const std::vector<ProjectPage>& pages() const;
    void showPage(const QString& title);
    bool presenting() const { return m_presenting; }
    /// Presentation mode's scenario name and optimizer line.
    QLabel* presentationBanner() const;
    /// Shows the window as the app opens it: 1440×900, or the screen's
    /// available area where that is smaller (window_placement.h).
    void showFitted();
    void setPresenting(bool on);
    /// Presentation mode's screen blanked (b or .).
    bool screenBlank() const;

    /// Exports the chart shown (the same snapshot as on screen).
    bool exportCurrentChart(const QString& path, const QString& selectedFilter, QString* error);
    /// The chart of the tab shown, of the scenario on screen or the baseline
    /// (main_window_export.cpp).
    bool exportCurrentChart(const QString& path, const QString& selectedFilter, QString* error,
                            ExportScope scope);
    /// Writes the project, the exact solver's request and its model (MPS)
    /// of the results shown into `folder`, for a bug report.
    bool exportSolverModel(const QString& folder, QString* error);
    /// Writes the results shown (all parts) to an Excel workbook (main_window_export.cpp).
    bool exportWorkbookTo(const QString& path, QString* error);
    /// Every chart (PNG 2×, SVG, PDF) into `folder`; the deck (.pptx or .pdf) to `path`.
    bool exportAllChartsTo(const QString& folder, QStringList* written, QString* error);
    bool exportDeckTo(const QString& path, QString* error);
    /// The same of what `scope` names: the scenario shown, the baseline, or
    /// (a deck) every scenario compared (export/export_scope.h).
    bool exportWorkbookTo(const QString& path, QString* error, ExportScope scope);
    bool exportAllChartsTo(const QString& folder, QStringList* written, QString* error,
                           ExportScope scope);
    bool exportDeckTo(const QString& path, QString* error, ExportScope scope);
    /// The files the open project was read from (its .fleetplan, or the
    /// JSON it was imported from): no export may be written over them.
    std::vector<std::string> exportInputs() const;
    /// Opens a collected sweep result read-only in a window of its own
    /// (main_window_sweep.cpp); a file that is not one is refused, saying
    /// why, in `error` when given, else in a message box.
    SweepView* openSweepResult(const QString& path, QString* error = nullptr);
    /// After opening `path`: when it is of an older format (upgraded in
    /// memory), says so; read-only when it cannot be written where it is.
    void explainUpgradeInMemory(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void setupActions();
    void setupLayout();
    void rebuildPages();
    void updateTitle();
    void showResults(ResultsPtr results);
    /// Marks the KPIs and charts not yet of the newest inputs as updating.
    void markStale();
    bool maybeSave();
    bool askAboutPendingRecovery();
    void forgetRecoveryOf(const QString& recoveryBase);
    void newProject();
    void openDialog();
    bool saveProject();
    /// Stores the background knee of the document's inputs before a save
    /// (views/frontier_ceiling.h): the status message's words for it, or "".
    QString storeKneeOnSave();
    bool saveProjectAs();
    void exportDialog();
    void exportSolverModelDialog();
    void setupExportActions(); ///< File → Export Workbook… (main_window_export.cpp)
    void setupSweepActions();  ///< File → Open Sweep Result… (main_window_sweep.cpp)
    void exportWorkbookDialog();
    void setupPresentation(); ///< banner and keys (main_window_presentation.cpp)
    void presentationChanged(bool on);
    /// The KPIs across the top (editing) or in a column beside the chart (presenting).
    void placeKpis(bool beside);
    void exportAllChartsDialog();
    void exportDeckDialog();
    /// Asks what an export shows (export_scope.h); nullopt when cancelled.
    std::optional<ExportScope> askExportScope(const QString& what, bool comparison);
    void copyChart();
    QStringList scenarioIds() const; ///< the baseline ("") and every scenario, in order
    void stepScenario(int step);
    void showScenario(const QString& id);
    void presentationKey(PresentationCommand command);
    void addRecent(const QString& path);
    void fillRecentMenu();
    void showAbout();

    std::unique_ptr<Ui::MainWindow> m_ui;
    ProjectDocument* m_document = nullptr;
    RecomputeService* m_recompute = nullptr;
    RangeService* m_ranges = nullptr; ///< the Monte Carlo over the input ranges
    KpiPanel* m_kpi = nullptr;
    ChartTabs* m_charts = nullptr;
    DriversPanel* m_drivers = nullptr;
    PackingPanel* m_packing = nullptr;
    MeteringPage* m_metering = nullptr;
    QDockWidget* m_driversDock = nullptr;
    QListWidget* m_navigator = nullptr;
    QStackedWidget* m_stack = nullptr;
    QWidget* m_editorPane = nullptr;
    QWidget* m_slideBody = nullptr; ///< editors and charts (and in presentation the KPIs)
    LazyPages* m_pages = nullptr;
    ResultsPtr m_pageResults; ///< the results the pages show; a page built later gets them
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_state = nullptr;
    QTimer* m_markStale = nullptr;
    QLabel* m_readOnlyBanner = nullptr;
    PresentationBanner* m_banner = nullptr;
    PresentationKeys* m_presentationKeys = nullptr;
    BlankScreen* m_blank = nullptr;
    bool m_presenting = false;
    bool m_deferRecovery = false;
    QString m_pendingRecoveryBase;
    QString m_pendingRecoveryPath;
    QString m_openedFile; ///< the file the project was opened from (main_window_export.cpp)
    QByteArray m_stateBeforePresenting;
};

} // namespace fleet::gui
