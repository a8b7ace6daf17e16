#include "main_window.h"

#include "charts/chart_export.h"
#include "compute/scenario_name.h"
#include "document/background_load.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/lazy_pages.h"
#include "editors/project_pages.h"
#include "kpi_panel.h"
#include "new_project_dialog.h"
#include "salvage_offer.h"
#include "store/project_json.h"
#include "store/project_sqlite.h"
#include "ui_main_window.h"
#include "version.h"
#include "views/calibration_view.h"
#include "views/chart_selector.h"
#include "views/chart_tabs.h"
#include "views/drivers_panel.h"
#include "views/frontier_ceiling.h"
#include "views/metering_page.h"
#include "views/navigator_bar.h"
#include "views/packing_panel.h"
#include "window_placement.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>
#include <QVBoxLayout>

// The resources are compiled into the static fleetgui library; registering them
// here keeps the linker from dropping them (Q_INIT_RESOURCE must be called at
// global namespace scope).
static void initFleetGuiResources()
{
    Q_INIT_RESOURCE(fleetplanner);
}

namespace fleet::gui {

namespace {
constexpr int kMaxRecent = 8;
/// Results later than this after an edit are marked as of an earlier state.
constexpr int kMarkStaleAfterMs = 150;
const QString kRecentKey = QStringLiteral("recentFiles");
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>())
{
    initFleetGuiResources();
    m_ui->setupUi(this);
    setWindowIcon(QIcon(QStringLiteral(":/icons/fleetplanner.svg")));
    m_recompute = new RecomputeService(this);
    connect(m_recompute, &RecomputeService::resultsReady, this, &MainWindow::showResults);
    connect(m_recompute, &RecomputeService::optimizerReady, this, [this](ResultsPtr results) {
        m_kpi->showOptimizer(*results);
        m_charts->showOptimizer(results);
    });
    setupLayout();
    // Every KPI with its range: the Monte Carlo of the results' snapshot,
    // once edits settle; a newer edit stops it (compute/range_service.h).
    m_ranges = new RangeService(this);
    connect(m_recompute, &RecomputeService::requested, this, [this] {
        m_ranges->cancel();
        m_kpi->setRangesUpdating(true);
    });
    connect(m_recompute, &RecomputeService::resultsReady, this, [this](ResultsPtr results) {
        m_ranges->request(std::shared_ptr<const Project>(results, &results->project),
                          m_recompute->shownGeneration());
        if (results->frontiersCurrent)
            m_document->noteKneesMeasured();
    });
    connect(m_ranges, &RangeService::started, this, [this] { m_kpi->setRangesUpdating(true); });
    connect(m_ranges, &RangeService::ready, this,
            [this](RangeRunPtr run) { m_kpi->showRanges(run.get()); });
    // … and the charts' fans over them, once computed for the results shown.
    connect(m_ranges, &RangeService::bandsReady, m_recompute, &RecomputeService::setBands);
    connect(m_recompute, &RecomputeService::bandsReady, this,
            [this](ResultsPtr results) { m_charts->showBands(std::move(results)); });
    // What is shown stays on screen while newer results are computed, marked
    // as of an earlier state once they take longer than an edit should.
    m_markStale = new QTimer(this);
    m_markStale->setSingleShot(true);
    m_markStale->setInterval(kMarkStaleAfterMs);
    connect(m_markStale, &QTimer::timeout, this, &MainWindow::markStale);
    connect(m_recompute, &RecomputeService::requested, m_markStale, qOverload<>(&QTimer::start));
    connect(m_recompute, &RecomputeService::kpisReady, this, [this](ResultsPtr results) {
        m_kpi->showResults(*results); // the charts follow (still marked stale)
        if (!m_markStale->isActive())
            markStale();
    });
    setupPresentation();
    connect(m_kpi, &KpiPanel::exportSolverModelRequested, this,
            &MainWindow::exportSolverModelDialog);
    setupActions();
    fillRecentMenu();
}

MainWindow::~MainWindow() = default;

const std::vector<ProjectPage>& MainWindow::pages() const
{
    return m_pages->all();
}

void MainWindow::setupLayout()
{
    m_navigator = new QListWidget(this);
    m_navigator->setObjectName(QStringLiteral("navigator"));
    m_stack = new QStackedWidget(this);
    m_stack->setObjectName(QStringLiteral("pages"));
    m_editorPane = new QWidget(this);
    // The pages' buttons above the page (the list hidden, their model): the
    // page has the pane's whole width.
    auto* editorLayout = new QVBoxLayout(m_editorPane);
    editorLayout->setContentsMargins(0, 0, 0, 0);
    editorLayout->setSpacing(0);
    editorLayout->addWidget(m_navigator);
    editorLayout->addWidget(new NavigatorBar(m_navigator, m_editorPane));
    editorLayout->addWidget(m_stack, 1);
    m_pages = new LazyPages(m_stack, this);
    connect(m_navigator, &QListWidget::currentRowChanged, this, [this](int row) {
        m_pages->ensure(row); // a page not built yet is built before it shows
        m_stack->setCurrentIndex(row);
    });
    connect(m_pages, &LazyPages::built, this, [this](const ProjectPage& page) {
        for (FieldTableModel* model : page.models)
            connect(model, &FieldTableModel::refused, this,
                    [this](const QModelIndex&, const QString& message) {
                        statusBar()->showMessage(tr("Refused: %1").arg(message), 15000);
                        QToolTip::showText(QCursor::pos(), message, this);
                    });
        if (m_pageResults && page.showResults)
            page.showResults(*m_pageResults);
    });

    // The KPIs across the top, always visible; editors and charts below.
    m_kpi = new KpiPanel(this);
    m_charts = new ChartTabs(this);
    // The visible chart's data is always computed live; switching to a chart
    // whose data is of an earlier state recomputes at once.
    connect(m_charts, &QTabWidget::currentChanged, this, [this] {
        const unsigned parts = resultParts(m_charts->currentKind());
        m_recompute->setLiveParts(parts);
        const ResultsPtr latest = m_recompute->latest();
        if (m_document && latest && (latest->parts & parts) != parts)
            m_recompute->request(m_document->project(), m_document->scenario(),
                                 m_document->appliedScenarioProject());
    });
    connect(m_charts, &ChartTabs::kneeAsCeilingRequested, this, [this] {
        if (const ResultsPtr results = m_charts->results(); results && m_document)
            statusBar()->showMessage(applyMeasuredCeiling(m_document, *results).message, 15000);
    });
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_editorPane);
    // The charts under a selector that wraps, not a tab bar that scrolls.
    auto* chartsPane = new QWidget(this);
    auto* chartsLayout = new QVBoxLayout(chartsPane);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->setSpacing(0);
    chartsLayout->addWidget(new ChartSelector(m_charts, chartsPane));
    chartsLayout->addWidget(m_charts, 1);
    splitter->addWidget(chartsPane);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({700, 700});
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(4, 4, 4, 0);
    // Said where it cannot be missed: this project cannot be edited (a
    // salvaged, damaged file), and why.
    m_readOnlyBanner = new QLabel(this);
    m_readOnlyBanner->setObjectName(QStringLiteral("readOnlyBanner"));
    m_readOnlyBanner->setWordWrap(true);
    m_readOnlyBanner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff3cd; color: #5c4400; padding: 6px; }"));
    m_readOnlyBanner->hide();
    centralLayout->addWidget(m_readOnlyBanner);
    centralLayout->addWidget(m_kpi);
    // The editors and charts; in presentation the KPIs stand beside the
    // chart in this row (main_window_presentation.cpp).
    m_slideBody = new QWidget(this);
    m_slideBody->setObjectName(QStringLiteral("slideBody"));
    auto* bodyLayout = new QHBoxLayout(m_slideBody);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->addWidget(splitter, 1);
    centralLayout->addWidget(m_slideBody, 1);
    setCentralWidget(central);

