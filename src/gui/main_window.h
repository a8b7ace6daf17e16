#pragma once

// FleetPlanner's main window: the GPU catalog and the price-of-compute chart.

#include "model/catalog.h"

#include <QMainWindow>

#include <memory>

class QChartView;
class QLabel;

namespace Ui {
class MainWindow;
}

namespace fleet::gui {

class CatalogTableModel;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// `userCatalogFiles` are the catalog files merged over the built-in one.
    explicit MainWindow(Catalog catalog, QStringList userCatalogFiles = {},
                        QWidget* parent = nullptr);
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
    QStringList m_userCatalogFiles;
};

} // namespace fleet::gui
