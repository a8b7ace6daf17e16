// Price arithmetic: units, the owned-cost formula, spot's effective price and the
// price-of-compute table.

#include "engine/compute_price.h"
#include "model/owned_tco.h"
#include "model/spot.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

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
        const OwnedCost owned{figure(25000), figure(4), figure(73), figure(1.2),
                              figure(0.10),  {},        {}};
        // 25000 / (4 · 8760) + 73 / 730 + 0.7 kW · 1.2 · 0.10 $/kWh
        const double expected = 25000.0 / 35040.0 + 0.1 + 0.084;
        QCOMPARE(ownedUsdPerGpuHour(owned, 700.0), expected);
        // Doubling every price doubles the hourly cost; power follows TDP.
        const OwnedCost doubled{figure(50000), figure(4), figure(146), figure(1.2),
                                figure(0.20),  {},        {}};
        QCOMPARE(ownedUsdPerGpuHour(doubled, 700.0), 2 * expected);
    }

    void ownedTcoByHand()
    {
        OwnedTcoInputs in;
        in.gpusPerNode = 8;
        in.serverCapexUsdPerNode = 300000;
        in.fabricCapexUsdPerNode = 50000;
        in.depreciationYears = 5;
        in.costOfCapitalPerYear = 0.0;
        in.nodePowerW = 10000;
        in.pue = 1.5;
        in.usdPerKwh = 0.10;
        in.colocationUsdPerKwMonth = 146;
        in.opsStaffPer1000Gpus = 2;
        in.opsUsdPerStaffYear = 87600;
        OwnedTcoBreakdown b = ownedTco(in);
        // $350,000 ÷ 5 years ÷ (8 GPUs × 8,760 h) ≈ $0.999 per GPU-hour.
        QCOMPARE(b.depreciation, 350000.0 / 5 / (8 * 8760.0));
        QCOMPARE(b.financing, 0.0);
        // 10 kW × 1.5 × $0.10 = $1.50 per node-hour = $0.1875 per GPU-hour.
        QCOMPARE(b.power, 0.1875);
        // 10 kW × $146 per kW-month ÷ 730 h ÷ 8 GPUs = $0.25.
        QCOMPARE(b.colocation, 0.25);
        // 2 per 1,000 GPUs × $87,600 a year ÷ 8,760 h = $0.02.
        QCOMPARE(b.operations, 0.02);
        QCOMPARE(b.total(), b.depreciation + b.power + b.colocation + b.operations);
        // Cost of capital: the level payment r / (1 − (1 + r)^−n) per dollar a year, above
        // the straight line 1/n.
        in.costOfCapitalPerYear = 0.10;
        b = ownedTco(in);
        const double recovery = 0.10 / (1.0 - std::pow(1.10, -5.0));
        QVERIFY(std::abs(b.financing - 350000.0 * (recovery - 0.2) / (8 * 8760.0)) < 1e-12);
        QVERIFY(b.financing > 0.26 * b.depreciation && b.financing < 0.33 * b.depreciation);
    }

    void ownedEntryCostsWhatTheTcoDoes()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const OwnedTcoInputs defaults = ownedTcoFrom(catalog.engineDefaults);
        QCOMPARE(defaults.gpusPerNode, 8.0);
        QVERIFY(defaults.serverCapexUsdPerNode > 0 && defaults.nodePowerW > 0);
        const GpuModel& h100 = *catalog.gpu("h100-sxm-80gb");
        const auto entry =
            ownedCostFromTco(defaults, h100.tdpW.value, "fleetplanner-owned-tco", "2026-12-01");
        QVERIFY(entry.has_value());
        const double tco = ownedTco(defaults).total();
        QVERIFY(std::abs(ownedUsdPerGpuHour(*entry, h100.tdpW.value) - tco) < 1e-12 * tco);
        // Node power is GPUs plus host: the entry's power term alone (TDP × PUE × $/kWh) is
        // less than the TCO's power, the rest rides in hosting.
        QVERIFY(ownedTcoOf(*entry, h100.tdpW.value).power < ownedTco(defaults).power);
        QVERIFY(catalog.source("fleetplanner-owned-tco"));
        // A node drawing less than its GPUs' TDP leaves no room for a host: no entry.
        OwnedTcoInputs tight = defaults;
        tight.nodePowerW = 8 * h100.tdpW.value - 1;
        QVERIFY(!ownedCostFromTco(tight, h100.tdpW.value, "x", "2026").has_value());
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
        // The brief's "A100 $2.10" was an 8× A10G instance, not an A100: the book prices
        // the H100 only (issue 15).
        QCOMPARE(table.gpus.size(), std::size_t(1));
        QCOMPARE(table.gpus[0]->id, std::string("h100-sxm-80gb"));
        QVERIFY(!book.prices("a100-sxm-80gb"));
        QCOMPARE(table.plans.size(), std::size_t(2)); // on-demand, reserved 1 y
        QVERIFY(table.plans[0] == Plan::OnDemand && table.plans[1] == Plan::Reserved1y);
        QCOMPARE(table.cell(0, 0).usdPerDensePflopHour.value(), 2.99 / 0.9894);
        QCOMPARE(table.cell(1, 0).usdPerGpuHour.value(), 1.89);
    }

    void newestBookComparesH100AndH200AtOneProvider()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const PriceBook& book = *catalog.priceBook("market-2026");
        const GpuPrices* h100 = book.prices("h100-sxm-80gb");
        const GpuPrices* h200 = book.prices("h200-sxm-141gb");
        QVERIFY(h100 && h200 && h100->onDemand && h200->onDemand);
        // One provider's list (CoreWeave, February 2026): same source, same date.
        QCOMPARE(h100->onDemand->source, h200->onDemand->source);
        QCOMPARE(h100->onDemand->asOf, h200->onDemand->asOf);
        const double premium = h200->onDemand->usdPerGpuHour / h100->onDemand->usdPerGpuHour - 1;
        QVERIFY2(premium > 0 && premium < 0.2, qPrintable(QString::number(premium)));
        // Every catalog GPU has an on-demand price in the newest book, but
        // the 2026 parts no public list prices (the book's description says so).
        for (const GpuModel& gpu : catalog.gpus)
            if (gpu.id != "b300-270gb" && gpu.id != "gb300-nvl72" && gpu.id != "mi355x-288gb")
                QVERIFY2(book.usdPerGpuHour(gpu, Plan::OnDemand), gpu.id.c_str());
    }

    void newestBookOwnsAnH100AtTheTco()
    {
        const Catalog catalog = loadBuiltinCatalog().value();
        const PriceBook& book = *catalog.priceBook("market-2026");
        const GpuModel& h100 = *catalog.gpu("h100-sxm-80gb");
        const GpuPrices* prices = book.prices(h100.id);
        QVERIFY(prices && prices->owned);
        const OwnedCost& owned = *prices->owned;
        // The five figures are the TCO defaults' entry, hosting rounded to cents.
        const OwnedTcoInputs defaults = ownedTcoFrom(catalog.engineDefaults);
        const OwnedCost tco =
            ownedCostFromTco(defaults, h100.tdpW.value, "fleetplanner-owned-tco", "2026-12-01")
                .value();
        QCOMPARE(owned.capexUsdPerGpu.value, tco.capexUsdPerGpu.value); // $303,980 ÷ 8
        QCOMPARE(owned.amortizationYears.value, tco.amortizationYears.value);
        QCOMPARE(owned.pue.value, tco.pue.value);
        QCOMPARE(owned.usdPerKwh.value, tco.usdPerKwh.value);
        QVERIFY(std::abs(owned.hostingUsdPerGpuMonth.value - tco.hostingUsdPerGpuMonth.value) <=
                0.005);
        // So the book's owned H100 costs the TCO's $1.686 per GPU-hour held.
        const double usd = book.usdPerGpuHour(h100, Plan::Owned).value();
        QVERIFY2(std::abs(usd - ownedTco(defaults).total()) < 1e-5,
                 qPrintable(QString::number(usd)));
        QVERIFY(std::abs(usd - 1.686) < 5e-4);
        // Every figure cites a source the catalog defines.
        for (const SourcedValue* figure :
             {&owned.capexUsdPerGpu, &owned.amortizationYears, &owned.hostingUsdPerGpuMonth,
              &owned.pue, &owned.usdPerKwh})
            QVERIFY2(catalog.source(figure->source), figure->source.c_str());
        // No other GPU has a sourced server price: no owned entry is guessed for it.
        for (const GpuModel& gpu : catalog.gpus)
            if (gpu.id != h100.id)
                QVERIFY2(!book.usdPerGpuHour(gpu, Plan::Owned), gpu.id.c_str());
        // And still no reserved term price (none public for the book's GPU
        // providers) but Google's commitment prices for Trillium, from the same
        // announcement as its on-demand price (no provider mixed).
        for (const GpuModel& gpu : catalog.gpus) {
            if (gpu.id == "tpu-v6e") {
                const GpuPrices* google = book.prices(gpu.id);
                QVERIFY(google && google->reserved1y && google->onDemand);
                QCOMPARE(google->reserved1y->source, google->onDemand->source);
                continue;
            }
            QVERIFY2(!book.usdPerGpuHour(gpu, Plan::Reserved1y) &&
                         !book.usdPerGpuHour(gpu, Plan::Reserved3y),
                     gpu.id.c_str());
        }
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
        QCOMPARE(spotGangInterruptionsPerHour(a, nullptr, "h100", 1), 0.0003);
        QCOMPARE(spotGangInterruptionsPerHour(a, nullptr, "h100", 8), 0.0003);
        // 64 GPUs span 8 instances: 8 × the rate, not 64 ×.
        QCOMPARE(spotGangInterruptionsPerHour(a, nullptr, "h100", 64), 8 * 0.0003);
        // Lost share: interruptions per hour × hours lost per interruption.
        QCOMPARE(spotLostWorkFraction(a, nullptr, "h100", 64, 0.5), 8 * 0.0003 * 0.5);
        a.spotGpusPerInstance = 4;
        QCOMPARE(spotGangInterruptionsPerHour(a, nullptr, "h100", 64), 16 * 0.0003);
    }

    void spotOfferRateWinsOverTheDefault()
    {
        Assumptions a;
        a.spotInterruptionsPerInstanceHour = 0.0003;
        a.spotGpusPerInstance = 8;
        PriceBook book;
        GpuPrices stated;
        stated.gpuId = "h100";
        stated.spot = HourlyPrice{2.46, "test", "2026", 0.002, {}};
        GpuPrices unstated;
        unstated.gpuId = "mi300x";
        unstated.spot = HourlyPrice{1.71, "test", "2026", std::nullopt, {}};
        GpuPrices noSpot;
        noSpot.gpuId = "a100";
        noSpot.onDemand = HourlyPrice{2.79, "test", "2026", std::nullopt, {}};
        book.gpus = {stated, unstated, noSpot};
        // The offer's stated rate, per instance-hour; the default where it states none.
        QCOMPARE(spotInterruptionsPerInstanceHour(a, &book, "h100"), 0.002);
        QCOMPARE(spotInterruptionsPerInstanceHour(a, &book, "mi300x"), 0.0003);
        QCOMPARE(spotInterruptionsPerInstanceHour(a, &book, "a100"), 0.0003);
        QCOMPARE(spotInterruptionsPerInstanceHour(a, &book, "b200"), 0.0003);
        // Per instance → per gang, as the default: 64 GPUs span 8 instances.
        QCOMPARE(spotGangInterruptionsPerHour(a, &book, "h100", 64), 8 * 0.002);
        QCOMPARE(spotLostWorkFraction(a, &book, "h100", 64, 0.5), 8 * 0.002 * 0.5);
        QCOMPARE(spotLostWorkFraction(a, &book, "mi300x", 64, 0.5), 8 * 0.0003 * 0.5);
        // A stated rate of 0 is a statement too: nothing is lost.
        book.gpus[0].spot->interruptionsPerHour = 0.0;
        QCOMPARE(spotLostWorkFraction(a, &book, "h100", 64, 0.5), 0.0);
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

FLEET_TEST_MAIN(TestPricing)
#include "test_pricing.moc"
