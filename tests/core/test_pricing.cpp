// Price arithmetic: units, the owned-cost formula, spot's effective price and the
// price-of-compute table.

#include "engine/compute_price.h"
#include "model/spot.h"
#include "store/catalog_loader.h"

#include <QtTest>

using namespace fleet;

namespace {
SourcedValue figure(double value)
{
    return SourcedValue{value, "test", "2026", {}};
}
} // namespace

class TestPricing : public QObject
{
    Q_OBJECT

private slots:
    void hoursPerMonthIsAYearOverTwelve()
    {
        QCOMPARE(kHoursPerYear, 8760.0);
        QCOMPARE(kHoursPerMonth, 730.0);
    }

    void ownedCostByHand()
    {
        const OwnedCost owned{figure(25000), figure(4), figure(73), figure(1.2), figure(0.10), {}};
        // 25000 / (4 · 8760) + 73 / 730 + 0.7 kW · 1.2 · 0.10 $/kWh
        const double expected = 25000.0 / 35040.0 + 0.1 + 0.084;
        QCOMPARE(ownedUsdPerGpuHour(owned, 700.0), expected);
        // Doubling every price doubles the hourly cost; power follows TDP.
        const OwnedCost doubled{figure(50000), figure(4),    figure(146),
                                figure(1.2),   figure(0.20), {}};
        QCOMPARE(ownedUsdPerGpuHour(doubled, 700.0), 2 * expected);
    }

    void pflopHourPrice()
    {
        // $2.99 per GPU-hour on 989.4 dense TFLOPS = $3.022 per PFLOP-hour.
        QVERIFY(std::abs(usdPerDensePflopHour(2.99, 989.4) - 2.99 / 0.9894) < 1e-12);
        QCOMPARE(usdPerDensePflopHour(2.0, 1000.0), 2.0);
    }

    void computePriceTableOfTheExampleBook()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const PriceBook& book = *catalog.priceBook("example-2024");
        const ComputePriceTable table = computePriceTable(catalog, book);
        QCOMPARE(table.gpus.size(), std::size_t(2)); // A100 80GB and H100 SXM, catalog order
        QCOMPARE(table.gpus[0]->id, std::string("a100-sxm-80gb"));
        QCOMPARE(table.plans.size(), std::size_t(2)); // on-demand, reserved 1 y
        QVERIFY(table.plans[0] == Plan::OnDemand && table.plans[1] == Plan::Reserved1y);
        QCOMPARE(table.cell(0, 0).usdPerDensePflopHour.value(), 2.10 / 0.312);
        QCOMPARE(table.cell(1, 1).usdPerGpuHour.value(), 1.89);
        QVERIFY(!table.cell(1, 0).usdPerGpuHour.has_value()); // no reserved A100 in this book
    }

    void reservedBreakEven()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const PriceBook& book = *catalog.priceBook("example-2024");
        const GpuModel& h100 = *catalog.gpu("h100-sxm-80gb");
        QCOMPARE(breakEvenUtilization(book, h100, Plan::Reserved1y).value(), 1.89 / 2.99); // 63 %
        QVERIFY(!breakEvenUtilization(book, h100, Plan::Spot).has_value());
        QVERIFY(!breakEvenUtilization(book, *catalog.gpu("a100-sxm-80gb"), Plan::Reserved1y)
                     .has_value());
    }

    void spotGangSpansInstances()
    {
        QCOMPARE(spotInstancesSpanned(1, 8), 1);
        QCOMPARE(spotInstancesSpanned(8, 8), 1);
        QCOMPARE(spotInstancesSpanned(9, 8), 2);
        QCOMPARE(spotInstancesSpanned(16, 8), 2);
        QCOMPARE(spotInstancesSpanned(2048, 8), 256);
        QCOMPARE(spotInstancesSpanned(0.5, 8), 1); // a shared GPU still sits on one instance
        QCOMPARE(spotInstancesSpanned(3, 1), 3);
    }

    void spotRateIsPerInstanceNotPerGpu()
    {
        Assumptions a;
        a.spotInterruptionsPerInstanceHour = 0.0003;
        a.spotGpusPerInstance = 8;
        // One GPU and a full node are both on one instance: the instance's rate.
        QCOMPARE(spotGangInterruptionsPerHour(a, 1), 0.0003);
        QCOMPARE(spotGangInterruptionsPerHour(a, 8), 0.0003);
        // 64 GPUs span 8 instances: 8 × the rate, not 64 ×.
        QCOMPARE(spotGangInterruptionsPerHour(a, 64), 8 * 0.0003);
        // Lost share: interruptions per hour × hours lost per interruption.
        QCOMPARE(spotLostWorkFraction(a, 64, 0.5), 8 * 0.0003 * 0.5);
        a.spotGpusPerInstance = 4;
        QCOMPARE(spotGangInterruptionsPerHour(a, 64), 16 * 0.0003);
    }

    void spotEffectivePriceAndGuard()
    {
        // $2.46 list, 10 % of the work lost: a useful GPU-hour costs 2.46 / 0.9.
        QCOMPARE(spotEffectiveUsdPerGpuHour(2.46, 0.1).value(), 2.46 / 0.9);
        QCOMPARE(spotEffectiveUsdPerGpuHour(2.46, 0.0).value(), 2.46);
        QVERIFY(spotEffectiveUsdPerGpuHour(2.46, 0.899).has_value());
        // From 90 % lost, spot is refused everywhere the rule is used.
        QVERIFY(!spotEffectiveUsdPerGpuHour(2.46, kSpotMaxLostWorkFraction).has_value());
        QVERIFY(!spotEffectiveUsdPerGpuHour(2.46, 1.5).has_value());
        QVERIFY(!spotEffectiveUsdPerGpuHour(2.46, -0.1).has_value());
        QVERIFY(spotWorkable(0.5) && !spotWorkable(0.9));
        // Held hours grow by the same factor the price does.
        QCOMPARE(spotGpuHoursHeld(900.0, 0.1), 1000.0);
    }

    void planKeysRoundTrip()
    {
        for (Plan plan : kAllPlans)
            QVERIFY(planFromKey(planKey(plan)) == plan);
        QVERIFY(!planFromKey("monthly").has_value());
    }
};

QTEST_APPLESS_MAIN(TestPricing)
#include "test_pricing.moc"