    m_driversDock = new QDockWidget(tr("What if"), this);
    m_driversDock->setObjectName(QStringLiteral("driversDock"));
    m_driversDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_driversDock);

    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("computeState"));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the exact solve and the simulations; the fast results stay"));
    m_cancel->hide();
    statusBar()->addPermanentWidget(m_state);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, m_recompute, &RecomputeService::cancelSlow);
    connect(m_recompute, &RecomputeService::slowStarted, this, [this] {
        m_progress->setValue(0);
        m_progress->show();
        m_cancel->show();
        m_state->setText(tr("Exact solve and simulations…"));
    });
    connect(m_recompute, &RecomputeService::slowProgress, this,
            [this](double fraction) { m_progress->setValue(int(fraction * 100)); });
    connect(m_recompute, &RecomputeService::slowFinished, this, [this](bool cancelled) {
        m_progress->hide();
        m_cancel->hide();
        const ResultsPtr latest = m_recompute->latest();
        m_state->setText(cancelled ? tr("Exact solve and simulations stopped")
                         : latest && latest->exactFailure
                             ? tr("Simulations up to date; the exact solver failed")
                             : tr("Exact solve and simulations up to date"));
    });
}

void MainWindow::setupActions()
{
    m_ui->actionNew->setShortcuts(QKeySequence::New);
    m_ui->actionOpen->setShortcuts(QKeySequence::Open);
    m_ui->actionSave->setShortcuts(QKeySequence::Save);
    m_ui->actionSaveAs->setShortcuts(QKeySequence::SaveAs);
    m_ui->actionExportChart->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_ui->actionCopyChart->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_ui->actionQuit->setShortcuts(QKeySequence::Quit);
    m_ui->actionPresentation->setShortcut(QKeySequence(Qt::Key_F5));
    m_ui->actionFullScreen->setShortcuts(QKeySequence::FullScreen);
    m_ui->actionNextScenario->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    m_ui->actionPreviousScenario->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    m_ui->actionNextChart->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_ui->actionPreviousChart->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_ui->actionAbout->setShortcuts(QKeySequence::HelpContents);

    connect(m_ui->actionNew, &QAction::triggered, this, &MainWindow::newProject);
    connect(m_ui->actionOpen, &QAction::triggered, this, &MainWindow::openDialog);
    connect(m_ui->actionSave, &QAction::triggered, this, &MainWindow::saveProject);
    connect(m_ui->actionSaveAs, &QAction::triggered, this, &MainWindow::saveProjectAs);
    connect(m_ui->actionExportChart, &QAction::triggered, this, &MainWindow::exportDialog);
    connect(m_ui->actionCopyChart, &QAction::triggered, this, &MainWindow::copyChart);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionPresentation, &QAction::toggled, this, &MainWindow::setPresenting);
    connect(m_ui->actionFullScreen, &QAction::toggled, this,
            [this](bool on) { on ? showFullScreen() : showNormal(); });
    connect(m_ui->actionNextScenario, &QAction::triggered, this, [this] { stepScenario(1); });
    connect(m_ui->actionPreviousScenario, &QAction::triggered, this, [this] { stepScenario(-1); });
    connect(m_ui->actionNextChart, &QAction::triggered, this, [this] {
        m_charts->setCurrentIndex((m_charts->currentIndex() + 1) % m_charts->count());
    });
    connect(m_ui->actionPreviousChart, &QAction::triggered, this, [this] {
        m_charts->setCurrentIndex((m_charts->currentIndex() + m_charts->count() - 1) %
                                  m_charts->count());
    });
    connect(m_ui->actionRunSlow, &QAction::triggered, m_recompute, &RecomputeService::settleNow);
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
    setupExportActions();
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
    // Help ▸ Calibration: the engine beside every public measurement (read-only).
    m_ui->menuHelp->addAction(tr("&Calibration…"), this, [this] {
        auto* view = new CalibrationView(this);
        view->setAttribute(Qt::WA_DeleteOnClose);
        view->show();
    });
    // Actions stay reachable by keyboard in presentation mode, menus hidden.
    addActions({m_ui->actionPresentation, m_ui->actionNextScenario, m_ui->actionPreviousScenario,
                m_ui->actionNextChart, m_ui->actionPreviousChart, m_ui->actionSave});
}

