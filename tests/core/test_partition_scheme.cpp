// The partition-scheme interface (model/partition_scheme.h): its two
// instances read the catalog's MIG and AMD blocks into the same profiles,
// fractions and layouts the engine and optimizer used before, and the
// engine's partition units follow a scheme's profile list.

#include "engine/resource_unit.h"
#include "model/engine_defaults.h"
#include "model/mig_layout.h"
#include "model/partition_scheme.h"
#include "model/tpu_slicing.h"
#include "optimize/partition_layouts.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <set>

using namespace fleet;

namespace {

const Catalog& schemeCatalog()
{
    static const Catalog catalog = loadBuiltinCatalog().value();
    return catalog;
}

const GpuModel& catalogGpu(const char* id)
{
    const GpuModel* found = schemeCatalog().gpu(id);
    if (!found)
        qFatal("no %s in the built-in catalog", id);
    return *found;
}

std::vector<std::string> layoutNames(const std::vector<PartitionLayout>& layouts)
{
    std::vector<std::string> names;
    for (const PartitionLayout& layout : layouts)
        names.push_back(layout.name);
    return names;
}

const Regime& partitionRegime()
{
    static const std::vector<Regime> regimes = regimesFrom(schemeCatalog().engineDefaults);
    return regimes[std::size_t(RegimeKind::Partition)];
}

} // namespace

class TestPartitionScheme : public QObject
{
    Q_OBJECT

private slots:
    void registryHoldsMigAndAmdModes()
    {
        std::set<std::string_view> kinds;
        for (const PartitionSchemeEntry& entry : partitionSchemeRegistry())
            QVERIFY2(kinds.insert(entry.kind).second, std::string(entry.kind).c_str());
        QCOMPARE(kinds, (std::set<std::string_view>{"mig", "amd_modes", "tpu_slices"}));
        // At most one scheme answers for a GPU, and it is the kind it says.
        for (const GpuModel& g : schemeCatalog().gpus) {
            int answering = 0;
            for (const PartitionSchemeEntry& entry : partitionSchemeRegistry())
                if (const auto scheme = entry.make(g)) {
                    ++answering;
                    QCOMPARE(scheme->kind(), entry.kind);
                }
            QVERIFY2(answering <= 1, g.id.c_str());
            QCOMPARE(partitionScheme(g) != nullptr, answering == 1);
        }
        QVERIFY(!partitionScheme(catalogGpu("l40s-48gb")));
        QCOMPARE(partitionSummary(catalogGpu("l40s-48gb")), std::string("none"));
    }

    /// The third instance: a TPU's slice topologies, whole chips each, a pod
    /// cut into one shape; never a tenant's pick (the tpu_slice regime rounds
    /// a job's chips to its smallest slice).
    void tpuSliceShapesAreTheCatalogs()
    {
        int checked = 0;
        for (const GpuModel& g : schemeCatalog().gpus) {
            if (!g.tpuSlices)
                continue;
            const auto scheme = partitionScheme(g);
            QVERIFY2(scheme && scheme->kind() == "tpu_slices", g.id.c_str());
            QCOMPARE(scheme->profiles().size(), g.tpuSlices->topologies.size());
            for (std::size_t i = 0; i < g.tpuSlices->topologies.size(); ++i) {
                const TpuTopology& t = g.tpuSlices->topologies[i];
                const PartitionProfile& p = scheme->profiles()[i];
                QCOMPARE(p.name, t.name);
                QCOMPARE(p.computeFraction, double(t.chips));
                QCOMPARE(p.memoryGb, g.memoryGb.value * t.chips);
                QCOMPARE(p.maxInstances, g.tpuSlices->podChips / t.chips);
                QVERIFY(!p.tenantUnit);
            }
            QVERIFY(scheme->tenantProfileNames().empty());
            QVERIFY(scheme->maximalLayouts({}).empty());
            const std::string& first = g.tpuSlices->topologies.front().name;
            const auto layouts = scheme->maximalLayouts({first});
            QCOMPARE(layouts.size(), std::size_t(1));
            QCOMPARE(layouts.front().count(first),
                     g.tpuSlices->podChips / g.tpuSlices->topologies.front().chips);
            QVERIFY(partitionSummary(g).rfind("TPU slices, ", 0) == 0);
            ++checked;
        }
        QCOMPARE(checked, 3); // v5e, v5p, v6e
    }

