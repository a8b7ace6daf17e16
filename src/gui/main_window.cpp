#include "main_window.h"

#include "catalog_table_model.h"
#include "charts/chart_export.h"
#include "charts/compute_price_chart.h"
#include "engine/compute_price.h"
#include "engine/evaluate.h"
#include "kpi_panel.h"
#include "store/catalog_loader.h"
#include "ui_main_window.h"
#include "version.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QFileDialog>
#include <QHeaderView>
#include <QIcon>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>

// The resources are compiled into the static fleetgui library; registering them
// here keeps the linker from dropping them (Q_INIT_RESOURCE must be called at
// global namespace scope).
static void initFleetGuiResources()
{
    Q_INIT_RESOURCE(fleetplanner);
}

namespace fleet::gui {

MainWindow::MainWindow(Catalog catalog, QStringList userCatalogFiles, QWidget* parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>()),
      m_userCatalogFiles(std::move(userCatalogFiles))
{
    initFleetGuiResources();
    m_ui->setupUi(this);
    setWindowIcon(QIcon(QStringLiteral(":/icons/fleetplanner.svg")));
    setWindowTitle(
        tr("FleetPlanner %1 — GPU catalog").arg(QString::fromStdString(versionString())));

    m_model = new CatalogTableModel(this);
    m_ui->catalogView->setModel(m_model);
    m_ui->catalogView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ui->catalogView->horizontalHeader()->setStretchLastSection(true);
    m_ui->catalogView->verticalHeader()->setVisible(false);
    m_ui->catalogView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_kpiPanel = new KpiPanel(this);
    m_kpiPanel->hide();
    m_ui->centralLayout->insertWidget(0, m_kpiPanel);

    m_chartView = new QChartView(this);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(320);
    m_ui->chartLayout->addWidget(m_chartView, 1);
    m_ui->splitter->setStretchFactor(0, 0);
    m_ui->splitter->setStretchFactor(1, 1);
    // The whole catalog visible above the chart: header + rows + frame.
    const QFontMetrics metrics(m_ui->catalogView->font());
    const int rows = static_cast<int>(catalog.gpus.size()) + 1;
    m_ui->splitter->setSizes({(metrics.height() + 6) * rows + 48, 520});

    m_catalogStatus = new QLabel(this);
    m_catalogStatus->setObjectName(QStringLiteral("catalogStatus"));
    statusBar()->addPermanentWidget(m_catalogStatus);

    setupActions();
    connect(m_ui->priceBookCombo, &QComboBox::currentIndexChanged, this, &MainWindow::refreshChart);
    showCatalog(std::move(catalog));
}

MainWindow::~MainWindow() = default;

const Catalog& MainWindow::catalog() const
{
    return m_model->catalog();
}

QString MainWindow::activePriceBookId() const
{
    return m_ui->priceBookCombo->currentData().toString();
}

void MainWindow::setActivePriceBook(const QString& id)
{
    const int index = m_ui->priceBookCombo->findData(id);
    if (index >= 0)
        m_ui->priceBookCombo->setCurrentIndex(index);
}

void MainWindow::showProject(const Project& project)
{
    m_kpiPanel->showEvaluation(project, evaluate(project));
    m_kpiPanel->show();
    setWindowTitle(tr("%1 — FleetPlanner").arg(QString::fromStdString(project.name)));
}

void MainWindow::setupActions()
{
    m_ui->actionOpenCatalog->setShortcuts(QKeySequence::Open);
    m_ui->actionExportChart->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_ui->actionQuit->setShortcuts(QKeySequence::Quit);
    m_ui->actionCopy->setShortcuts(QKeySequence::Copy);
    m_ui->actionSelectAll->setShortcuts(QKeySequence::SelectAll);
    m_ui->actionNextPriceBook->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    m_ui->actionFullScreen->setShortcuts(QKeySequence::FullScreen);
    m_ui->actionAbout->setShortcuts(QKeySequence::HelpContents);

    connect(m_ui->actionOpenCatalog, &QAction::triggered, this, &MainWindow::openCatalogFile);
    connect(m_ui->actionExportChart, &QAction::triggered, this, &MainWindow::exportChartToFile);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionCopy, &QAction::triggered, this, &MainWindow::copySelection);
    connect(m_ui->actionSelectAll, &QAction::triggered, m_ui->catalogView, &QTableView::selectAll);
    connect(m_ui->actionNextPriceBook, &QAction::triggered, this, &MainWindow::nextPriceBook);
    connect(m_ui->actionFullScreen, &QAction::toggled, this,
            [this](bool on) { on ? showFullScreen() : showNormal(); });
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::showCatalog(Catalog catalog)
{
    const QString previousBook = activePriceBookId();
    m_model->setCatalog(std::move(catalog));
    {
        const QSignalBlocker blocker(m_ui->priceBookCombo);
        m_ui->priceBookCombo->clear();
        for (const PriceBook& book : m_model->catalog().priceBooks)
            m_ui->priceBookCombo->addItem(QString::fromStdString(book.name),
                                          QString::fromStdString(book.id));
        const int index = m_ui->priceBookCombo->findData(previousBook);
        m_ui->priceBookCombo->setCurrentIndex(index >= 0 ? index : 0);
    }
    refreshChart();
    const Catalog& shown = m_model->catalog();
    m_catalogStatus->setText(
        tr("%1 GPUs · %2 price books · %3")
            .arg(shown.gpus.size())
            .arg(shown.priceBooks.size())
            .arg(m_userCatalogFiles.isEmpty()
                     ? tr("built-in catalog")
                     : tr("built-in catalog + %1")
                           .arg(m_userCatalogFiles.join(QStringLiteral(", ")))));
}

void MainWindow::refreshChart()
{
    const PriceBook* book = catalog().priceBook(activePriceBookId().toStdString());
    QChart* previous = m_chartView->chart();
    if (!book) {
        m_ui->priceBookDescription->setText(tr("No price book in the catalog."));
        m_chartView->setChart(new QChart);
    } else {
        m_ui->priceBookDescription->setText(QString::fromStdString(book->description));
        m_chartView->setChart(createComputePriceChart(*book, computePriceTable(catalog(), *book)));
    }
    delete previous;
}

void MainWindow::openCatalogFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Catalog File"), QString(),
                                                      tr("FleetPlanner catalog (*.json)"));
    if (path.isEmpty())
        return;
    QStringList files = m_userCatalogFiles;
    files << path;
    std::vector<std::string> paths;
    for (const QString& file : files)
        paths.push_back(file.toStdString());
    auto loaded = loadCatalog(paths);
    if (!loaded) {
        // The catalog on screen stays as it was: nothing is merged from a bad file.
        QMessageBox::warning(this, tr("Catalog file not loaded"),
                             tr("%1 was not loaded; the catalog is unchanged.\n\n%2")
                                 .arg(path, QString::fromStdString(loaded.error().toString())));
        return;
    }
    m_userCatalogFiles = files;
    showCatalog(std::move(loaded).value());
}

