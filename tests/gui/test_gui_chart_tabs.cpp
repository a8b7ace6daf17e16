// The charts at 1440 × 900: every chart's button is visible at once — the
// selector wraps where the tab bar scrolled (ten names need about 950 px, the
// pane beside the editors has about 600) — and the frontier's "Use the knee
// as the ceiling" button sits above its chart, not in the bar's corner.
// Screenshots under /tmp.

#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
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
        // The tab bar gives way to the selector: a button per chart, wrapped.
        auto* bar = charts->findChild<QTabBar*>();
        QVERIFY(bar);
        QVERIFY(!bar->isVisible());
        auto* selector = window.findChild<QWidget*>(QStringLiteral("chartSelector"));
        QVERIFY(selector);
        const QList<QToolButton*> buttons =
            selector->findChildren<QToolButton*>(QStringLiteral("chartButton"));
        QCOMPARE(buttons.size(), charts->count());
        const QRect windowArea(QPoint(0, 0), window.size());
        for (int i = 0; i < charts->count(); ++i) {
            QToolButton* button = buttons[i];
            QCOMPARE(button->text(), charts->tabText(i));
            // Shown whole: inside the selector and the window, not clipped.
            QVERIFY2(button->isVisible(), qPrintable(button->text()));
            QVERIFY2(selector->rect().contains(button->geometry()), qPrintable(button->text()));
            const QRect inWindow(button->mapTo(&window, QPoint(0, 0)), button->size());
            QVERIFY2(windowArea.contains(inWindow), qPrintable(button->text()));
            QCOMPARE(button->visibleRegion().boundingRect().size(), button->size());
            // A click shows its chart; the shown chart's button is the checked one.
            button->click();
            QCOMPARE(charts->currentIndex(), i);
            for (int other = 0; other < charts->count(); ++other)
                QCOMPARE(buttons[other]->isChecked(), other == i);
        }
        charts->setCurrentIndex(2); // from elsewhere (keys, menus): the buttons follow
        QVERIFY(buttons[2]->isChecked() && !buttons[0]->isChecked());
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

FLEET_TEST_MAIN(TestGuiChartTabs)
#include "test_gui_chart_tabs.moc"
