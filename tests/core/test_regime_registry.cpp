// The registry of regimes (model/regime_descriptor.h, model/regimes/): every
// registered regime complete, each key once, the named RegimeKinds at their
// keys; an incomplete or doubled descriptor is refused naming what is wrong;
// the descriptors answer what the switches on RegimeKind used to.

#include "model/project.h"
#include "model/regime_descriptor.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace fleet;

namespace {

bool anyContains(const std::vector<std::string>& issues, const std::string& text)
{
    return std::any_of(issues.begin(), issues.end(),
                       [&](const std::string& i) { return i.find(text) != std::string::npos; });
}

std::vector<const RegimeDescriptor*> registered()
{
    return {regimeDescriptors().begin(), regimeDescriptors().end()};
}

// A descriptor's file cannot compile with a member missing (completeRegime);
// the same rule, run here on a descriptor made at run time.
// (Members are set one by one: the compiler warns of a designated
// initializer that leaves one out, which these mean to do.)
constexpr RegimeDescriptor described(int members)
{
    RegimeDescriptor d;
    d.key = "x";
    if (members > 1) {
        d.label = "X";
        d.words = "w";
    }
    return d;
}
static_assert(missingRegimeMember(described(1)) == "label");
static_assert(missingRegimeMember(described(3)) == "unitRule");

} // namespace