void MainWindow::exportChartToFile()
{
    const PriceBook* book = catalog().priceBook(activePriceBookId().toStdString());
    if (!book)
        return;
    QString selectedFilter;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Chart"),
        QStringLiteral("price-of-compute-%1.png").arg(QString::fromStdString(book->id)),
        tr("PNG image (*.png);;PNG image at 2× (*.png);;SVG image (*.svg)"), &selectedFilter);
    if (path.isEmpty())
        return;
    ChartFormat format;
    if (!chartFormatFromName(path, &format)) {
        QMessageBox::warning(this, tr("Export Chart"),
                             tr("%1: the file name must end in .png or .svg").arg(path));
        return;
    }
    const qreal scale = selectedFilter.contains(QStringLiteral("2×")) ? 2.0 : 1.0;
    std::unique_ptr<QChart> chart(
        createComputePriceChart(*book, computePriceTable(catalog(), *book)));
    QString error;
    ExportOptions options;
    options.scale = scale;
    if (!gui::exportChart(chart.get(), path, format, options, &error)) {
        QMessageBox::warning(this, tr("Export Chart"), error);
        return;
    }
    statusBar()->showMessage(tr("Chart written to %1").arg(path), 8000);
}

void MainWindow::copySelection()
{
    const QModelIndexList rows = m_ui->catalogView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    QStringList lines;
    QStringList header;
    for (int column = 0; column < m_model->columnCount(); ++column)
        header << m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
    lines << header.join(QLatin1Char('\t'));
    for (const QModelIndex& row : rows) {
        QStringList cells;
        for (int column = 0; column < m_model->columnCount(); ++column)
            cells << m_model->index(row.row(), column).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
    statusBar()->showMessage(tr("Copied %1 rows").arg(rows.size()), 4000);
}

void MainWindow::nextPriceBook()
{
    const int count = m_ui->priceBookCombo->count();
    if (count > 0)
        m_ui->priceBookCombo->setCurrentIndex((m_ui->priceBookCombo->currentIndex() + 1) % count);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About FleetPlanner"),
                       tr("<h3>FleetPlanner %1</h3>"
                          "<p>Capacity and cost planning for GPU fleets.</p>"
                          "<p>Every catalog figure carries its source and date: hover a cell "
                          "to see it.</p><p>Built with Qt %2 and:<br>%3</p>")
                           .arg(QString::fromStdString(versionString()),
                                QString::fromLatin1(qVersion()),
                                QString::fromStdString(libraryVersions())
                                    .replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
}

} // namespace fleet::gui