void MainWindow::setProject(Project project, const QString& path)
{
    ProjectDocument* old = m_document;
    m_openedFile = path; // openFile sets the file a JSON project was imported from
    m_document = new ProjectDocument(std::move(project), path, this);
    m_document->setMeasuredKnees(m_recompute->measuredKnees());
    connect(m_document, &ProjectDocument::changed, this, [this] {
        m_recompute->request(m_document->project(), m_document->scenario(),
                             m_document->appliedScenarioProject());
    });
    connect(m_document, &ProjectDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ProjectDocument::pathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ProjectDocument::scenarioChanged, this, &MainWindow::updateTitle);

    // Edit menu: the document's undo and redo.
    m_ui->menuEdit->clear();
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(QKeySequence::Redo);
    m_ui->menuEdit->addAction(undo);
    m_ui->menuEdit->addAction(redo);
    addActions({undo, redo});

    delete m_drivers;
    m_drivers = new DriversPanel(m_document, m_driversDock);
    m_drivers->setObjectName(QStringLiteral("drivers"));
    connect(m_drivers, &DriversPanel::refused, this,
            [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    m_driversDock->setWidget(m_drivers);
    rebuildPages();
    // Autosave would overwrite a recovery file that still waits for an answer.
    m_document->setAutosaveSuspended(!m_pendingRecoveryBase.isEmpty() &&
                                     m_document->recoveryBase() == m_pendingRecoveryBase);
    delete old;
    updateTitle();
    m_recompute->request(m_document->project(), m_document->scenario(),
                         m_document->appliedScenarioProject());
}

void MainWindow::rebuildPages()
{
    while (m_stack->count() > 0) {
        QWidget* page = m_stack->widget(0);
        m_stack->removeWidget(page);
        delete page;
    }
    const int row = std::max(0, m_navigator->currentRow());
    m_navigator->clear();
    m_pageResults.reset(); // of the previous document
    // The page shown is built now, the others in the turns after (editors/lazy_pages.h).
    m_pages->reset(m_document, row);
    for (const ProjectPage& page : m_pages->current())
        m_navigator->addItem(page.title);
    // The Packing tool: not part of the project, its replay shows in the Packing chart.
    m_packing = new PackingPanel(m_recompute, m_document, m_stack);
    connect(m_packing, &PackingPanel::finished, this, [this](bool ok) {
        if (ok)
            m_charts->setCurrentKind(ChartKind::Packing);
    });
    m_navigator->addItem(tr("Packing"));
    auto* scroll = new QScrollArea(m_stack);
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_packing);
    m_stack->addWidget(scroll);
    // The Metering tool: the project's tenants from the evaluation shown, or a
    // job log's tenants metered on the project's fleet.
    m_navigator->addItem(tr("Metering"));
    auto* meteringScroll = new QScrollArea(m_stack);
    meteringScroll->setWidgetResizable(true);
    m_metering = new MeteringPage(m_document, m_stack);
    meteringScroll->setWidget(m_metering);
    m_stack->addWidget(meteringScroll);
    m_navigator->setCurrentRow(std::min(row, m_navigator->count() - 1));
}

void MainWindow::showPage(const QString& title)
{
    for (int i = 0; i < m_navigator->count(); ++i)
        if (m_navigator->item(i)->text() == title)
            m_navigator->setCurrentRow(i);
}

void MainWindow::updateTitle()
{
    if (!m_document)
        return;
    QString title = m_document->displayName() + QStringLiteral("[*]");
    if (!m_document->readOnlyReason().isEmpty())
        title += tr(" (salvaged, read-only)");
    m_readOnlyBanner->setText(tr("This project is %1.").arg(m_document->readOnlyReason()));
    m_readOnlyBanner->setVisible(!m_document->readOnlyReason().isEmpty());
    // Where edits go is in the title on every page: into the scenario shown,
    // the baseline is left alone.
    if (!m_document->scenario().isEmpty())
        title +=
            tr(" — scenario %1 (edits change its overrides)")
                .arg(scenarioName(m_document->project(), m_document->scenario().toStdString()));
    setWindowTitle(title + QStringLiteral(" — FleetPlanner"));
    setWindowModified(m_document->isModified());
}

void MainWindow::markStale()
{
    const bool kpisStale = !m_recompute->kpisUpToDate();
    const bool chartsStale = !m_recompute->upToDate();
    if (kpisStale)
        m_kpi->setUpdating(true);
    if (chartsStale)
        m_charts->setUpdating(true);
    if (kpisStale || chartsStale)
        m_state->setText(kpisStale ? tr("Updating the KPIs and charts…")
                                   : tr("KPIs up to date; updating the charts…"));
}

void MainWindow::showResults(ResultsPtr results)
{
    m_kpi->showResults(*results);
    m_charts->showResults(results);
    if (m_metering)
        m_metering->showResults(results);
    m_pageResults = results;
    for (const ProjectPage& page : m_pages->current())
        if (page.showResults)           // built pages only
            page.showResults(*results); // the workloads' costs
    if (!m_recompute->upToDate()) {
        markStale(); // of an earlier request (a packing replay): newer ones are on their way
        return;
    }
    if (!m_recompute->slowBusy())
        m_state->setText(results->frontiersCurrent ? tr("Up to date")
                                                   : tr("Fast results; exact solve and "
                                                        "simulations when inputs settle"));
}

bool MainWindow::exportSolverModel(const QString& folder, QString* error)
{
    const auto request = m_recompute->exactSolveRequest();
    if (!request) {
        *error = tr("There are no results to export yet.");
        return false;
    }
    const ResultsPtr latest = m_recompute->latest();
    auto written = exportSolverBugReport(*request, latest->exactFailure, folder);
    if (!written) {
        *error = QString::fromStdString(written.error().toString());
        return false;
    }
    return true;
}

void MainWindow::exportSolverModelDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Folder for the Bug Report"),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
    if (folder.isEmpty())
        return;
    QString error;
    if (exportSolverModel(folder, &error))
        statusBar()->showMessage(
            tr("Wrote the project, the solver request and the model to %1").arg(folder), 10000);
    else
        QMessageBox::warning(this, tr("Export Model"),
                             tr("The model could not be exported:\n%1").arg(error));
}