class TestRegimeRegistry : public QObject
{
    Q_OBJECT

private slots:
    void theRegistryIsComplete()
    {
        const std::vector<std::string> issues = regimeRegistryIssues();
        QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().c_str());
        QCOMPARE(allRegimes().size(), regimeCount());
        QCOMPARE(Project().regimes.size(), regimeCount());
        for (RegimeKind kind : allRegimes()) {
            QCOMPARE(regimeFromKey(regimeKey(kind)), std::optional(kind));
            QVERIFY(!regimeLabel(kind).empty());
        }
        // The built-in regimes come first, in their order; a new one goes at
        // the end (so a test need not change when a regime is added).
        QVERIFY2(knownRegimeKeys().rfind(
                     "bare_metal, vm_passthrough, partition, time_sliced, fractional, mps", 0) == 0,
                 knownRegimeKeys().c_str());
    }

    void anIncompleteDescriptorIsNamedByItsMember()
    {
        RegimeDescriptor pooled = *regimeDescriptors()[0];
        pooled.key = "pooled";
        pooled.words = {};
        std::vector<const RegimeDescriptor*> list = registered();
        list.push_back(&pooled);
        const auto issues = regimeRegistryIssues(list);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues.front(), "regime " + std::to_string(list.size() - 1) +
                                     " (pooled): its descriptor does not state words");

        pooled.words = "w";
        pooled.sharedSplit = SharedSplit::Halving; // a whole-GPU regime with a split
        QVERIFY(
            anyContains(regimeRegistryIssues(list), "does not state sharedSplit (None exactly"));

        pooled.sharedSplit = SharedSplit::None;
        pooled.accelerators = kAcceleratorsUnset; // which families it runs on, unsaid
        QVERIFY(anyContains(regimeRegistryIssues(list), "(pooled): its descriptor does not state "
                                                        "accelerators"));
        pooled.accelerators = 0; // runs on nothing
        QVERIFY(anyContains(regimeRegistryIssues(list), "does not state accelerators"));
    }

    void aKeyTwiceAndAMisplacedNameAreRefused()
    {
        std::vector<const RegimeDescriptor*> list = registered();
        list.push_back(list[1]);
        QVERIFY(anyContains(regimeRegistryIssues(list),
                            "regime " + std::to_string(list.size() - 1) +
                                " (vm_passthrough): key \"vm_passthrough\" is registered twice"));
        std::vector<const RegimeDescriptor*> swapped = registered();
        std::swap(swapped[0], swapped[1]);
        QVERIFY(anyContains(regimeRegistryIssues(swapped),
                            "RegimeKind 0 is named for \"bare_metal\", which is not the regime "
                            "registered there"));
    }

    void onePartitionRegimeOnly()
    {
        RegimeDescriptor slices = *regimeDescriptors()[std::size_t(RegimeKind::Partition)];
        slices.key = "slices";
        std::vector<const RegimeDescriptor*> list = registered();
        list.push_back(&slices);
        QVERIFY(anyContains(regimeRegistryIssues(list), "2 regimes hand out hardware partitions"));
    }

    // What the switches on RegimeKind said before the registry (main,
    // 2026-12-06): the descriptors of the six regimes of then must answer
    // the same; a regime added since by the recipe answers for itself.
    void theDescriptorsAnswerAsTheSwitchesDid()
    {
        using R = RegimeKind;
        for (RegimeKind kind : allRegimes()) {
            if (kind > R::Mps)
                continue; // regimes added since have no switch to answer as
            const RegimeDescriptor& d = regimeDescriptor(kind);
            QCOMPARE(isWholeGpu(kind), kind == R::BareMetal || kind == R::VmPassthrough);
            QCOMPARE(isPartitioned(kind), kind == R::Partition);
            QCOMPARE(d.coTenantsPayPenalty == RegimeFlag::Yes,
                     kind == R::TimeSliced || kind == R::Fractional);
            QCOMPARE(d.packedAsFractions == RegimeFlag::Yes,
                     kind == R::TimeSliced || kind == R::Fractional);
            QCOMPARE(d.rackScaleByDomain == RegimeFlag::Yes, kind == R::BareMetal);
            QCOMPARE(d.sharedSplit == SharedSplit::Replicas, kind == R::TimeSliced);
        }
        QCOMPARE(regimeLabel(R::Partition), std::string_view("Partition (MIG / AMD)"));
        // The built-in six's stages as before, as a prefix (regimes added
        // since follow them); every stage also allows tpu_slice (issue 30
        // item 3), which runs only on TPUs.
        const R tpu = *regimeFromKey("tpu_slice");
        const auto startsWith = [&](SegmentStage stage, std::vector<R> builtIn) {
            const std::vector<R>& all = stageDefaults(stage).allowedRegimes;
            return all.size() > builtIn.size() &&
                   std::equal(builtIn.begin(), builtIn.end(), all.begin()) &&
                   std::find(all.begin(), all.end(), tpu) != all.end();
        };
        QVERIFY(startsWith(SegmentStage::Early, {R::VmPassthrough, R::TimeSliced}));
        QVERIFY(startsWith(SegmentStage::Mid, {R::VmPassthrough, R::Partition, R::Fractional}));
        QVERIFY(
            startsWith(SegmentStage::Enterprise, {R::BareMetal, R::VmPassthrough, R::Partition}));
        // Network-pooled GPUs (no isolation across tenants) joined the early
        // stage only.
        const R pooled = *regimeFromKey("network_pooled");
        for (SegmentStage stage :
             {SegmentStage::Early, SegmentStage::Mid, SegmentStage::Enterprise}) {
            const std::vector<R>& all = stageDefaults(stage).allowedRegimes;
            QCOMPARE(std::find(all.begin(), all.end(), pooled) != all.end(),
                     stage == SegmentStage::Early);
        }
    }

    void everyRegimeRunsOnOneFamilyAndTpusOnlyAsSlices()
    {
        int onTpus = 0;
        for (RegimeKind kind : allRegimes()) {
            const RegimeDescriptor& d = regimeDescriptor(kind);
            QVERIFY(d.runsOn(AcceleratorFamily::Gpu) || d.runsOn(AcceleratorFamily::Tpu));
            onTpus += d.runsOn(AcceleratorFamily::Tpu) ? 1 : 0;
            if (d.runsOn(AcceleratorFamily::Tpu)) {
                QCOMPARE(d.key, std::string_view("tpu_slice"));
                QVERIFY(d.wholeGpu() && !d.runsOn(AcceleratorFamily::Gpu));
            }
        }
        QCOMPARE(onTpus, 1);
    }
};

FLEET_TEST_MAIN(TestRegimeRegistry)
#include "test_regime_registry.moc"