    void migProfilesAreTheCatalogs()
    {
        int checked = 0;
        for (const GpuModel& g : schemeCatalog().gpus) {
            if (!g.mig)
                continue;
            const auto scheme = partitionScheme(g);
            QVERIFY(scheme);
            QCOMPARE(scheme->kind(), std::string_view("mig"));
            QCOMPARE(scheme->source(), g.mig->source);
            QVERIFY(!scheme->source().empty() && !scheme->asOf().empty());
            QCOMPARE(scheme->summary(),
                     "MIG, " + std::to_string(g.mig->profiles.size()) + " profiles");
            QCOMPARE(scheme->profiles().size(), g.mig->profiles.size());
            for (std::size_t i = 0; i < g.mig->profiles.size(); ++i) {
                const MigProfile& raw = g.mig->profiles[i];
                const PartitionProfile& p = scheme->profiles()[i];
                const std::string what = g.id + " " + raw.name;
                QCOMPARE(p.name, raw.name);
                QCOMPARE(p.memoryFraction, double(raw.memorySlices) / g.mig->memorySlices);
                QCOMPARE(p.computeFraction,
                         raw.streamingMultiprocessors && g.mig->totalSms
                             ? double(*raw.streamingMultiprocessors) / *g.mig->totalSms
                             : double(raw.computeSlices) / g.mig->computeSlices);
                QVERIFY2(p.computeFraction > 0 && p.computeFraction <= 1, what.c_str());
                QCOMPARE(p.memoryGb, raw.memoryGb);
                QCOMPARE(p.maxInstances, raw.maxInstances);
                QCOMPARE(p.placements, raw.placements);
                QCOMPARE(p.tenantUnit, !raw.mediaExtensions);
                QVERIFY(p.isolationCeiling == IsolationLevel::Hardware);
                QCOMPARE(p.source, raw.source);
                ++checked;
            }
        }
        QVERIFY(checked >= 30);
        // Figures stated in MODEL.md: seven 1g instances use 112 of an H100's
        // 132 SMs; a 3g.40gb holds 4 of 8 memory slices, two a GPU.
        const auto h100 = partitionScheme(catalogGpu("h100-sxm-80gb"));
        QCOMPARE(h100->profile("1g.10gb")->computeFraction, 16.0 / 132.0);
        QCOMPARE(h100->profile("3g.40gb")->memoryFraction, 0.5);
        QCOMPARE(h100->profile("3g.40gb")->maxInstances, 2);
        QCOMPARE(h100->summary(), std::string("MIG, 7 profiles"));
        QCOMPARE(h100->description(*h100->profile("3g.40gb")),
                 std::string("3 of 7 compute slices, 40 GB, up to 2 a GPU"));
        QCOMPARE(h100->note(*h100->profile("3g.40gb")), std::string());
        QVERIFY(!h100->profile("1g.10gb+me")->tenantUnit);
    }

    void migLayoutsAreThePlacementEnumeration()
    {
        for (const GpuModel& g : schemeCatalog().gpus) {
            if (!g.mig)
                continue;
            const auto scheme = partitionScheme(g);
            const std::vector<std::string> tenants = scheme->tenantProfileNames();
            std::vector<std::string> expected;
            for (const MigLayout& layout : enumerateMaximalLayouts(*g.mig, tenants))
                expected.push_back(describeLayout(*g.mig, layout));
            QCOMPARE(layoutNames(scheme->maximalLayouts()), expected);
            QCOMPARE(layoutNames(scheme->maximalLayouts(tenants)), expected);
            for (const PartitionLayout& layout : scheme->maximalLayouts())
                QVERIFY2(layout.name.find("+me") == std::string::npos, layout.name.c_str());
        }
        // NVIDIA's MIG user guide: 19 configurations of the five classic profiles.
        const auto h100 = partitionScheme(catalogGpu("h100-sxm-80gb"));
        const auto layouts =
            h100->maximalLayouts({"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"});
        QCOMPARE(layouts.size(), std::size_t(19));
        int twoThrees = 0;
        for (const PartitionLayout& layout : layouts)
            twoThrees += layout.name == "3g.40gb@0 + 3g.40gb@4" && layout.count("3g.40gb") == 2;
        QCOMPARE(twoThrees, 1);
    }