bool MainWindow::maybeSave()
{
    if (!m_document || !m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has changes that are not saved. Save them?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return saveProject();
    if (answer != QMessageBox::Discard)
        return false;
    // Discarded changes must not come back as a recovery offer.
    forgetRecoveryOf(m_document->recoveryBase());
    return true;
}

void MainWindow::newProject()
{
    // The unsaved-changes question first: Cancel there leaves everything as it is.
    if (!maybeSave())
        return;
    NewProjectDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted || !dialog.project())
        return;
    setProject(*dialog.project());
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Project"), QString(),
        tr("FleetPlanner projects (*.fleetplan *.fleetplan.json *.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString& path)
{
    if (isSweepResultPath(path)) // dropped, or from Open Recent: beside the project
        return openSweepResult(path) != nullptr;
    // A newer recovery file means the last session ended without saving.
    const bool isSqlite = looksLikeSqlite(path.toStdString());
    if (offerRecovery(path, isSqlite ? path : QString())) {
        addRecent(path);
        return true;
    }
    statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    auto project = loadProjectResponsively(path);
    statusBar()->clearMessage();
    if (!project) {
        // A damaged file: its readable part, read-only, never written back.
        auto salvaged = offerSalvage(this, path, project.error());
        if (!salvaged)
            return false;
        setProject(std::move(salvaged->project));
        m_openedFile = path;
        m_document->setReadOnly(tr("read-only, salvaged from the damaged %1: File → Save As keeps "
                                   "it as a new project, which can be edited")
                                    .arg(QFileInfo(path).fileName()));
        updateTitle();
        return true;
    }
    // A JSON project is imported: it is saved as .fleetplan with Save As.
    setProject(std::move(project).value(), isSqlite ? path : QString());
    m_openedFile = path;
    addRecent(path);
    if (isSqlite)
        explainUpgradeInMemory(path);
    return true;
}

QString MainWindow::storeKneeOnSave()
{
    const ResultsPtr results = m_recompute->latest();
    const auto stored = results ? storeKneeBeforeSave(m_document, *results) : std::nullopt;
    if (!stored)
        return {};
    // Short: the status bar shares its line with the background's progress.
    return stored->knee
               ? tr(" with the knee measured for these inputs, %1").arg(*stored->knee, 0, 'f', 3)
               : tr(" with the record that these inputs have no knee");
}

bool MainWindow::saveProject()
{
    if (m_document->path().isEmpty())
        return saveProjectAs();
    const QString knee = storeKneeOnSave();
    if (const auto error = m_document->save()) {
        QMessageBox::warning(this, tr("Not saved"), *error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1%2").arg(m_document->path(), knee), 8000);
    return true;
}

bool MainWindow::saveProjectAs()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save Project As"),
        m_document->path().isEmpty()
            ? QString::fromStdString(m_document->project().name).section(QLatin1Char(':'), 0, 0) +
                  QStringLiteral(".fleetplan")
            : m_document->path(),
        tr("FleetPlanner project (*.fleetplan)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".fleetplan")))
        path += QStringLiteral(".fleetplan");
    const QString knee = storeKneeOnSave();
    if (const auto error = m_document->saveAs(path)) {
        QMessageBox::warning(this, tr("Not saved"), *error);
        return false;
    }
    addRecent(path);
    statusBar()->showMessage(tr("Saved %1%2").arg(path, knee), 8000);
    return true;
}

void MainWindow::copyChart()
{
    const ResultsPtr results = m_charts->results();
    if (!results)
        return;
    ExportOptions options;
    options.scale = 2.0;
    options.footer = chartFooter(*results, m_charts->currentKind());
    std::unique_ptr<QChart> chart(m_charts->createCurrentChart());
    QApplication::clipboard()->setImage(renderChart(chart.get(), options));
    statusBar()->showMessage(tr("Chart copied as an image"), 5000);
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList files = settings.value(kRecentKey).toStringList();
    files.removeAll(path);
    files.prepend(QFileInfo(path).absoluteFilePath());
    while (files.size() > kMaxRecent)
        files.removeLast();
    settings.setValue(kRecentKey, files);
    fillRecentMenu();
}

void MainWindow::fillRecentMenu()
{
    m_ui->menuRecent->clear();
    const QStringList files = QSettings().value(kRecentKey).toStringList();
    for (const QString& file : files)
        m_ui->menuRecent
            ->addAction(QFileInfo(file).fileName(), this,
                        [this, file] {
                            if (maybeSave())
                                openFile(file);
                        })
            ->setToolTip(file);
    m_ui->menuRecent->setEnabled(!files.isEmpty());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (maybeSave()) {
        if (m_document && !m_document->isModified())
            forgetRecoveryOf(m_document->recoveryBase());
        event->accept();
    } else {
        event->ignore();
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    if (maybeSave())
        openFile(urls.first().toLocalFile());
    event->acceptProposedAction();
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About FleetPlanner"),
        tr("<h3>FleetPlanner %1</h3><p>Capacity and cost planning for GPU fleets: "
           "regimes, prices, segments and workloads in; the cheapest mix, its KPIs and "
           "slide-ready charts out.</p><p>Every figure of the catalog carries its source and "
           "date; the formulas are in docs/MODEL.md.</p>")
            .arg(QString::fromStdString(versionString())));
}

} // namespace fleet::gui
