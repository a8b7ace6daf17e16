// The built-in catalog: complete, sourced, and consistent with the placement rules.

#include "model/engine_defaults.h"
#include "model/mig_layout.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <set>

using namespace fleet;

namespace {

const Catalog& builtin()
{
    static const Catalog catalog = [] {
        auto loaded = loadBuiltinCatalog();
        if (!loaded)
            qFatal("built-in catalog does not load: %s", loaded.error().toString().c_str());
        return std::move(loaded).value();
    }();
    return catalog;
}

void checkFigure(const Catalog& catalog, const SourcedValue& figure, const std::string& what)
{
    QVERIFY2(std::isfinite(figure.value) && figure.value > 0, what.c_str());
    QVERIFY2(catalog.source(figure.source) != nullptr,
             (what + ": source " + figure.source).c_str());
    QVERIFY2(isValidAsOfDate(figure.asOf), (what + ": as_of " + figure.asOf).c_str());
}

} // namespace

class TestCatalog : public QObject
{
    Q_OBJECT

private slots:
    void loadsWithoutIssues()
    {
        auto loaded = loadBuiltinCatalog();
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        // GPUs, sources, two price books, engine defaults, owned-hardware TCO defaults.
        QCOMPARE(loaded.value().files.size(), std::size_t(6));
    }

