#pragma once

// FleetPlanner's main window: the GPU catalog and the price-of-compute chart.

#include "model/project.h"

#include <QMainWindow>

#include <memory>

class QChartView;
class QLabel;

namespace Ui {
class MainWindow;
}

namespace fleet::gui {

class CatalogTableModel;
class KpiPanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// `userCatalogFiles` are the catalog files merged over the built-in one.
    explicit MainWindow(Catalog catalog, QStringList userCatalogFiles = {},
                        QWidget* parent = nullptr);

    /// Shows `project`'s KPIs above the catalog (the engine evaluates it here).
    void showProject(const Project& project);
    KpiPanel* kpiPanel() const { return m_kpiPanel; }
    ~MainWindow() override;

    const Catalog& catalog() const;
    QString activePriceBookId() const;
    void setActivePriceBook(const QString& id);
    QChartView* chartView() const { return m_chartView; }
    CatalogTableModel* catalogModel() const { return m_model; }

private:
    void setupActions();
    void showCatalog(Catalog catalog);
    void refreshChart();
    void openCatalogFile();
    void exportChartToFile();
    void copySelection();
    void nextPriceBook();
    void showAbout();

    std::unique_ptr<Ui::MainWindow> m_ui;
    CatalogTableModel* m_model = nullptr;
    QChartView* m_chartView = nullptr;
    QLabel* m_catalogStatus = nullptr;
    KpiPanel* m_kpiPanel = nullptr;
    QStringList m_userCatalogFiles;
};

} // namespace fleet::gui
