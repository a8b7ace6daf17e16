// The chart tabs at 1440 × 900: every tab is visible without scrolling the
// tab bar, whichever is current — the frontier's "Use the knee as the
// ceiling" button sits above its chart, not in the bar's corner, where it
// took the room of two tabs. Screenshots under /tmp.

#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "views/chart_tabs.h"

#include <QPushButton>
#include <QStandardPaths>
#include <QTabBar>
#include <QToolButton>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;

class TestGuiChartTabs : public QObject
{
    Q_OBJECT

private slots:
    void everyTabFitsAt1440By900()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        window.setProject(loadSampleProject().value());
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.width(), 1440);
        ChartTabs* charts = window.charts();
        QVERIFY(!charts->cornerWidget(Qt::TopRightCorner));
        auto* bar = charts->findChild<QTabBar*>();
        QVERIFY(bar);
        for (int i = 0; i < charts->count(); ++i) {
            charts->setCurrentIndex(i);
            QCoreApplication::processEvents();
            for (int t = 0; t < bar->count(); ++t)
                QVERIFY2(bar->rect().contains(bar->tabRect(t)),
                         qPrintable(QStringLiteral("with \"%1\" shown, tab \"%2\" at x %3–%4 of a "
                                                   "%5 px bar")
                                        .arg(charts->tabText(i), bar->tabText(t))
                                        .arg(bar->tabRect(t).left())
                                        .arg(bar->tabRect(t).right())
                                        .arg(bar->width())));
            // The bar's scroll arrows show only when tabs overflow.
            for (QToolButton* arrow : bar->findChildren<QToolButton*>())
                QVERIFY2(!arrow->isVisible(), qPrintable(charts->tabText(i)));
        }
        charts->setCurrentKind(ChartKind::Frontier);
        QCoreApplication::processEvents();
        QVERIFY(charts->kneeButton()->isVisible());
        QVERIFY(window.grab().toImage().save(QStringLiteral("/tmp/chart_tabs_1440_frontier.png")));
        charts->setCurrentKind(ChartKind::CostPerToken);
        QCoreApplication::processEvents();
        QVERIFY(!charts->kneeButton()->isVisible());
        QVERIFY(window.grab().toImage().save(QStringLiteral("/tmp/chart_tabs_1440.png")));
    }
};

QTEST_MAIN(TestGuiChartTabs)
#include "test_gui_chart_tabs.moc"