    void hasEveryReferenceGpu_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("memoryGb");
        QTest::addColumn<double>("bf16DenseTflops");
        QTest::addColumn<QString>("partitioning");
        QTest::addColumn<int>("nvlinkDomainGpus"); // GPUs one NVLink domain joins
        // From shared/reference/facts.md (dense figures, no sparsity).
        QTest::newRow("A100 40GB") << "a100-sxm-40gb" << 40.0 << 312.0 << "mig" << 8;
        QTest::newRow("A100 80GB") << "a100-sxm-80gb" << 80.0 << 312.0 << "mig" << 8;
        QTest::newRow("H100 SXM") << "h100-sxm-80gb" << 80.0 << 989.4 << "mig" << 8;
        QTest::newRow("H100 PCIe") << "h100-pcie-80gb" << 80.0 << 756.0 << "mig" << 2;
        QTest::newRow("H200") << "h200-sxm-141gb" << 141.0 << 989.0 << "mig" << 8;
        QTest::newRow("L40S") << "l40s-48gb" << 48.0 << 362.0 << "none" << 1;
        QTest::newRow("B200") << "b200-180gb" << 180.0 << 2250.0 << "mig" << 8;
        QTest::newRow("MI300X") << "mi300x-192gb" << 192.0 << 1307.0 << "amd" << 8;
        QTest::newRow("MI325X") << "mi325x-256gb" << 256.0 << 1307.0 << "amd" << 8;
        // 2026's parts: NVIDIA's and AMD's launch figures (dense, no sparsity).
        QTest::newRow("B300") << "b300-270gb" << 270.0 << 2250.0 << "none" << 8;
        QTest::newRow("GB200 NVL72") << "gb200-nvl72" << 186.0 << 2500.0 << "none" << 72;
        QTest::newRow("GB300 NVL72") << "gb300-nvl72" << 279.0 << 2500.0 << "none" << 72;
        QTest::newRow("MI355X") << "mi355x-288gb" << 288.0 << 2500.0 << "amd" << 8;
        // Google's TPUs (Cloud TPU pages, per chip); the "domain" is a host's chips.
        QTest::newRow("TPU v5e") << "tpu-v5e" << 16.0 << 197.0 << "tpu" << 8;
        QTest::newRow("TPU v5p") << "tpu-v5p" << 95.0 << 459.0 << "tpu" << 4;
        QTest::newRow("TPU v6e") << "tpu-v6e" << 32.0 << 918.0 << "tpu" << 8;
    }

    void hasEveryReferenceGpu()
    {
        QFETCH(QString, id);
        QFETCH(double, memoryGb);
        QFETCH(double, bf16DenseTflops);
        QFETCH(QString, partitioning);
        QFETCH(int, nvlinkDomainGpus);
        const GpuModel* gpu = builtin().gpu(id.toStdString());
        QVERIFY2(gpu, qPrintable(id));
        QCOMPARE(gpu->nvlinkDomainGpus, nvlinkDomainGpus);
        QCOMPARE(gpu->memoryGb.value, memoryGb);
        QCOMPARE(gpu->bf16DenseTflops.value, bf16DenseTflops);
        QCOMPARE(gpu->mig.has_value(), partitioning == QLatin1String("mig"));
        QCOMPARE(gpu->amdPartitions.has_value(), partitioning == QLatin1String("amd"));
        QCOMPARE(gpu->tpuSlices.has_value(), partitioning == QLatin1String("tpu"));
        QCOMPARE(gpu->isTpu(), partitioning == QLatin1String("tpu"));
    }

    void everyFigureIsSourcedAndDated()
    {
        const Catalog& catalog = builtin();
        for (const GpuModel& gpu : catalog.gpus) {
            checkFigure(catalog, gpu.memoryGb, gpu.id + " memory_gb");
            checkFigure(catalog, gpu.memoryBandwidthGbPerS, gpu.id + " memory_bandwidth_gb_per_s");
            checkFigure(catalog, gpu.bf16DenseTflops, gpu.id + " bf16_dense_tflops");
            if (!gpu.isTpu() || !gpu.tdpW.source.empty()) // Google states no TPU's TDP
                checkFigure(catalog, gpu.tdpW, gpu.id + " tdp_w");
            if (gpu.tpuSlices)
                checkFigure(catalog, gpu.tpuSlices->multisliceEfficiency,
                            gpu.id + " multislice_efficiency");
            if (gpu.fp8DenseTflops)
                checkFigure(catalog, *gpu.fp8DenseTflops, gpu.id + " fp8_dense_tflops");
            if (gpu.scaleUpLinkGbPerS)
                checkFigure(catalog, *gpu.scaleUpLinkGbPerS, gpu.id + " scale_up_link_gb_per_s");
            // Every built-in GPU states its NVLink domain (none relies on the default).
            QVERIFY2(catalog.source(gpu.nvlinkDomainSource),
                     (gpu.id + " nvlink_domain_gpus").c_str());
            QVERIFY(isValidAsOfDate(gpu.nvlinkDomainAsOf));
            if (gpu.mig)
                for (const MigProfile& profile : gpu.mig->profiles) {
                    QVERIFY2(catalog.source(profile.source), (gpu.id + " " + profile.name).c_str());
                    QVERIFY(isValidAsOfDate(profile.asOf));
                }
            if (gpu.amdPartitions) {
                QVERIFY(catalog.source(gpu.amdPartitions->source));
                QVERIFY(isValidAsOfDate(gpu.amdPartitions->asOf));
            }
        }
        for (const PriceBook& book : catalog.priceBooks)
            for (const GpuPrices& prices : book.gpus) {
                QVERIFY2(catalog.gpu(prices.gpuId), prices.gpuId.c_str());
                for (Plan plan : kAllPlans)
                    if (const auto& price = prices.hourly(plan)) {
                        QVERIFY(catalog.source(price->source));
                        QVERIFY(isValidAsOfDate(price->asOf));
                    }
            }
    }

    void fp8IsAbsentOnlyWhereTheGpuHasNone()
    {
        for (const GpuModel& gpu : builtin().gpus) {
            // v5e and v6e state INT8, not FP8; v5p states FP8.
            const bool none =
                gpu.id.rfind("a100", 0) == 0 || gpu.id == "tpu-v5e" || gpu.id == "tpu-v6e";
            QCOMPARE(gpu.fp8DenseTflops.has_value(), !none);
        }
    }

    void fp4IsPresentOnlyOnBlackwellAndMi355x()
    {
        // NVFP4 on Blackwell, MXFP4 on MI355X; never on Hopper, Ampere, Ada
        // or MI300X/MI325X.
        const std::set<std::string> fp4{"b200-180gb", "b300-270gb", "gb200-nvl72", "gb300-nvl72",
                                        "mi355x-288gb"};
        for (const GpuModel& gpu : builtin().gpus) {
            QVERIFY2(gpu.fp4DenseTflops.has_value() == bool(fp4.count(gpu.id)), gpu.id.c_str());
            QCOMPARE(gpu.runs(Precision::Fp4), bool(fp4.count(gpu.id)));
            if (gpu.fp4DenseTflops) // at least FP8's, from the same datasheet
                QVERIFY(gpu.fp4DenseTflops->value >= gpu.fp8DenseTflops->value);
        }
    }

    void priceBooksHoldTheSeedPrices()
    {
        const Catalog& catalog = builtin();
        const PriceBook* example = catalog.priceBook("example-2024");
        QVERIFY(example);
        const GpuModel& h100 = *catalog.gpu("h100-sxm-80gb");
        const GpuModel& a100 = *catalog.gpu("a100-sxm-80gb");
        QCOMPARE(example->usdPerGpuHour(h100, Plan::OnDemand).value(), 2.99);
        QCOMPARE(example->usdPerGpuHour(h100, Plan::Reserved1y).value(), 1.89);
        // The brief's "A100 $2.10" was a g5.48xlarge (8× A10G) figure: not carried.
        QVERIFY(!example->usdPerGpuHour(a100, Plan::OnDemand).has_value());
        QVERIFY(!example->usdPerGpuHour(a100, Plan::Spot).has_value());
        QVERIFY(catalog.priceBook("market-2026"));
        QCOMPARE(catalog.priceBook("market-2026")->asOf, std::string("2026-12-01"));
    }

    void newestBookPricesEveryGpuOnDemand()
    {
        // A PM can cost any GPU of the catalog with the newest built-in book,
        // and every price names its source and date.
        const Catalog& catalog = builtin();
        const PriceBook* newest = nullptr;
        for (const PriceBook& book : catalog.priceBooks)
            if (!newest || book.asOf > newest->asOf)
                newest = &book;
        QVERIFY(newest);
        QCOMPARE(newest->id, std::string("market-2026"));
        // No public list price was found for these 2026 parts (the book says so).
        const std::set<std::string> unpriced{"b300-270gb", "gb300-nvl72", "mi355x-288gb"};
        for (const GpuModel& gpu : catalog.gpus) {
            if (unpriced.count(gpu.id)) {
                QVERIFY2(!newest->prices(gpu.id), gpu.id.c_str()); // priced now: drop it here
                continue;
            }
            const auto price = newest->usdPerGpuHour(gpu, Plan::OnDemand);
            QVERIFY2(price.has_value(), gpu.id.c_str());
            QVERIFY2(*price > 0.1 && *price < 20, gpu.id.c_str());
            const GpuPrices* prices = newest->prices(gpu.id);
            QVERIFY2(prices && prices->onDemand, gpu.id.c_str());
            QVERIFY2(catalog.source(prices->onDemand->source), gpu.id.c_str());
            QVERIFY2(isValidAsOfDate(prices->onDemand->asOf), gpu.id.c_str());
        }
    }

    void everyMigProfileIsPlaceable()
    {
        for (const GpuModel& gpu : builtin().gpus) {
            if (!gpu.mig)
                continue;
            const MigPartitioning& mig = *gpu.mig;
            for (std::size_t p = 0; p < mig.profiles.size(); ++p) {
                const MigProfile& profile = mig.profiles[p];
                const std::string what = gpu.id + " " + profile.name;
                QVERIFY2(!profile.placements.empty(), what.c_str());
                for (int start : profile.placements)
                    QVERIFY2(fitsGpu(mig, profile, start), what.c_str());
                const int placeable = maxDisjointInstances(mig, static_cast<int>(p));
                // The stated limit is what the rules allow, except for "+me"
                // profiles, limited to one by the GPU's single set of media engines.
                if (profile.mediaExtensions)
                    QCOMPARE(profile.maxInstances, 1);
                else
                    QCOMPARE(profile.maxInstances, placeable);
                QVERIFY2(profile.memoryGb <= gpu.memoryGb.value, what.c_str());
            }
        }
    }

    void classicProfilesGiveNineteenMaximalLayouts_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QStringList>("profiles");
        QTest::newRow("A100 40GB")
            << "a100-sxm-40gb" << QStringList{"1g.5gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb"};
        QTest::newRow("A100 80GB")
            << "a100-sxm-80gb"
            << QStringList{"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"};
        QTest::newRow("H100 SXM") << "h100-sxm-80gb"
                                  << QStringList{"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb",
                                                 "7g.80gb"};
        QTest::newRow("H200") << "h200-sxm-141gb"
                              << QStringList{"1g.18gb", "2g.35gb", "3g.71gb", "4g.71gb",
                                             "7g.141gb"};
        QTest::newRow("B200") << "b200-180gb"
                              << QStringList{"1g.23gb", "2g.45gb", "3g.90gb", "4g.90gb",
                                             "7g.180gb"};
    }

    void classicProfilesGiveNineteenMaximalLayouts()
    {
        QFETCH(QString, gpu);
        QFETCH(QStringList, profiles);
        const GpuModel* model = builtin().gpu(gpu.toStdString());
        QVERIFY(model && model->mig);
        std::vector<std::string> allowed;
        for (const QString& name : profiles)
            allowed.push_back(name.toStdString());
        const auto layouts = enumerateMaximalLayouts(*model->mig, allowed);
        // NVIDIA's MIG user guide lists 19 configurations of these five profiles.
        QCOMPARE(layouts.size(), std::size_t(19));
        std::set<std::string> distinct;
        for (const MigLayout& layout : layouts)
            distinct.insert(describeLayout(*model->mig, layout));
        QCOMPARE(distinct.size(), layouts.size());
        QVERIFY(
            distinct.count(profiles[2].toStdString() + "@0 + " + profiles[2].toStdString() + "@4"));
        QVERIFY(
            distinct.count(profiles[2].toStdString() + "@4 + " + profiles[3].toStdString() +
                           "@0") ||
            distinct.count(profiles[3].toStdString() + "@0 + " + profiles[2].toStdString() + "@4"));
    }

    void overlappingPlacementsAreRejected()
    {
        const MigPartitioning& mig = *builtin().gpu("h100-sxm-80gb")->mig;
        const int threeG = static_cast<int>(mig.profile("3g.40gb") - mig.profiles.data());
        const int twoG = static_cast<int>(mig.profile("2g.20gb") - mig.profiles.data());
        // 2g at 4 and 3g at 4 share memory slices 4–5; 2g at 2 and 3g at 4 share none.
        QVERIFY(overlaps(mig, {twoG, 4}, {threeG, 4}));
        QVERIFY(!overlaps(mig, {twoG, 2}, {threeG, 4}));
    }

    void amdModesAreConsistent()
    {
        const GpuModel* mi300x = builtin().gpu("mi300x-192gb");
        QVERIFY(mi300x && mi300x->amdPartitions);
        const AmdPartitioning& amd = *mi300x->amdPartitions;
        QCOMPARE(amd.validPairs.size(), std::size_t(6));
        QCOMPARE(amd.computeUnits / amd.computeMode("CPX")->partitions, 38);
        int validated = 0;
        for (const AmdModePair& pair : amd.validPairs) {
            QVERIFY(amd.computeMode(pair.compute)->partitions %
                        amd.memoryMode(pair.memory)->numaDomains ==
                    0);
            validated += pair.vendorValidated ? 1 : 0;
        }
        QCOMPARE(validated, 2); // SPX–NPS1 and CPX–NPS4
    }

    void typedDefaultsMirrorTheSourcedData()
    {
        // The structs' own values stand in where no catalog is at hand (unit
        // tests, the CLI's one-off commands); they must be the sourced ones.
        const Assumptions fromData = assumptionsFrom(builtin().engineDefaults);
        const Assumptions inCode;
        for (const AssumptionField& field : assumptionFields())
            QVERIFY2(fromData.*field.member == inCode.*field.member,
                     std::string(field.key).c_str());
        const Scheduler schedulerFromData = schedulerFrom(builtin().engineDefaults);
        const Scheduler schedulerInCode;
        QCOMPARE(schedulerFromData.utilizationCeiling, schedulerInCode.utilizationCeiling);
        QCOMPARE(schedulerFromData.checkpointReclaimFraction,
                 schedulerInCode.checkpointReclaimFraction);
    }

    // The evaluation cache keeps a workload's results under a catalog of the
    // same content (engine/evaluation_cache.cpp): where entries were read
    // from is left out, every figure, profile, price and source counts.
    void sameContentLeavesOutOnlyWhereEntriesWereRead()
    {
        Catalog copy = builtin();
        QVERIFY(sameContent(builtin(), copy));
        copy.files = {"/elsewhere/gpus.json"};
        copy.gpus.front().originFile = "/elsewhere/gpus.json";
        copy.priceBooks.front().originFile = "/elsewhere/book.json";
        copy.sources.front().originFile = "/elsewhere/sources.json";
        QVERIFY(sameContent(builtin(), copy));

        Catalog figure = copy;
        figure.gpus.back().tdpW.value += 1;
        QVERIFY(!sameContent(builtin(), figure));
        Catalog note = copy;
        note.gpus.front().memoryGb.note = "read again";
        QVERIFY(!sameContent(builtin(), note));
        Catalog profile = copy;
        for (GpuModel& gpu : profile.gpus)
            if (gpu.mig) {
                gpu.mig->profiles.back().maxInstances += 1;
                break;
            }
        QVERIFY(!sameContent(builtin(), profile));
        Catalog price = copy;
        for (GpuPrices& prices : price.priceBooks.front().gpus)
            if (prices.onDemand) {
                prices.onDemand->usdPerGpuHour *= 1.01;
                break;
            }
        QVERIFY(!sameContent(builtin(), price));
        Catalog fewer = copy;
        fewer.sources.pop_back();
        QVERIFY(!sameContent(builtin(), fewer));
        Catalog defaults = copy;
        defaults.engineDefaults.figures.begin()->second.value += 1;
        QVERIFY(!sameContent(builtin(), defaults));
    }

    void asOfDates()
    {
        QVERIFY(isValidAsOfDate("2024"));
        QVERIFY(isValidAsOfDate("2026-09"));
        QVERIFY(isValidAsOfDate("2024-02-29"));
        QVERIFY(!isValidAsOfDate("2023-02-29"));
        QVERIFY(!isValidAsOfDate("2026-13"));
        QVERIFY(!isValidAsOfDate("Sept 2026"));
        QVERIFY(!isValidAsOfDate(""));
    }
};

FLEET_TEST_MAIN(TestCatalog)
#include "test_catalog.moc"
