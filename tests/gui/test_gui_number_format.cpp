// One way to write money and percentages (issue 32): the formatter's rules
// row by row, the four ways the issue saw ("−$17.96 M (-1,107 %)",
// "$-17,957,583", "−$0.000 vs baseline", "$384.264") each written the one
// way, and the KPI panel's every figure and change, in the baseline and in
// every scenario of the sample, written by it.

#include "document/project_document.h"
#include "engine/evaluate.h"
#include "engine/kpi.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/as_planned.h"
#include "support/fleet_test.h"
#include "views/number_format.h"

#include <QLocale>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

using namespace fleet;
using namespace fleet::gui;

class TestGuiNumberFormat : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void money_data()
    {
        QTest::addColumn<double>("usd");
        QTest::addColumn<bool>("change");
        QTest::addColumn<QString>("expected");
        // The issue's four ways.
        QTest::newRow("$-17,957,583") << -17957583.0 << false << QStringLiteral("−$17.96 M");
        QTest::newRow("−$0.000 vs baseline") << -0.0004 << true << QStringLiteral("$0");
        QTest::newRow("$384.264") << 384.264 << false << QStringLiteral("$384.26");
        // Digits by magnitude, the unit chosen after rounding.
        QTest::newRow("billions") << 2.345e9 << false << QStringLiteral("$2.35 B");
        QTest::newRow("rounds up to a billion")
            << 999999999.0 << false << QStringLiteral("$1.00 B");
        QTest::newRow("millions") << 1.5e6 << false << QStringLiteral("$1.50 M");
        QTest::newRow("rounds up to a million") << 999999.7 << false << QStringLiteral("$1.00 M");
        QTest::newRow("thousands, whole") << 12345.6 << false << QStringLiteral("$12,346");
        QTest::newRow("rounds up to a thousand") << 999.996 << false << QStringLiteral("$1,000");
        QTest::newRow("cents") << 3.79 << false << QStringLiteral("$3.79");
        QTest::newRow("small, two digits") << 0.0042 << false << QStringLiteral("$0.0042");
        QTest::newRow("zero") << 0.0 << false << QStringLiteral("$0");
        QTest::newRow("negative zero") << -0.0 << true << QStringLiteral("$0");
        QTest::newRow("a change of nothing") << 0.003 << true << QStringLiteral("$0");
        // Changes carry their sign, a true minus before the symbol.
        QTest::newRow("increase") << 1.2e6 << true << QStringLiteral("+$1.20 M");
        QTest::newRow("decrease") << -2500.0 << true << QStringLiteral("−$2,500");
        QTest::newRow("decrease, cents") << -0.25 << true << QStringLiteral("−$0.25");
    }

    void money()
    {
        QFETCH(double, usd);
        QFETCH(bool, change);
        QFETCH(QString, expected);
        QCOMPARE(formatUsd(usd, change ? Sign::Always : Sign::Negative), expected);
    }

    void percentages_data()
    {
        QTest::addColumn<double>("percent");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<bool>("change");
        QTest::addColumn<QString>("expected");
        QTest::newRow("(-1,107 %)") << -1107.3 << 0 << false << QStringLiteral("−1,107 %");
        QTest::newRow("rounded zero") << -0.04 << 1 << true << QStringLiteral("0.0 %");
        QTest::newRow("increase") << 2.46 << 1 << true << QStringLiteral("+2.5 %");
        QTest::newRow("plain") << 85.25 << 1 << false << QStringLiteral("85.3 %");
    }

    void percentages()
    {
        QFETCH(double, percent);
        QFETCH(int, decimals);
        QFETCH(bool, change);
        QFETCH(QString, expected);
        QCOMPARE(formatPercent(percent, decimals, change ? Sign::Always : Sign::Negative),
                 expected);
    }

    void noValueIsADash()
    {
        QCOMPARE(formatUsd(std::optional<double>()), QStringLiteral("—"));
        QCOMPARE(formatUsd(std::nan("")), QStringLiteral("—"));
    }

    /// Every figure and change of the KPI panel, baseline and every scenario:
    /// the formatter's text of the engine's value, and none of the issue's
    /// other ways (a hyphen for minus, "$-", three-decimal dollars).
    void theKpiPanelWritesNumbersOneWay()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        const Project project = loadSampleProject().value();
        window.setProject(project);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRegularExpression otherWays(
            QStringLiteral(R"(\$-|-\$|-\d|\$(?!0\.0)\d[\d,]*\.\d{3}|[−+]\$0(\.0+)?(?![\d.]))"));
        QStringList scenarios{QString()};
        for (const Scenario& s : project.scenarios)
            scenarios << QString::fromStdString(s.id);
        QVERIFY(scenarios.size() >= 3);
        int negatives = 0;
        for (const QString& scenario : scenarios) {
            window.document()->setScenario(scenario);
            QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), gui::test::kPatienceMs);
            QCoreApplication::processEvents();
            const Project shown = applyScenario(project, scenario.toStdString()).value();
            // As the panel plans them: on the sample's stored knee.
            const Kpis kpis =
                evaluate(test_support::asPlanned(shown, scenario.isEmpty() ? nullptr : &project))
                    .kpis;
            const Kpis base = evaluate(test_support::asPlanned(project)).kpis;
            for (const char* key :
                 {"mean_monthly_cost_usd", "cost_per_trillion_training_tokens_usd",
                  "cost_per_million_output_tokens_usd", "cost_per_notebook_user_month_usd",
                  "savings_usd"}) {
                const QString name = QString::fromLatin1(key);
                const auto kpi = kpiFromKey(key);
                QVERIFY(kpi);
                const auto value = kpiValue(kpis, *kpi);
                const QString text = window.kpiPanel()->valueText(name);
                QVERIFY2(text.startsWith(formatUsd(value)), qPrintable(name + ": " + text));
                const QString delta = window.kpiPanel()->deltaText(name);
                if (!scenario.isEmpty() && value && kpiValue(base, *kpi)) {
                    const QString change = formatUsd(*value - *kpiValue(base, *kpi), Sign::Always);
                    QCOMPARE(delta, QStringLiteral("%1 vs baseline").arg(change));
                }
                for (const QString& shownText : {text, delta}) {
                    QVERIFY2(!otherWays.match(shownText).hasMatch(),
                             qPrintable(name + ": " + shownText));
                    negatives += shownText.contains(QStringLiteral("−$")) ? 1 : 0;
                }
            }
            const QString utilization = window.kpiPanel()->valueText(QStringLiteral("utilization"));
            QCOMPARE(utilization, formatPercent(kpis.utilization * 100, 1));
        }
        QVERIFY(negatives > 0); // the minus was seen, not only assumed
        window.document()->setScenario(QString());
        window.document()->undoStack()->setClean();
    }
};

FLEET_TEST_MAIN(TestGuiNumberFormat)
#include "test_gui_number_format.moc"
