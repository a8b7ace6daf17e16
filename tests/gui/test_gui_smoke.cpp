// The main window opens offscreen and shows the catalog's data in its table and chart.

#include "catalog_table_model.h"
#include "engine/evaluate.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "store/catalog_loader.h"
#include "store/project_json.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>
#include <QtTest>

using namespace fleet;

class TestGuiSmoke : public QObject
{
    Q_OBJECT

private slots:
    void windowShowsTheCatalog()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        gui::MainWindow window(catalog);
        window.resize(1280, 820);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // Table: one row per GPU, with the catalog's own figures.
        const auto* model = window.catalogModel();
        QCOMPARE(model->rowCount(), static_cast<int>(catalog.gpus.size()));
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->index(row, gui::CatalogTableModel::Name).data().toString(),
                     QString::fromStdString(catalog.gpus[static_cast<std::size_t>(row)].name));
        const int h100Row = 2;
        QCOMPARE(model->index(h100Row, gui::CatalogTableModel::Bf16DenseTflops).data().toString(),
                 QLocale().toString(989.4, 'f', 1));
        QVERIFY(model->index(h100Row, gui::CatalogTableModel::MemoryGb)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("H100")));

        // Chart: one bar set per plan of the active book, values from the prices.
        QCOMPARE(window.activePriceBookId(), QStringLiteral("example-2024"));
        checkChartMatchesBook(window, catalog);
        window.setActivePriceBook(QStringLiteral("market-2026"));
        checkChartMatchesBook(window, catalog);

        QVERIFY(!window.windowIcon().isNull());
        QVERIFY(!window.windowIcon().pixmap(64, 64).isNull());

        // Menus and status bar as a desktop user expects them.
        QStringList menus;
        for (QAction* action : window.menuBar()->actions())
            menus << action->text().remove(QLatin1Char('&'));
        QCOMPARE(menus, (QStringList{"File", "Edit", "View", "Help"}));
        const auto* status = window.findChild<QLabel*>(QStringLiteral("catalogStatus"));
        QVERIFY(status);
        QCOMPARE(status->text(), QStringLiteral("9 GPUs · 2 price books · built-in catalog"));

        // The sample project's KPIs, as the engine computes them.
        const Project project = loadSampleProject().value();
        window.showProject(project);
        const Kpis kpis = evaluate(project).kpis;
        QVERIFY(window.kpiPanel()->isVisible());
        QCOMPARE(window.kpiPanel()->valueText(QStringLiteral("utilization")),
                 QLocale().toString(kpis.utilization * 100, 'f', 1) + QStringLiteral(" %"));
        QVERIFY(window.kpiPanel()
                    ->valueText(QStringLiteral("mean_monthly_cost_usd"))
                    .startsWith(QStringLiteral("$")));
        QVERIFY(window.windowTitle().contains(QString::fromStdString(project.name)));

        const QImage shot = window.grab().toImage();
        QVERIFY(!shot.isNull());
        QCOMPARE(shot.size(), window.size() * shot.devicePixelRatio());
        const QString out = QStringLiteral(FLEET_BINARY_DIR "/gui_smoke_mainwindow.png");
        QVERIFY(shot.save(out));
        qInfo("screenshot: %s", qPrintable(out));
    }

private:
    void checkChartMatchesBook(gui::MainWindow& window, const Catalog& catalog)
    {
        const PriceBook& book = *catalog.priceBook(window.activePriceBookId().toStdString());
        QChart* chart = window.chartView()->chart();
        QVERIFY(chart->title().contains(QString::fromStdString(book.name)));
        QCOMPARE(chart->series().size(), 1);
        auto* series = qobject_cast<QBarSeries*>(chart->series().first());
        QVERIFY(series);
        const auto plans = book.plansOffered();
        QCOMPARE(series->count(), static_cast<int>(plans.size()));
        std::vector<const GpuModel*> priced;
        for (const GpuModel& gpu : catalog.gpus)
            if (book.prices(gpu.id))
                priced.push_back(&gpu);
        for (int p = 0; p < series->count(); ++p) {
            QBarSet* set = series->barSets().at(p);
            QCOMPARE(set->count(), static_cast<int>(priced.size()));
            for (int g = 0; g < set->count(); ++g) {
                const GpuModel& gpu = *priced[static_cast<std::size_t>(g)];
                const auto usd = book.usdPerGpuHour(gpu, plans[static_cast<std::size_t>(p)]);
                const double expected = usd ? *usd / (gpu.bf16DenseTflops.value / 1000.0) : 0.0;
                QCOMPARE(set->at(g), expected);
            }
        }
        QCOMPARE(chart->axes(Qt::Vertical).size(), 1);
        QVERIFY(chart->axes(Qt::Vertical)
                    .first()
                    ->titleText()
                    .contains(QStringLiteral("USD per PFLOP-hour")));
    }
};

QTEST_MAIN(TestGuiSmoke)
#include "test_gui_smoke.moc"
