// Every KPI with its range in the app (issue 31, item 6): the KPI panel shows
// each KPI's P10–P90 from the Monte Carlo, which RangeService runs off the GUI
// thread and a newer edit stops; a project without ranges shows none.

#include "compute/range_service.h"
#include "kpi_panel.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QSignalSpy>
#include <QtTest>

using namespace fleet;
using namespace fleet::gui;

class TestGuiRanges : public QObject
{
    Q_OBJECT

private slots:
    void thePanelShowsEachKpisBand()
    {
        const Project sample = loadSampleProject().value();
        RangeOptions options;
        options.draws = 40;
        const RangeRun run = runRanges(sample, options).value();
        KpiPanel panel;
        QVERIFY(panel.rangeText(QStringLiteral("mean_monthly_cost_usd")).isEmpty());
        panel.showRanges(&run);
        const QString cost = panel.rangeText(QStringLiteral("mean_monthly_cost_usd"));
        QVERIFY2(cost.startsWith(QStringLiteral("P10–P90 $")) &&
                     cost.contains(QStringLiteral(" M – $")),
                 qPrintable(cost));
        QVERIFY2(panel.rangeText(QStringLiteral("utilization")).endsWith(QStringLiteral(" %")),
                 qPrintable(panel.rangeText(QStringLiteral("utilization"))));
        panel.showRanges(nullptr);
        QVERIFY(panel.rangeText(QStringLiteral("mean_monthly_cost_usd")).isEmpty());
    }

    void theServiceRunsOffTheGuiThreadAndANewerEditStopsIt()
    {
        auto sample = std::make_shared<const Project>(loadSampleProject().value());
        RangeService service;
        service.setDraws(30);
        service.setSettleDelayMs(10);
        QSignalSpy ready(&service, &RangeService::ready);
        service.request(sample);
        QVERIFY(service.busy());
        QVERIFY(ready.wait(60000));
        const auto run = ready.takeFirst().at(0).value<RangeRunPtr>();
        QVERIFY(run);
        QCOMPARE(run->draws, 30);
        QVERIFY(run->of(Kpi::MeanMonthlyCost)->band.has_value());
        // The same inputs again: the run shown is theirs, not run again.
        service.request(sample);
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.takeFirst().at(0).value<RangeRunPtr>(), run);
        // A project without ranges: none at once.
        Project plain = *sample;
        plain.ranges.clear();
        service.request(std::make_shared<const Project>(plain));
        QCOMPARE(ready.size(), 1);
        QVERIFY(!ready.takeFirst().at(0).value<RangeRunPtr>());
        QVERIFY(!service.latest());
    }
};

FLEET_TEST_MAIN(TestGuiRanges)
#include "test_gui_ranges.moc"