    void amdModesArePairsOfEqualPartitions()
    {
        const GpuModel& mi300x = catalogGpu("mi300x-192gb");
        const auto scheme = partitionScheme(mi300x);
        QVERIFY(scheme);
        QCOMPARE(scheme->kind(), std::string_view("amd_modes"));
        QCOMPARE(scheme->summary(), std::string("AMD compute × memory, 6 modes"));
        QCOMPARE(scheme->source(), mi300x.amdPartitions->source);
        std::vector<std::string> names;
        for (const PartitionProfile& p : scheme->profiles())
            names.push_back(p.name);
        QCOMPARE(names, (std::vector<std::string>{"SPX-NPS1", "DPX-NPS1", "QPX-NPS1", "QPX-NPS4",
                                                  "CPX-NPS1", "CPX-NPS4"}));
        const PartitionProfile& cpx4 = *scheme->profile("CPX-NPS4");
        QCOMPARE(cpx4.computeFraction, 1.0 / 8);
        QCOMPARE(cpx4.memoryFraction, 1.0 / 8);
        QCOMPARE(cpx4.memoryGb, 24.0);
        QCOMPARE(cpx4.maxInstances, 8);
        QVERIFY(cpx4.tenantUnit);
        QCOMPARE(scheme->note(cpx4), std::string("38 CUs each, AMD-validated"));
        QCOMPARE(scheme->description(cpx4),
                 std::string("8 partitions a GPU of 38 CUs each, AMD-validated, 4 memory domains"));
        QCOMPARE(scheme->note(*scheme->profile("CPX-NPS1")), std::string("38 CUs each"));
        // Eight partitions over four NUMA domains share pools: no memory isolation;
        // four over four keep theirs.
        QVERIFY(cpx4.isolationCeiling == IsolationLevel::None);
        QVERIFY(scheme->profile("QPX-NPS4")->isolationCeiling == IsolationLevel::Memory);
        QVERIFY(scheme->profile("DPX-NPS1")->isolationCeiling == IsolationLevel::None);
        QVERIFY(!scheme->profile("SPX-NPS1")->tenantUnit); // the whole GPU
        const auto layouts = scheme->maximalLayouts();
        QCOMPARE(layoutNames(layouts), (std::vector<std::string>{"DPX-NPS1", "QPX-NPS1", "QPX-NPS4",
                                                                 "CPX-NPS1", "CPX-NPS4"}));
        for (const PartitionLayout& layout : layouts)
            QCOMPARE(layout.count(layout.name), scheme->profile(layout.name)->maxInstances);
        QCOMPARE(layoutNames(scheme->maximalLayouts({"QPX-NPS4"})),
                 (std::vector<std::string>{"QPX-NPS4"}));
    }

    void optimizerLayoutsAreTheSchemes()
    {
        for (const GpuModel& g : schemeCatalog().gpus) {
            const auto scheme = partitionScheme(g);
            const auto layouts = partitionLayouts(g);
            // A TPU's slices are no tenant's pick: no layouts for the
            // partition regime (which never runs on a TPU).
            QCOMPARE(layouts.empty(), !scheme || g.tpuSlices.has_value());
            if (scheme)
                QCOMPARE(layoutNames(layouts), layoutNames(scheme->maximalLayouts()));
        }
    }

    // The consumer: the engine's partition units are the scheme's tenant
    // profiles, with its fractions, memory and instances per GPU.
    void schemeProfilesDriveTheEnginesUnits()
    {
        for (const GpuModel& g : schemeCatalog().gpus) {
            const auto units = resourceUnits(g, partitionRegime(), Precision::Bf16, 1.0);
            const auto scheme = partitionScheme(g);
            if (!scheme) {
                QVERIFY2(units.empty(), g.id.c_str());
                continue;
            }
            std::vector<std::string> unitNames;
            for (const ResourceUnit& unit : units) {
                unitNames.push_back(unit.profile);
                const PartitionProfile* p = scheme->profile(unit.profile);
                QVERIFY(p);
                const std::string what = g.id + " " + unit.profile;
                QCOMPARE(unit.computeShare, p->computeFraction);
                QCOMPARE(unit.memoryBytes, p->memoryGb * 1e9);
                QCOMPARE(unit.unitsPerGpu, p->maxInstances);
                QVERIFY2(unit.integerGpus, what.c_str());
                QVERIFY2(unit.isolation <= p->isolationCeiling, what.c_str());
                const double kept = 1.0 - partitionRegime().throughputOverhead;
                QCOMPARE(unit.bandwidthBytesPerS,
                         g.memoryBandwidthGbPerS.value * 1e9 * p->memoryFraction * kept);
            }
            QCOMPARE(unitNames, scheme->tenantProfileNames());
        }
        // Change the data, and the units follow: drop H100's 3g.40gb from its
        // catalog block and allow 1g.20gb only two a GPU.
        GpuModel h100 = catalogGpu("h100-sxm-80gb");
        auto& profiles = h100.mig->profiles;
        profiles.erase(std::find_if(profiles.begin(), profiles.end(),
                                    [](const MigProfile& p) { return p.name == "3g.40gb"; }));
        for (MigProfile& p : profiles)
            if (p.name == "1g.20gb")
                p.maxInstances = 2;
        const auto units = resourceUnits(h100, partitionRegime(), Precision::Bf16, 1.0);
        std::vector<std::string> names;
        for (const ResourceUnit& unit : units) {
            names.push_back(unit.profile);
            if (unit.profile == "1g.20gb") {
                QCOMPARE(unit.unitsPerGpu, 2);
                QCOMPARE(unit.gpuShare, 0.5);
            }
        }
        QCOMPARE(names, partitionScheme(h100)->tenantProfileNames());
        QVERIFY(std::find(names.begin(), names.end(), "3g.40gb") == names.end());
        QVERIFY(std::find(names.begin(), names.end(), "1g.20gb") != names.end());
    }
};

FLEET_TEST_MAIN(TestPartitionScheme)
#include "test_partition_scheme.moc"
